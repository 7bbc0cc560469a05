import { css } from 'lit'

export const styles = css`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }

  button {
    inline-size: 100%;
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px;
    padding-inline-end: 12px;
    border: 1px solid transparent;
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    text-align: start;
    transition: background-color var(--wui-duration-hover) ease;
  }

  button:hover:not([aria-disabled='true']) {
    background: var(--wui-surface-hover);
  }

  button[aria-current='true'] {
    border-color: var(--wui-accent);
  }

  .network-image {
    inline-size: 32px;
    block-size: 32px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    background: var(--wui-bg);
    color: var(--wui-fg-muted);
    overflow: hidden;
    flex: none;
  }

  .network-image img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  .name {
    flex: 1;
    font-weight: 600;
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
