import { css } from 'lit'

export const styles = css`
  .status {
    min-block-size: 1.4em;
  }

  .qr-frame {
    display: grid;
    place-items: center;
    min-block-size: 240px;
  }

  .qr-frame[data-stale] wui-qr-code {
    opacity: 0.2;
  }

  .actions {
    display: grid;
    gap: 8px;
    inline-size: 100%;
  }

  wui-spinner {
    --wui-spinner-size: 28px;
  }
`
