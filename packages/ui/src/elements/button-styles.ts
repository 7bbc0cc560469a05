import { css } from 'lit'

/** The look shared by the public buttons (they sit in the host page, outside the modal). */
export const buttonStyles = css`
  :host {
    display: inline-block;
    vertical-align: middle;
  }

  button {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-block-size: 40px;
    padding-block: 4px;
    padding-inline: 16px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font-weight: 600;
    white-space: nowrap;
    transition: background-color var(--wui-duration-hover) ease;
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
    inline-size: 24px;
    block-size: 24px;
    border-radius: 50%;
    overflow: hidden;
    display: grid;
    place-items: center;
    flex: none;
  }

  .network-image img {
    inline-size: 100%;
    block-size: 100%;
  }

  wui-spinner {
    --wui-spinner-size: 16px;
  }
`
