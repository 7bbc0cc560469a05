import { css } from 'lit'

export const styles = css`
  wui-avatar {
    --wui-avatar-size: 72px;
  }

  .address-row {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }

  .copy {
    inline-size: 32px;
    block-size: 32px;
    display: grid;
    place-items: center;
    padding: 0;
    border: 0;
    border-radius: var(--wui-radius-s);
    background: transparent;
    color: var(--wui-fg-muted);
  }

  .copy:hover {
    background: var(--wui-surface);
  }

  .balance {
    margin: 0;
    color: var(--wui-fg-muted);
  }

  .actions {
    display: grid;
    gap: 8px;
    inline-size: 100%;
  }

  .actions button {
    justify-content: flex-start;
  }

  .actions .network-name {
    flex: 1;
    text-align: start;
  }

  .network-image {
    inline-size: 24px;
    block-size: 24px;
    border-radius: 50%;
    overflow: hidden;
    display: grid;
    place-items: center;
  }

  .network-image img {
    inline-size: 100%;
    block-size: 100%;
  }
`
