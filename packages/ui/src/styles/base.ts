// The base of the modal's elements and views: shared.ts's elementBase plus the controls
// only they use. Its own module, so the public buttons' initial JS carries only elementBase.
import { css } from 'lit'
import { buttonOutline, buttonShape, elementBase } from './shared.js'

/** `elementBase`, and the secondary button, error text and visually hidden text of the modal. */
export const base = [
  elementBase,
  css`
    .visually-hidden {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    .button-secondary {
      ${buttonShape}
      justify-content: center;
      padding-block: 8px;
      ${buttonOutline}
    }

    .button-secondary:hover:not(:disabled) {
      background: var(--wui-surface-hover);
    }

    .error-text {
      color: var(--wui-error);
      margin: 0;
    }
  `,
]
