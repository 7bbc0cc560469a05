import { css } from 'lit'

export const styles = css`
  form {
    display: grid;
    gap: 12px;
    padding-block: 8px 16px;
  }

  label {
    font-weight: 600;
  }

  .field {
    display: grid;
    gap: 6px;
  }

  input {
    block-size: 40px;
    padding-inline: 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font: inherit;
  }

  input[aria-invalid='true'] {
    border-color: var(--wui-error);
  }

  .status {
    min-block-size: 1.4em;
  }

  .signing {
    display: flex;
    align-items: center;
    gap: 8px;
    color: var(--wui-fg-muted);
  }

  wui-spinner {
    --wui-spinner-size: 16px;
  }
`
