import { css } from 'lit'
import { buttonOutline, buttonShape, networkImageStyles } from '../styles/shared.js'

/** The look shared by the public buttons (they sit in the host page, outside the modal). */
export const buttonStyles = [
  networkImageStyles,
  css`
    :host {
      display: inline-block;
      vertical-align: middle;
    }

    button {
      ${buttonShape}
      ${buttonOutline}
      padding-block: 4px;
      white-space: nowrap;
    }

    button:hover {
      background: var(--wui-surface-hover);
    }

    button.button-primary {
      border-color: transparent;
      background: var(--wui-accent);
      color: var(--wui-on-accent);
    }

    button.button-primary:hover {
      background: color-mix(in srgb, var(--wui-accent) 88%, black);
    }

    wui-avatar {
      --wui-avatar-size: 24px;
    }

    .network-image {
      flex: none;
    }

    wui-spinner {
      --wui-spinner-size: 16px;
    }
  `,
]
