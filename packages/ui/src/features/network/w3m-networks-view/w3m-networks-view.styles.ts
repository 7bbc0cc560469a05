import { css } from 'lit'

export const styles = css`
  button {
    border: 1px solid transparent;
  }

  button:hover:not([aria-disabled='true']) {
    background: var(--wui-surface-hover);
  }

  button[aria-current='true'] {
    border-color: var(--wui-accent);
  }

  .image {
    inline-size: 32px;
    block-size: 32px;
    border-radius: 50%;
  }

  .selected {
    color: var(--wui-accent);
  }

  wui-spinner {
    --wui-spinner-size: 18px;
  }

  .status:empty {
    display: none;
  }

  .status {
    margin: 0;
    text-align: center;
  }
`
