// The picker lists' rows (wallets, networks). A module of its own: only views and their
// components use it, so it loads with them, not with the buttons' initial JS.
import { css } from 'lit'

/**
 * Picker lists (wallets, networks): the list, each row's button, its `.image` box and `.name`.
 * Each list adds its own border, hover, image size and shape.
 */
export const listRowStyles = css`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* One column no wider than the list: a long name ellipsizes instead of widening it. */
    grid-template-columns: minmax(0, 1fr);
    gap: 8px;
  }

  button {
    inline-size: 100%;
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 8px;
    padding-inline-end: 12px;
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    text-align: start;
    transition: background-color var(--wui-duration-hover) ease;
  }

  .image {
    display: grid;
    place-items: center;
    background: var(--wui-bg);
    color: var(--wui-fg-muted);
    overflow: hidden;
    flex: none;
  }

  .image img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }

  .name {
    flex: 1;
    /* A flex item is at least as wide as its text unless told otherwise. */
    min-inline-size: 0;
    font-weight: 600;
  }
`
