import { css, html, LitElement, nothing, type PropertyValues } from 'lit'
import type { ApprovalItem, ApprovalView, TreeValue } from './approval-view.js'
import { dialogStyles } from './look.js'

/**
 * How long the approval must have been fully visible, without a move, before Approve works.
 * 800 ms is above a human's reaction to an appearing element (~250 ms) plus the 100 ms the
 * browser may take to report visibility, so a page that shows the approval for a moment under
 * a click it has already lured cannot hit it; yet short enough that nobody waits on purpose.
 */
export const ARM_DELAY_MS = 800
/** The delay IntersectionObserver v2 computes visibility with (its minimum is 100 ms). */
export const VISIBILITY_DELAY_MS = 100
/**
 * How long a mouse or pen must have rested over the frame, at the frame's current place, before
 * a press on Approve counts. A frame slid under a pointer that was resting outside it (or that it
 * never saw) gets its first pointer event with the click itself: no earlier position to compare,
 * so the press is refused and Approve re-arms. 500 ms is above the interval of a visitor's
 * repeated clicks on one spot (~200-300 ms), and below the time anyone takes to move to a button
 * they have read.
 */
export const POINTER_SETTLE_MS = 500
/** How long Approve must be held where IntersectionObserver v2 is missing. */
export const HOLD_MS = 1500

/** Chromium's IntersectionObserver v2 (`trackVisibility` / `isVisible`); Safari and Firefox lack it. */
export function hasVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

type Offset = readonly [number, number]

/**
 * The frame's own approval UI for an unsafe request: it names the dapp origin the frame
 * verified in the handshake (not one the page claims), the method, and what is signed, decoded
 * (see `approval-view.ts`). All of it is rendered as text.
 *
 * The host page owns the iframe and can restyle it, so Approve defends itself: it stays
 * disabled until the panel has been fully visible (IntersectionObserver v2: not transparent,
 * not covered, not transformed, on screen, whole) for {@link ARM_DELAY_MS}, and is disabled
 * again by any hide, cover, opacity change or move of the frame (a move is seen as a change of
 * `screenX - clientX` between two pointer events). A mouse press counts only once the pointer
 * has rested over the frame, where it is now, for {@link POINTER_SETTLE_MS}: the frame may
 * have been slid under a pointer it never saw. Without IntersectionObserver v2 it is a
 * press-and-hold button at a random place in its row, held for {@link HOLD_MS}.
 *
 * @summary Approve or reject one request inside the secure frame.
 * Focus moves to Reject when it shows; Escape rejects.
 *
 * @event om-decision - `detail: { approved: boolean }`
 * @csspart panel - The dialog panel.
 */
export class OmApprove extends LitElement {
  static override properties = {
    origin: { type: String },
    method: { type: String },
    view: { attribute: false },
    theme: { type: String, reflect: true },
    holdToApprove: { attribute: false },
    armed: { state: true },
    holding: { state: true },
  }

  declare origin: string
  declare method: string
  declare view: ApprovalView
  declare theme: 'light' | 'dark'
  /** Press-and-hold instead of a click (set where IntersectionObserver v2 is missing). */
  declare holdToApprove: boolean
  declare armed: boolean
  declare holding: boolean

  /** Where the hold button sits in its row, 0..1, drawn once per approval. */
  private readonly holdPosition = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32
  private observer?: IntersectionObserver
  private visible = false
  private armTimer?: ReturnType<typeof setTimeout>
  private holdTimer?: ReturnType<typeof setTimeout>
  /** The frame's offset on screen, `screenX - clientX`, at the last pointer event. */
  private offset?: Offset
  /** The `timeStamp` of the first pointer event that reported {@link offset}. */
  private offsetSince = 0

  static override styles = [
    dialogStyles,
    css`
      [part='panel'] {
        box-sizing: border-box;
        width: min(420px, calc(100vw - 32px));
        max-height: calc(100vh - 32px);
        display: flex;
        flex-direction: column;
        gap: 0;
        box-shadow: 0 8px 32px rgb(0 0 0 / 0.25);
      }
      h1 { margin: 0 0 8px; }
      .origin { font-weight: 600; word-break: break-all; }
      .body { overflow: auto; min-height: 0; flex: 1 1 auto; }
      dl { margin: 0; }
      .field { display: grid; grid-template-columns: minmax(0, 1fr); margin: 0 0 8px; }
      dt { color: var(--om-muted); font-size: 12px; }
      dd { margin: 0; word-break: break-all; font-variant-numeric: tabular-nums; }
      h2 { font-size: 14px; margin: 12px 0 4px; }
      .warning {
        background: var(--om-warning-bg);
        color: var(--om-warning-fg);
        border-radius: 8px;
        padding: 8px;
        margin: 0 0 8px;
        font-weight: 600;
      }
      pre, .tree {
        max-height: 200px;
        overflow: auto;
        background: var(--om-surface);
        padding: 8px;
        border-radius: 8px;
        margin: 0 0 8px;
        white-space: pre-wrap;
        word-break: break-all;
        unicode-bidi: plaintext;
      }
      .tree ul { list-style: none; margin: 0; padding-inline-start: 12px; }
      .tree > ul { padding: 0; }
      .key { color: var(--om-muted); }
      .status { font-size: 12px; min-height: 1.4em; margin: 8px 0; }
      .actions { align-items: center; flex-wrap: nowrap; }
      .hold-row { flex: 1; position: relative; min-height: 40px; }
      .hold-row button { position: absolute; inset-inline-start: calc(var(--hold-at) * (100% - 160px)); width: 160px; }
      button { border-color: var(--om-border); background: var(--om-bg); }
      button.approve { background: var(--om-accent); color: var(--om-bg); border-color: var(--om-accent); }
      button:disabled { cursor: not-allowed; }
      pre:focus-visible, .tree:focus-visible { outline: 2px solid var(--om-accent); outline-offset: 2px; }
      .holding { background-image: linear-gradient(to right, rgb(255 255 255 / 0.35), rgb(255 255 255 / 0.35)); background-repeat: no-repeat; animation: fill var(--hold-ms) linear forwards; }
      @keyframes fill { from { background-size: 0 100%; } to { background-size: 100% 100%; } }
      @media (prefers-reduced-motion: reduce) { .holding { animation: none; } }
    `,
  ]

  constructor() {
    super()
    this.origin = ''
    this.method = ''
    this.view = { title: 'Approve request', items: [] }
    this.theme =
      document.documentElement.dataset.theme === 'dark' ||
      (document.documentElement.dataset.theme !== 'light' &&
        typeof matchMedia === 'function' &&
        matchMedia('(prefers-color-scheme: dark)').matches)
        ? 'dark'
        : 'light'
    this.holdToApprove = !hasVisibilityTracking()
    this.armed = false
    this.holding = false
  }

  override connectedCallback() {
    super.connectedCallback()
    // On the window: Escape rejects wherever the focus is in the frame.
    window.addEventListener('keydown', this.onKeydown)
    // Capture: a move is noticed before any handler of the click it precedes.
    window.addEventListener('pointermove', this.onPointer, true)
    window.addEventListener('pointerdown', this.onPointer, true)
    document.addEventListener('visibilitychange', this.onPageVisibility)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    window.removeEventListener('keydown', this.onKeydown)
    window.removeEventListener('pointermove', this.onPointer, true)
    window.removeEventListener('pointerdown', this.onPointer, true)
    document.removeEventListener('visibilitychange', this.onPageVisibility)
    this.observer?.disconnect()
    this.disarm()
    this.stopHold()
  }

  /** Focus moves into the approval, on Reject: a stray Enter never approves. */
  protected override firstUpdated() {
    window.focus()
    this.renderRoot.querySelector<HTMLButtonElement>('button.reject')?.focus()
    this.watchVisibility()
  }

  protected override updated(changed: PropertyValues<this>) {
    if (changed.has('holdToApprove') && changed.get('holdToApprove') !== undefined) {
      this.watchVisibility()
    }
  }

  /**
   * Arms Approve once the panel has been fully visible for ARM_DELAY_MS. IntersectionObserver
   * v2 answers for the whole page, ancestors included: opacity, filters, transforms, clipping
   * and anything painted over the frame make `isVisible` false. Without v2 only being on
   * screen is known, and the hold does the rest.
   */
  private watchVisibility() {
    this.observer?.disconnect()
    this.disarm()
    const panel = this.renderRoot.querySelector('[part="panel"]')
    if (!panel || typeof IntersectionObserver === 'undefined') return
    const init = {
      threshold: [0, 0.5, 0.99, 1],
      ...(this.holdToApprove ? {} : { trackVisibility: true, delay: VISIBILITY_DELAY_MS }),
    } as IntersectionObserverInit
    this.observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1)
      if (!entry) return
      const whole = entry.isIntersecting && entry.intersectionRatio >= 0.99
      const seen = this.holdToApprove
        ? whole
        : whole && (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible === true
      this.setVisible(seen && document.visibilityState === 'visible')
    }, init)
    this.observer.observe(panel)
  }

  private setVisible(visible: boolean) {
    if (!visible) {
      this.visible = false
      this.disarm()
      return
    }
    if (this.visible) return
    this.visible = true
    this.startArming()
  }

  private startArming() {
    clearTimeout(this.armTimer)
    this.armed = false
    this.armTimer = setTimeout(() => {
      this.armed = this.visible
    }, ARM_DELAY_MS)
  }

  private disarm() {
    clearTimeout(this.armTimer)
    this.armTimer = undefined
    this.armed = false
    this.stopHold()
  }

  private onPageVisibility = () => {
    if (document.visibilityState !== 'visible') this.setVisible(false)
    else this.watchVisibility()
  }

  /**
   * A frame moved under a resting pointer gets no event until the next one, which then
   * reports a different `screenX - clientX`: the approval is re-armed from zero. A press by a
   * mouse or pen that has not rested over the frame at its current place for
   * {@link POINTER_SETTLE_MS} (the frame never saw it before, or saw it elsewhere) is refused the
   * same way. Touch has no resting pointer to slide a frame under.
   */
  private onPointer = (event: PointerEvent) => {
    const offset: Offset = [event.screenX - event.clientX, event.screenY - event.clientY]
    const last = this.offset
    const moved =
      last !== undefined && (Math.abs(last[0] - offset[0]) > 1 || Math.abs(last[1] - offset[1]) > 1)
    if (!last || moved) {
      this.offset = offset
      this.offsetSince = event.timeStamp
    }
    const unsettled =
      event.type === 'pointerdown' &&
      event.pointerType !== 'touch' &&
      event.timeStamp - this.offsetSince < POINTER_SETTLE_MS
    if (moved || unsettled) {
      this.disarm()
      if (this.visible) this.startArming()
    }
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

  private onApproveClick = (event: MouseEvent) => {
    // Only the user's own input counts, and only while armed (a click's pointerdown may have
    // just disarmed it: the frame moved under the pointer).
    if (this.holdToApprove || !event.isTrusted || !this.armed) return
    this.decide(true)
  }

  private startHold = (event: Event) => {
    if (!this.holdToApprove || !event.isTrusted || !this.armed || this.holding) return
    if (event instanceof KeyboardEvent && (event.repeat || ![' ', 'Enter'].includes(event.key))) {
      return
    }
    event.preventDefault()
    this.holding = true
    this.holdTimer = setTimeout(() => {
      this.holding = false
      if (this.armed) this.decide(true)
    }, HOLD_MS)
  }

  private stopHold = () => {
    clearTimeout(this.holdTimer)
    this.holdTimer = undefined
    this.holding = false
  }

  private status(): string {
    if (!this.armed)
      return 'Approve is available once this request has been fully visible for a moment.'
    if (this.holdToApprove) {
      return this.holding
        ? 'Keep holding…'
        : `Press and hold Approve for ${HOLD_MS / 1000} seconds to approve.`
    }
    return ''
  }

  override render() {
    const approve = this.holdToApprove
      ? html`<div class="hold-row" style=${`--hold-at:${this.holdPosition.toFixed(3)};--hold-ms:${HOLD_MS}ms`}>
          <button
            type="button"
            class="approve ${this.holding ? 'holding' : ''}"
            aria-describedby="status"
            ?disabled=${!this.armed}
            @pointerdown=${this.startHold}
            @pointerup=${this.stopHold}
            @pointerleave=${this.stopHold}
            @pointercancel=${this.stopHold}
            @keydown=${this.startHold}
            @keyup=${this.stopHold}
            @blur=${this.stopHold}
            @contextmenu=${(event: Event) => event.preventDefault()}
          >Hold to approve</button>
        </div>`
      : html`<button
          type="button"
          class="approve"
          aria-describedby="status"
          ?disabled=${!this.armed}
          @click=${this.onApproveClick}
        >Approve</button>`
    return html`<div part="panel" role="dialog" aria-modal="true" aria-labelledby="title" aria-describedby="request">
      <h1 id="title">${this.view.title}</h1>
      <p id="request"><span class="origin">${this.origin}</span> asks you to <code>${this.method}</code>.</p>
      <div class="body">${renderItems(this.view.items)}</div>
      <p class="status" id="status" aria-live="polite">${this.status()}</p>
      <div class="actions">
        <button type="button" class="reject" @click=${() => this.decide(false)}>Reject</button>
        ${approve}
      </div>
    </div>`
  }
}

function renderItems(items: ApprovalItem[]) {
  const out = []
  let fields: ApprovalItem[] = []
  const flush = () => {
    if (fields.length === 0) return
    out.push(
      html`<dl>${fields.map((item) =>
        item.kind === 'field'
          ? html`<div class="field"><dt>${item.label}</dt><dd>${item.value}</dd></div>`
          : nothing,
      )}</dl>`,
    )
    fields = []
  }
  for (const item of items) {
    if (item.kind === 'field') {
      fields.push(item)
      continue
    }
    flush()
    switch (item.kind) {
      case 'warning':
        out.push(html`<p class="warning" role="note">${item.text}</p>`)
        break
      case 'heading':
        out.push(html`<h2>${item.text}</h2>`)
        break
      case 'text':
      case 'raw':
        out.push(
          html`<h2>${item.label}</h2><pre tabindex="0" aria-label=${item.label}>${item.value}</pre>`,
        )
        break
      case 'tree':
        out.push(
          html`<h2>${item.label}</h2><div class="tree" tabindex="0" role="group" aria-label=${item.label}>${renderTree(item.value)}</div>`,
        )
        break
    }
  }
  flush()
  return out
}

function renderTree(value: TreeValue): unknown {
  if (typeof value === 'string') return value
  const entries = Array.isArray(value)
    ? value.map((entry, index) => [`[${index}]`, entry] as const)
    : Object.entries(value)
  return html`<ul>${entries.map(
    ([key, entry]) =>
      html`<li><span class="key">${key}:</span> ${typeof entry === 'string' ? entry : renderTree(entry)}</li>`,
  )}</ul>`
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
 * if (!(await askApproval({ origin, method, view }))) throw rejected()
 */
export function askApproval(request: {
  origin: string
  method: string
  view: ApprovalView
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
