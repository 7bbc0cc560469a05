import { css } from 'lit'

/** Beside the shared form styles: the signing line. */
export const styles = css`
  .signing {
    display: flex;
    align-items: center;
    gap: 8px;
    color: var(--wui-fg-muted);
  }

  wui-spinner {
    --wui-spinner-size: 16px;
  }
`
