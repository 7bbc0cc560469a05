import { css } from 'lit'

export const styles = css`
  .search {
    display: flex;
    align-items: center;
    gap: 8px;
    padding-inline: 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg-muted);
  }

  .search:focus-within {
    outline: 2px solid var(--wui-accent);
    outline-offset: 2px;
  }

  input {
    flex: 1;
    min-inline-size: 0;
    block-size: 40px;
    border: 0;
    background: transparent;
    color: var(--wui-fg);
    font: inherit;
  }

  input:focus-visible {
    outline: none;
  }
`

/** Grid geometry: rows are `ROW_HEIGHT` (96 px) tall, four cells wide. */
export const gridStyles = css`
  .scroller {
    position: relative;
    overflow-y: auto;
    overscroll-behavior: contain;
    margin-inline: -4px;
    padding-inline: 4px;
  }

  .grid {
    position: relative;
  }

  .row {
    position: absolute;
    inset-block-start: 0;
    inset-inline: 0;
    display: grid;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 4px;
    block-size: 96px;
    padding-block: 2px;
  }

  .cell {
    display: grid;
    justify-items: center;
    align-content: center;
    gap: 6px;
    inline-size: 100%;
    block-size: 92px;
    padding: 4px;
    border: 0;
    border-radius: var(--wui-radius-m);
    background: transparent;
    color: var(--wui-fg);
    font: inherit;
    cursor: pointer;
  }

  .cell:hover {
    background: var(--wui-surface-hover);
  }

  .cell:focus-visible {
    outline: 2px solid var(--wui-accent);
    outline-offset: -2px;
  }

  .name {
    max-inline-size: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: var(--wui-font-size-small);
  }

  .skeleton {
    display: grid;
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: 4px;
  }

  .skeleton-cell {
    block-size: 92px;
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    animation: pulse 1.2s ease-in-out infinite alternate;
  }

  @keyframes pulse {
    to {
      opacity: 0.5;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .skeleton-cell {
      animation: none;
    }
  }

  .more {
    justify-self: center;
  }

  .links {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
    inline-size: 100%;
  }

  .links a {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--wui-accent);
    font-weight: 600;
  }
`
