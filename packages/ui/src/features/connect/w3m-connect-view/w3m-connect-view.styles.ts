import { css } from 'lit'

export const styles = css`
  .methods {
    display: grid;
    /* The panel's width, whatever a wallet's name: rows ellipsize it inside. */
    grid-template-columns: minmax(0, 1fr);
    gap: 16px;
  }

  .divider {
    display: flex;
    align-items: center;
    gap: 12px;
    color: var(--wui-fg-muted);
    font-size: var(--wui-font-size-small);
  }

  .divider::before,
  .divider::after {
    content: '';
    flex: 1;
    border-block-start: 1px solid var(--wui-border);
  }

  .socials {
    display: grid;
    gap: 8px;
  }

  .empty {
    display: grid;
    justify-items: center;
    gap: 8px;
    padding-block: 24px;
    text-align: center;
  }

  .empty p {
    margin: 0;
  }

  .legal {
    margin: 16px 0 0;
    color: var(--wui-fg-muted);
    font-size: var(--wui-font-size-small);
    text-align: center;
  }

  .legal a {
    color: var(--wui-accent);
    font-weight: 600;
  }

  .legal-check {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 4px 8px;
    align-items: start;
    margin-block-end: 16px;
    font-size: var(--wui-font-size-small);
  }

  .legal-check input {
    inline-size: 18px;
    block-size: 18px;
    margin: 0;
    accent-color: var(--wui-accent);
  }

  .legal-check a {
    color: var(--wui-accent);
    font-weight: 600;
  }

  .legal-required {
    grid-column: 1 / -1;
    margin: 0;
    color: var(--wui-fg-muted);
  }

  /* Every method waits for the legal checkbox: greyed (contrast kept), still focusable. */
  .methods[aria-disabled='true'] {
    filter: grayscale(1);
  }

  .branding {
    margin: 16px 0 0;
    color: var(--wui-fg-muted);
    font-size: var(--wui-font-size-small);
    text-align: center;
  }
`
