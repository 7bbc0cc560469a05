import { css } from 'lit'

/** Styles for `icon()`; include in any element that renders icons. */
export const iconStyles = css`
  .icon {
    inline-size: 1.25em;
    block-size: 1.25em;
    flex: none;
  }

  .icon-directional:dir(rtl) {
    transform: scaleX(-1);
  }
`
