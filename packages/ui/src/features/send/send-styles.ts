import { css } from 'lit'

/** What the Send views share: fields, the token chip, summary rows and the status line. */
export const sendStyles = css`
  form,
  .stack {
    display: grid;
    gap: 12px;
    padding-block: 8px 16px;
    text-align: start;
  }

  label,
  .label {
    font-weight: 600;
  }

  .field {
    display: grid;
    gap: 6px;
    min-inline-size: 0;
  }

  .box {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px;
    padding-inline-start: 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    min-inline-size: 0;
  }

  .box:focus-within {
    outline: 2px solid var(--wui-accent);
    outline-offset: 1px;
  }

  .box[data-invalid] {
    border-color: var(--wui-error);
  }

  input {
    flex: 1;
    min-inline-size: 0;
    block-size: 36px;
    padding: 0;
    border: 0;
    outline: none;
    background: transparent;
    color: var(--wui-fg);
    font: inherit;
    /* A long amount or address shows its cut (the field scrolls while typing). */
    text-overflow: ellipsis;
  }

  .amount input {
    font-size: var(--wui-font-size-title);
    font-weight: 600;
  }

  .chip {
    display: inline-flex;
    flex: none;
    align-items: center;
    gap: 6px;
    max-inline-size: 50%;
    padding: 6px 10px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-full);
    background: var(--wui-bg);
    color: var(--wui-fg);
    font-weight: 600;
  }

  .chip span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .token-icon {
    inline-size: 20px;
    block-size: 20px;
    flex: none;
    border-radius: var(--wui-radius-full);
    object-fit: cover;
  }

  .max {
    flex: none;
    margin-inline-start: 4px;
    padding: 2px 8px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-s);
    background: var(--wui-bg);
    color: var(--wui-fg);
    font-weight: 600;
  }

  .line {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px 12px;
  }

  .line > * {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }

  .receiver {
    display: flex;
    align-items: center;
    gap: 8px;
    min-inline-size: 0;
  }

  .receiver wui-avatar {
    --wui-avatar-size: 24px;
    flex: none;
  }

  .receiver span {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }

  .status {
    min-block-size: 1.4em;
  }

  .signing {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0;
    color: var(--wui-fg-muted);
  }

  wui-spinner {
    --wui-spinner-size: 16px;
  }

  dl {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 12px;
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
  }

  dl > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px 12px;
  }

  dt {
    color: var(--wui-fg-muted);
  }

  dd {
    margin: 0;
    min-inline-size: 0;
    font-weight: 600;
    text-align: end;
    overflow-wrap: anywhere;
  }

  .big {
    font-size: var(--wui-font-size-title);
  }

  button.row {
    inline-size: 100%;
    border: 0;
    color: var(--wui-fg);
    text-align: start;
  }

  button.row:hover,
  button.row[aria-current='true'] {
    background: var(--wui-surface-hover);
  }

  .actions {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 8px;
  }
`
