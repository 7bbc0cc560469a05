import { css } from 'lit'

/** Layout shared by the views (they inherit the modal's tokens; they never redefine them). */
export const viewStyles = css`
  :host {
    display: block;
    color: var(--wui-fg);
  }

  .stack {
    display: grid;
    gap: 12px;
  }

  .center {
    display: grid;
    justify-items: center;
    gap: 12px;
    text-align: center;
    padding-block: 16px;
  }

  .muted {
    color: var(--wui-fg-muted);
    margin: 0;
  }

  .small {
    font-size: var(--wui-font-size-small);
  }

  .headline {
    margin: 0;
    font-size: var(--wui-font-size-title);
    font-weight: 600;
  }

  .wide {
    inline-size: 100%;
  }

  .logo {
    inline-size: 80px;
    block-size: 80px;
    border-radius: var(--wui-radius-l);
    display: grid;
    place-items: center;
    background: var(--wui-surface);
    color: var(--wui-fg-muted);
    overflow: hidden;
  }

  .logo img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  .logo .icon {
    inline-size: 40px;
    block-size: 40px;
  }
`

/** A view that waits on something outside the modal (a popup, a purchase): a large spinner. */
export const waitingStyles = css`
  .center > wui-spinner {
    --wui-spinner-size: 32px;
  }
`
