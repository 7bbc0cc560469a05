import { css } from 'lit'

export const styles = css`
  .search {
    display: flex;
    align-items: center;
    gap: 8px;
    padding-inline: 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg-muted);
  }

  .search:focus-within {
    outline: 2px solid var(--wui-accent);
    outline-offset: 2px;
  }

  input {
    flex: 1;
    min-inline-size: 0;
    block-size: 40px;
    border: 0;
    background: transparent;
    color: var(--wui-fg);
    font: inherit;
  }

  input:focus-visible {
    outline: none;
  }
`
