import { css } from 'lit'

export const styles = css`
  :host {
    display: contents;
  }

  :host([embedded]) {
    display: block;
  }

  dialog {
    /* Spec §2: 360 px wide, z-index 999. */
    inline-size: 360px;
    max-inline-size: calc(100vw - 32px);
    max-block-size: calc(100dvh - 32px);
    padding: 0;
    border: 0;
    background: transparent;
    color: var(--wui-fg);
    overflow: visible;
    z-index: var(--wui-z-index);
  }

  dialog::backdrop {
    background: var(--wui-backdrop, rgb(0 0 0 / 0.3));
  }

  .inline {
    inline-size: 360px;
    max-inline-size: 100%;
    color: var(--wui-fg);
    position: relative;
    z-index: var(--wui-z-index);
  }

  .panel {
    position: relative;
    display: flex;
    flex-direction: column;
    max-block-size: calc(100dvh - 32px);
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-l);
    background: var(--wui-bg);
    color: var(--wui-fg);
    box-shadow: var(--wui-shadow);
    overflow: hidden;
  }

  .inline .panel {
    box-shadow: none;
  }

  header {
    display: grid;
    grid-template-columns: 40px 1fr 40px;
    align-items: center;
    gap: 8px;
    padding-block: 16px 8px;
    padding-inline: 16px;
  }

  h2 {
    margin: 0;
    font-size: var(--wui-font-size-title);
    font-weight: 600;
    text-align: center;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .title-text {
    display: inline-block;
    animation: title-in var(--wui-duration-header) ease-out;
  }

  .icon-button {
    inline-size: 40px;
    block-size: 40px;
    display: grid;
    place-items: center;
    padding: 0;
    border: 0;
    border-radius: var(--wui-radius-m);
    background: transparent;
    color: var(--wui-fg);
    transition: background-color var(--wui-duration-hover) ease;
  }

  .icon-button:hover {
    background: var(--wui-surface);
  }

  .alert {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 4px 8px;
    align-items: start;
    margin-block: 0 8px;
    margin-inline: 16px;
    padding: 12px;
    border-radius: var(--wui-radius-m);
    border: 1px solid color-mix(in srgb, var(--wui-error) 40%, transparent);
    background: color-mix(in srgb, var(--wui-error) 8%, var(--wui-bg));
  }

  .alert[data-variant='warning'] {
    border-color: var(--wui-border);
    background: var(--wui-surface);
  }

  .alert-title {
    margin: 0;
    font-weight: 600;
  }

  .alert-description {
    grid-column: 1;
    margin: 0;
    color: var(--wui-fg-muted);
    font-size: var(--wui-font-size-small);
  }

  .alert .icon-button {
    grid-row: 1 / span 2;
    grid-column: 2;
    inline-size: 32px;
    block-size: 32px;
  }

  .body {
    overflow-x: hidden;
    overflow-y: auto;
    max-block-size: calc(100dvh - 120px);
  }

  .body[data-animate] {
    transition: block-size var(--wui-duration-height) ease;
  }

  .body-inner {
    padding-block: 8px 16px;
    padding-inline: 16px;
  }

  footer:not([data-filled]) {
    display: none;
  }

  footer {
    padding-block: 12px;
    padding-inline: 16px;
    border-block-start: 1px solid var(--wui-border);
  }

  @keyframes title-in {
    from {
      opacity: 0;
    }
  }
`
