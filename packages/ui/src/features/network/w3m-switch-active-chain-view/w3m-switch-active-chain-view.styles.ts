import { css } from 'lit'

export const styles = css`
  .logo img {
    border-radius: inherit;
  }

  .status {
    min-block-size: 1.4em;
  }

  .actions {
    display: grid;
    gap: 8px;
    inline-size: 100%;
  }
`
