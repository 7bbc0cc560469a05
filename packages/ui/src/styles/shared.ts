// Design tokens shared by every element. Hosts theme with the global `--w3m-*` properties
// (themeVariables or plain CSS); elements read the derived `--wui-*` ones.
import { css } from 'lit'

/**
 * Light tokens on `:host`; dark tokens under `.theme-dark` (set on the element's root
 * wrapper from `$theme.themeMode`). Custom properties inherit into nested shadow roots, so
 * views rendered inside the modal get the modal's tokens.
 */
export const tokens = css`
  :host {
    --wui-font-family: var(
      --w3m-font-family,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      'Noto Sans',
      'Noto Sans Arabic',
      sans-serif
    );
    --wui-font-size-master: var(--w3m-font-size-master, 10px);
    --wui-radius-master: var(--w3m-border-radius-master, 4px);
    --wui-font-size-title: calc(var(--wui-font-size-master) * 1.6);
    --wui-font-size-body: calc(var(--wui-font-size-master) * 1.4);
    --wui-font-size-small: calc(var(--wui-font-size-master) * 1.2);
    --wui-radius-xs: calc(var(--wui-radius-master) * 1);
    --wui-radius-s: calc(var(--wui-radius-master) * 2);
    --wui-radius-m: calc(var(--wui-radius-master) * 4);
    --wui-radius-l: calc(var(--wui-radius-master) * 9);
    --wui-radius-full: calc(var(--wui-radius-master) * 25);
    --wui-duration-view: 150ms;
    --wui-duration-header: 120ms;
    --wui-duration-height: 150ms;
    --wui-duration-hover: 100ms;
    --wui-z-index: var(--w3m-z-index, 999);
    --wui-qr-color: var(--w3m-qr-color, #141414);
    --wui-mix-strength: calc(var(--w3m-color-mix-strength, 0) * 1%);
  }

  :host,
  .theme-light {
    --wui-accent: var(--w3m-accent, #1769d1);
    --wui-on-accent: #ffffff;
    --wui-bg-base: #ffffff;
    --wui-fg: #141414;
    --wui-fg-muted: #5e5e5e;
    --wui-surface-base: #f1f2f3;
    --wui-surface-hover-base: #e4e6e8;
    --wui-border: rgb(0 0 0 / 0.1);
    --wui-error: #b3261e;
    --wui-success: #17783f;
    --wui-backdrop: rgb(0 0 0 / 0.3);
    --wui-shadow: 0 8px 32px rgb(0 0 0 / 0.16);
    color-scheme: light;
  }

  .theme-dark {
    --wui-accent: var(--w3m-accent, #5aa5ff);
    --wui-on-accent: #0b0b0b;
    --wui-bg-base: #141414;
    --wui-fg: #e4e7e7;
    --wui-fg-muted: #a3a8ad;
    --wui-surface-base: #232425;
    --wui-surface-hover-base: #2f3133;
    --wui-border: rgb(255 255 255 / 0.1);
    --wui-error: #ff7b72;
    --wui-success: #3fd07a;
    --wui-backdrop: rgb(0 0 0 / 0.6);
    --wui-shadow: 0 8px 32px rgb(0 0 0 / 0.5);
    color-scheme: dark;
  }

  :host,
  .theme-light,
  .theme-dark {
    /* Spec §2: colour-mix strength defaults to 0, i.e. the base colours. */
    --wui-bg: color-mix(
      in srgb,
      var(--w3m-color-mix, var(--wui-bg-base)) var(--wui-mix-strength),
      var(--wui-bg-base)
    );
    --wui-surface: color-mix(
      in srgb,
      var(--w3m-color-mix, var(--wui-surface-base)) var(--wui-mix-strength),
      var(--wui-surface-base)
    );
    --wui-surface-hover: color-mix(
      in srgb,
      var(--w3m-color-mix, var(--wui-surface-hover-base)) var(--wui-mix-strength),
      var(--wui-surface-hover-base)
    );
  }
`

/** Declarations of every button's box (the views' buttons and the public ones). */
export const buttonShape = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-block-size: 40px;
  padding-inline: 16px;
  border-radius: var(--wui-radius-m);
  font-weight: 600;
`

/** Declarations of the outlined look (`.button-secondary`, the public buttons). */
export const buttonOutline = css`
  border: 1px solid var(--wui-border);
  background: var(--wui-surface);
  color: var(--wui-fg);
  transition: background-color var(--wui-duration-hover) ease;
`

/**
 * Resets, the focus ring and the primary button: what every element needs, the public buttons
 * too. The modal's own controls add to it in `base` (styles/base.ts), which loads with them.
 */
export const elementBase = css`
  :host {
    font-family: var(--wui-font-family);
    font-size: var(--wui-font-size-body);
    line-height: 1.4;
    -webkit-font-smoothing: antialiased;
  }

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  button {
    font: inherit;
    color: inherit;
    margin: 0;
    cursor: pointer;
  }

  button:disabled {
    cursor: default;
  }

  :focus-visible {
    outline: 2px solid var(--wui-accent);
    outline-offset: 2px;
  }

  .button-primary {
    ${buttonShape}
    justify-content: center;
    padding-block: 8px;
    border: 0;
    background: var(--wui-accent);
    color: var(--wui-on-accent);
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0s !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0s !important;
    }
  }
`

/** The small round network icon beside a network's name (Account view, network button). */
export const networkImageStyles = css`
  .network-image {
    inline-size: 24px;
    block-size: 24px;
    border-radius: 50%;
    overflow: hidden;
    display: grid;
    place-items: center;
  }

  .network-image img {
    inline-size: 100%;
    block-size: 100%;
  }
`
