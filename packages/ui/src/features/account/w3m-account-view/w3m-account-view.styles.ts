import { css } from 'lit'

export const styles = css`
  wui-avatar {
    --wui-avatar-size: 72px;
  }

  .address-row {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }

  .copy {
    inline-size: 32px;
    block-size: 32px;
    display: grid;
    place-items: center;
    padding: 0;
    border: 0;
    border-radius: var(--wui-radius-s);
    background: transparent;
    color: var(--wui-fg-muted);
  }

  .storage-note {
    max-inline-size: 32ch;
    margin-inline: auto;
    text-align: center;
    font-size: 0.875em;
    overflow-wrap: anywhere;
  }

  .copy:hover {
    background: var(--wui-surface);
  }

  .balance {
    margin: 0;
    color: var(--wui-fg-muted);
  }

  .actions {
    display: grid;
    gap: 8px;
    inline-size: 100%;
  }

  .actions > * {
    justify-content: flex-start;
  }

  .actions a {
    text-decoration: none;
  }

  .balance {
    min-block-size: 1.4em;
  }

  .skeleton {
    display: inline-block;
    inline-size: 96px;
    block-size: 1em;
    vertical-align: middle;
    border-radius: var(--wui-radius-xs);
    background: linear-gradient(
      90deg,
      var(--wui-surface) 25%,
      var(--wui-surface-hover) 50%,
      var(--wui-surface) 75%
    );
    background-size: 200% 100%;
    animation: shimmer 1.2s linear infinite;
  }

  @keyframes shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }

  .actions .network-name {
    flex: 1;
    text-align: start;
  }

  .link {
    padding: 4px 8px;
    border: 0;
    border-radius: var(--wui-radius-s);
    background: transparent;
    color: var(--wui-accent);
    font-weight: 600;
  }

  .link:hover {
    background: var(--wui-surface);
  }

  .tabs {
    display: grid;
    /* One column that never grows past the panel: the tabs' unwrapped labels must not set
       its width (a grid track grows to its items' min-content otherwise). */
    grid-template-columns: minmax(0, 1fr);
    gap: 12px;
    text-align: start;
  }

  .tablist {
    display: flex;
    gap: 4px;
    padding: 4px;
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
  }

  /* Three equal tabs that never wrap: a label too long for a third of 320 px is cut with an
     ellipsis (the catalogs keep tab labels short: Arabic says "رموز NFT"). */
  [role='tab'] {
    flex: 1 1 0;
    min-inline-size: 0;
    min-block-size: 32px;
    padding-inline: 4px;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    border: 0;
    border-radius: var(--wui-radius-s);
    background: transparent;
    color: var(--wui-fg-muted);
    font-weight: 600;
  }

  [role='tab'][aria-selected='true'] {
    background: var(--wui-bg);
    color: var(--wui-fg);
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.08);
  }

  .tab-heading {
    margin: 0;
    font-size: var(--wui-font-size-body);
  }

  .features {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(72px, 1fr));
    gap: 8px;
    inline-size: 100%;
  }

  .feature {
    display: grid;
    justify-items: center;
    gap: 4px;
    min-inline-size: 0;
    padding: 10px 4px;
    border: 0;
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  .feature:hover {
    background: var(--wui-surface-hover);
  }

  .feature:focus-visible {
    outline: 2px solid var(--wui-accent);
    outline-offset: 2px;
  }
`
