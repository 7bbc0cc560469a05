import { css } from 'lit'

export const styles = css`
  .network {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    max-inline-size: 100%;
    padding: 4px 12px 4px 4px;
    border-radius: var(--wui-radius-full);
    background: var(--wui-surface);
    font-weight: 600;
  }

  .network-name,
  .network-list .name {
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  wui-qr-code {
    --wui-qr-size: 220px;
  }

  .address {
    margin: 0;
    max-inline-size: 100%;
    font-family: ui-monospace, monospace;
    font-size: var(--wui-font-size-small);
    /* An address has no spaces: let it break anywhere rather than overflow. */
    overflow-wrap: anywhere;
    user-select: all;
  }

  .copy {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
  }

  section {
    display: grid;
    gap: 8px;
    inline-size: 100%;
    text-align: start;
  }

  h3 {
    margin: 0;
    font-size: var(--wui-font-size-small);
    color: var(--wui-fg-muted);
    font-weight: 600;
  }

  .network-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }

  .network-list li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    max-inline-size: 100%;
    padding: 4px 10px 4px 4px;
    border-radius: var(--wui-radius-full);
    background: var(--wui-surface);
    font-size: var(--wui-font-size-small);
  }

  .network-list .network-image {
    inline-size: 20px;
    block-size: 20px;
    flex: none;
  }

  .network .network-image {
    flex: none;
  }
`
