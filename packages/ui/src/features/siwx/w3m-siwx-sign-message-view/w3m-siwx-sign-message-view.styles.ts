import { css } from 'lit'

export const styles = css`
  .statement {
    margin: 0;
    overflow-wrap: anywhere;
  }

  .detail {
    margin: 4px 0 0;
    overflow-wrap: anywhere;
  }

  .domain {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .actions {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 8px;
    inline-size: 100%;
  }

  .actions button {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
`
