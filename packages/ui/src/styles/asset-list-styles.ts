import { css } from 'lit'

/** Lists of the Account tabs (tokens, NFTs, activity): rows, states and placeholders. */
export const assetListStyles = css`
  :host {
    display: block;
    text-align: start;
  }

  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 4px;
  }

  .row {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px;
    border-radius: var(--wui-radius-s);
    background: var(--wui-surface);
  }

  .thumb {
    flex: none;
    inline-size: 36px;
    block-size: 36px;
    border-radius: var(--wui-radius-full);
    display: grid;
    place-items: center;
    overflow: hidden;
    background: var(--wui-surface-hover);
    color: var(--wui-fg-muted);
    font-weight: 600;
  }

  .thumb img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  .main {
    flex: 1;
    min-inline-size: 0;
    display: grid;
    gap: 2px;
  }

  .end {
    display: grid;
    gap: 2px;
    text-align: end;
  }

  .title,
  .sub {
    margin: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .title {
    font-weight: 600;
  }

  .sub {
    color: var(--wui-fg-muted);
    font-size: var(--wui-font-size-small);
  }

  .state {
    display: grid;
    justify-items: center;
    gap: 8px;
    padding-block: 24px;
    text-align: center;
  }

  .state p {
    margin: 0;
  }

  .error-text {
    color: var(--wui-error);
  }

  wui-spinner {
    --wui-spinner-size: 24px;
  }
`
