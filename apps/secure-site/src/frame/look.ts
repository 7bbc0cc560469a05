// The look of the frame's dialogs (approval, code entry, passkey, passphrase). Only the dialogs
// import this module, so it loads with the first of them, not with the frame: the theme they
// read is theme.ts's, which the frame's entry keeps.
import { css } from 'lit'

export { frameLook } from './theme.js'

/**
 * The styles the dialogs share: a full-frame dim backdrop, a centred panel, light and dark
 * colours (contrast checked with axe), buttons and fields.
 */
export const dialogStyles = css`
  :host {
    position: fixed;
    inset: 0;
    display: grid;
    place-items: center;
    background: rgb(0 0 0 / 0.4);
    font: 14px/1.4 system-ui, sans-serif;
    --om-bg: #fff;
    --om-fg: #141414;
    --om-muted: #4f4f4f;
    --om-accent: #0052cc;
    --om-error: #b00020;
    --om-border: #767676;
    --om-surface: #f3f3f3;
    --om-warning-bg: #fff4e5;
    --om-warning-fg: #7a3e00;
  }
  :host([theme='dark']) {
    --om-bg: #1f1f1f;
    --om-fg: #f2f2f2;
    --om-muted: #c4c4c4;
    --om-accent: #8ab4ff;
    --om-error: #ff8a80;
    --om-border: #9e9e9e;
    --om-surface: #2e2e2e;
    --om-warning-bg: #3d2a00;
    --om-warning-fg: #ffd58a;
  }
  [part='panel'] {
    width: min(360px, calc(100vw - 32px));
    background: var(--om-bg);
    color: var(--om-fg);
    border-radius: 16px;
    padding: 20px;
    display: grid;
    gap: 8px;
  }
  h1 { font-size: 16px; margin: 0; }
  p { margin: 0; }
  label { display: grid; gap: 4px; }
  input { font: inherit; padding: 8px; border-radius: 8px; border: 1px solid var(--om-border); background: var(--om-bg); color: var(--om-fg); }
  .note, .status { color: var(--om-muted); }
  .error { color: var(--om-error); }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; }
  button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid var(--om-accent); background: transparent; color: var(--om-fg); cursor: pointer; }
  button.primary, button[type='submit'] { background: var(--om-accent); color: var(--om-bg); }
  button:disabled { opacity: 0.6; cursor: progress; }
  button:focus-visible, input:focus-visible { outline: 2px solid var(--om-accent); outline-offset: 2px; }
`
