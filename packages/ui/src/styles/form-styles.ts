import { css } from 'lit'

/**
 * A view's form: labelled fields in a column, text inputs on the modal's tokens, the invalid
 * state, and the live status line under the form (e-mail login, register name).
 */
export const formStyles = css`
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
    min-inline-size: 0;
  }

  input[aria-invalid='true'] {
    border-color: var(--wui-error);
  }

  .status {
    min-block-size: 1.4em;
    overflow-wrap: anywhere;
  }
`
