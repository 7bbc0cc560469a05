import { css, html, LitElement } from 'lit'

/**
 * The frame's own approval UI for an unsafe request: it names the dapp origin the frame
 * verified in the handshake (not one the page claims), the method, and what is signed. All
 * of it is rendered as text.
 *
 * @summary Approve or reject one request inside the secure frame.
 * Focus starts on Reject; Escape rejects.
 *
 * @event om-decision - `detail: { approved: boolean }`
 * @csspart panel - The dialog panel.
 */
export class OmApprove extends LitElement {
  static override properties = {
    origin: { type: String },
    method: { type: String },
    summary: { type: String },
  }

  declare origin: string
  declare method: string
  declare summary: string

  static override styles = css`
    :host {
      position: fixed;
      inset: 0;
      display: grid;
      place-items: center;
      background: rgb(0 0 0 / 0.4);
      font: 14px/1.4 system-ui, sans-serif;
    }
    [part='panel'] {
      width: min(360px, calc(100vw - 32px));
      background: #fff;
      color: #141414;
      border-radius: 16px;
      padding: 20px;
      box-shadow: 0 8px 32px rgb(0 0 0 / 0.25);
    }
    h1 { font-size: 16px; margin: 0 0 8px; }
    .origin { font-weight: 600; word-break: break-all; }
    pre {
      max-height: 200px;
      overflow: auto;
      background: #f3f3f3;
      padding: 8px;
      border-radius: 8px;
      white-space: pre-wrap;
      word-break: break-all;
    }
    .actions { display: flex; gap: 8px; justify-content: flex-end; }
    button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #ccc; cursor: pointer; }
    button.approve { background: #0052cc; color: #fff; border-color: #0052cc; }
  `

  constructor() {
    super()
    this.origin = ''
    this.method = ''
    this.summary = ''
  }

  override connectedCallback() {
    super.connectedCallback()
    this.addEventListener('keydown', this.onKeydown)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    this.removeEventListener('keydown', this.onKeydown)
  }

  /** Focus starts on Reject: a stray Enter never approves. */
  protected override firstUpdated() {
    this.renderRoot.querySelector<HTMLButtonElement>('button.reject')?.focus()
  }

  private onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      this.decide(false)
    }
  }

  private decide(approved: boolean) {
    this.dispatchEvent(
      new CustomEvent('om-decision', { detail: { approved }, bubbles: true, composed: true }),
    )
  }

  override render() {
    return html`<div part="panel" role="dialog" aria-modal="true" aria-labelledby="title">
      <h1 id="title">Approve request</h1>
      <p><span class="origin">${this.origin}</span> asks you to <code>${this.method}</code>.</p>
      <pre aria-label="What you sign">${this.summary}</pre>
      <div class="actions">
        <button type="button" class="reject" @click=${() => this.decide(false)}>Reject</button>
        <button type="button" class="approve" @click=${() => this.decide(true)}>Approve</button>
      </div>
    </div>`
  }
}

if (!customElements.get('om-approve')) customElements.define('om-approve', OmApprove)

declare global {
  interface HTMLElementTagNameMap {
    'om-approve': OmApprove
  }
}

/**
 * Shows the approval UI and resolves with the user's decision.
 *
 * @example
 * if (!(await askApproval({ origin, method, summary }))) throw rejected()
 */
export function askApproval(request: {
  origin: string
  method: string
  summary: string
}): Promise<boolean> {
  const element = document.createElement('om-approve')
  Object.assign(element, request)
  document.body.append(element)
  return new Promise((resolve) => {
    element.addEventListener(
      'om-decision',
      (event) => {
        element.remove()
        resolve((event as CustomEvent<{ approved: boolean }>).detail.approved)
      },
      { once: true },
    )
  })
}
