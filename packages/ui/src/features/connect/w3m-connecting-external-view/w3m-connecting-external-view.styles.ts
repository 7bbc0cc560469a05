import { css } from 'lit'

export const styles = css`
  .status {
    min-block-size: 1.4em;
  }

  wui-spinner {
    --wui-spinner-size: 28px;
  }
`
