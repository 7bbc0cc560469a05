import { css } from 'lit'

export const styles = css`
  .logo {
    position: relative;
    overflow: visible;
  }

  .logo img {
    border-radius: inherit;
  }

  .network-badge {
    position: absolute;
    inset-block-end: -6px;
    inset-inline-end: -6px;
    inline-size: 32px;
    block-size: 32px;
    border-radius: 50%;
    border: 2px solid var(--wui-bg);
    background: var(--wui-surface);
    display: grid;
    place-items: center;
    overflow: hidden;
  }

  .network-badge img {
    inline-size: 100%;
    block-size: 100%;
  }

  .network-badge .icon {
    inline-size: 18px;
    block-size: 18px;
  }

  .status {
    min-block-size: 1.4em;
  }

  wui-spinner {
    --wui-spinner-size: 28px;
  }
`
