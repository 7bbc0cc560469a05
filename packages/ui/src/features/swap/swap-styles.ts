import { css } from 'lit'

/** What the Swap views add to Send's form styles: token pickers, the quote, the wallet steps. */
export const swapStyles = css`
  select {
    flex: 0 1 auto;
    min-inline-size: 0;
    max-inline-size: 55%;
    block-size: 36px;
    padding-inline: 8px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font: inherit;
    text-overflow: ellipsis;
  }

  select:focus-visible {
    outline: 2px solid var(--wui-accent);
    outline-offset: 1px;
  }

  output {
    flex: 1;
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    font-size: var(--wui-font-size-title);
  }

  [part='flip-button'] {
    justify-self: center;
  }

  .steps {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .steps li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px 8px;
    padding: 8px 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    overflow-wrap: anywhere;
  }

  .steps li[data-state='wallet'] {
    border-color: var(--wui-accent);
  }
`
