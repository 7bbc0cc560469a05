import type { LoginStatus } from '@openmodal/embedded/protocol'
import { html, LitElement } from 'lit'
import type { ApiError } from './api.js'
import { dialogStyles, frameLook } from './look.js'

/** What the code entry shows under the field while the mail goes out or the code is checked. */
export type CodeStatus = 'sending' | 'sent' | 'mail_failed' | 'verifying'

export type CodeAction = { action: 'verify'; otp: string } | { action: 'cancel' | 'resend' }

const OTP_LENGTH = 6
/** Between two codes, as the modal's e-mail step counts (spec §5). */
const RESEND_AFTER_MS = 30_000

const STATUS_TEXT: Record<CodeStatus, string> = {
  sending: 'Sending the code…',
  sent: 'The code was sent.',
  mail_failed: '',
  verifying: 'Checking the code…',
}

/**
 * The e-mail code entry of the secure frame: the visitor types (or pastes) the 6-digit code
 * here, so the page that embeds the frame never sees it. Six digits submit at once; spaces and
 * dashes of a pasted code are dropped; the field offers the browser's one-time-code autofill.
 *
 * @summary Type the login code inside the secure frame.
 * @event om-code - `detail: { action: 'verify', otp } | { action: 'cancel' | 'resend' }`
 * @csspart panel - The dialog panel.
 */
export class OmCode extends LitElement {
  static override properties = {
    email: { type: String },
    heading: { type: String },
    canResend: { type: Boolean },
    status: { type: String },
    error: { type: String },
    resendAt: { type: Number },
    now: { state: true },
    theme: { type: String, reflect: true },
  }

  declare email: string
  /** The dialog's title: "Enter your code", or the step of an e-mail update. */
  declare heading: string
  /** Whether a new code can be asked from here (not for an update's second code). */
  declare canResend: boolean
  declare status: CodeStatus
  declare error: string
  /** When Resend is enabled again (ms since the epoch). */
  declare resendAt: number
  declare now: number
  declare theme: 'light' | 'dark'

  static override styles = dialogStyles

  private timer: ReturnType<typeof setInterval> | undefined

  constructor() {
    super()
    this.email = ''
    this.heading = 'Enter your code'
    this.canResend = true
    this.status = 'sending'
    this.error = ''
    this.resendAt = Date.now() + RESEND_AFTER_MS
    this.now = Date.now()
    this.theme = frameLook.theme
  }

  override connectedCallback() {
    super.connectedCallback()
    this.addEventListener('keydown', this.onKeydown)
    this.timer = setInterval(() => {
      if (this.now < this.resendAt) this.now = Date.now()
    }, 1000)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    this.removeEventListener('keydown', this.onKeydown)
    clearInterval(this.timer)
  }

  protected override firstUpdated() {
    // Into the frame, then the field: the visitor types at once.
    window.focus()
    this.field()?.focus()
  }

  private field() {
    return this.renderRoot.querySelector<HTMLInputElement>('input')
  }

  private onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.status !== 'verifying') {
      event.preventDefault()
      this.act({ action: 'cancel' })
    }
  }

  private act(detail: CodeAction) {
    this.dispatchEvent(new CustomEvent('om-code', { detail, bubbles: true, composed: true }))
  }

  /** Digits only (a pasted "123 456" or "123-456" reads 123456); six check at once. */
  private onInput(event: Event) {
    const input = event.target as HTMLInputElement
    const digits = input.value.replace(/\D/g, '').slice(0, OTP_LENGTH)
    if (input.value !== digits) input.value = digits
    this.error = ''
    if (digits.length === OTP_LENGTH && this.status !== 'verifying') this.verify()
  }

  private verify() {
    const otp = this.field()?.value ?? ''
    if (otp.length !== OTP_LENGTH) {
      this.error = 'Enter the 6-digit code.'
      return
    }
    this.act({ action: 'verify', otp })
  }

  /** Clears the field after a refusal and puts the focus back in it. */
  async again(error: string) {
    this.error = error
    await this.updateComplete
    const field = this.field()
    if (field) {
      field.value = ''
      field.focus()
    }
  }

  override render() {
    const verifying = this.status === 'verifying'
    const wait = Math.ceil((this.resendAt - this.now) / 1000)
    return html`<div role="dialog" aria-modal="true" aria-labelledby="title" aria-describedby="note"><form part="panel" novalidate @submit=${(
      event: Event,
    ) => {
      event.preventDefault()
      this.verify()
    }}>
      <h1 id="title">${this.heading}</h1>
      <p id="note" class="note">We sent a 6-digit code to ${this.email}. Type it here, in the secure window: the site you are on never sees it.</p>
      <label>Code <input name="otp" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" aria-invalid=${this.error ? 'true' : 'false'} aria-describedby="error" ?readonly=${verifying} @input=${this.onInput} /></label>
      <p id="error" class="error" role="alert">${this.error}</p>
      <p class="status" role="status">${STATUS_TEXT[this.status]}</p>
      <div class="actions">
        <button type="button" ?disabled=${verifying} @click=${() => this.act({ action: 'cancel' })}>Cancel</button>
        ${this.canResend ? html`<button type="button" ?disabled=${verifying || wait > 0} @click=${() => this.act({ action: 'resend' })}>${wait > 0 ? `Resend code in ${wait} s` : 'Resend code'}</button>` : ''}
        <button type="submit" ?disabled=${verifying}>Verify</button>
      </div>
    </form></div>`
  }
}

if (!customElements.get('om-code')) customElements.define('om-code', OmCode)

declare global {
  interface HTMLElementTagNameMap {
    'om-code': OmCode
  }
}

/** The visitor closed the code entry: the login stops here, the host may start over. */
export class CodeCancelledError extends Error {
  override name = 'CodeCancelledError'
  readonly code = 4001
  constructor() {
    super('The code entry was closed')
  }
}

/** The server's refusals in the kit's words (core's frame error texts). */
const REFUSALS: Record<string, string> = {
  INVALID_OTP: 'This code is not valid',
  OTP_EXPIRED: 'The code has expired; ask for a new one',
  OTP_LOCKED: 'Too many wrong codes; ask for a new one',
  MAIL_FAILED: 'The e-mail could not be sent; try again',
}

/**
 * The server's refusal (api.ts's `ApiError`), checked by shape: importing api.ts here would make
 * the bundler split the frame's entry (measured: +0.65 kB gzip on the first load).
 */
const isApiError = (error: unknown): error is ApiError =>
  error instanceof Error &&
  error.name === 'ApiError' &&
  typeof (error as ApiError).code === 'string'

/** What the visitor reads for a refusal: the kit's words, with the tries left when told. */
export function refusalText(error: unknown): string {
  if (!isApiError(error)) {
    return error instanceof Error ? error.message : 'Something went wrong'
  }
  const known = REFUSALS[error.code]
  if (!known) return error.message
  const left = /(\d+) (tries|try) left/.exec(error.message)
  return left ? `${known} (${left[1]} ${left[2]} left).` : `${known}.`
}

export interface CodeFlow {
  email: string
  /** The dialog's title; "Enter your code" when left out. */
  heading?: string
  /** Where the code's mail stands (`POST /v1/auth/email/status`); throws MAIL_FAILED. */
  mailStatus(): Promise<'sending' | 'sent'>
  /** Checks the code with the server; throws its refusal. */
  verify(otp: string): Promise<void>
  /** Asks for a new code to the same address; left out where the step cannot (no button). */
  resend?: () => Promise<void>
  /** Where the login stands, for the host's view (never the code). */
  onStatus(status: LoginStatus): void
}

/** When the frame asks again whether the mail left, in ms after the code entry shows. */
const POLL_DELAYS = [200, 300, 500, 1000, 1000, 2000]
const POLL_FOR_MS = 60_000

/**
 * Shows the code entry until the server accepts a code: polls the mail's fate meanwhile (a
 * failed mail shows at once, with Resend), shows each refusal in words and lets the visitor type
 * again. Rejects with `CodeCancelledError` when the visitor closes it.
 *
 * @example
 * await enterCode({ email, mailStatus, verify, resend, onStatus: (status) => post(status) })
 */
export function enterCode(flow: CodeFlow): Promise<void> {
  const element = document.createElement('om-code')
  element.email = flow.email
  if (flow.heading) element.heading = flow.heading
  element.canResend = flow.resend !== undefined
  document.body.append(element)
  let round = 0
  const setStatus = (status: CodeStatus) => {
    element.status = status
    flow.onStatus(status === 'sending' ? 'waiting' : status)
  }

  /** Polls until the mail left or failed, for this round of sending only. */
  async function watchMail(mine: number) {
    const started = Date.now()
    for (let step = 0; Date.now() - started < POLL_FOR_MS; step++) {
      await new Promise((resolve) => setTimeout(resolve, POLL_DELAYS[step] ?? 2000))
      if (mine !== round || !element.isConnected || element.status !== 'sending') return
      try {
        if (
          (await flow.mailStatus()) === 'sent' &&
          mine === round &&
          element.status === 'sending'
        ) {
          setStatus('sent')
          return
        }
      } catch (error) {
        if (mine !== round || !element.isConnected) return
        if (isApiError(error) && error.code === 'MAIL_FAILED') {
          element.error = refusalText(error)
          element.now = Date.now()
          element.resendAt = element.now
          setStatus('mail_failed')
        }
        // Anything else (an older server without the route): the code may still arrive.
        return
      }
    }
  }

  setStatus('sending')
  void watchMail(round)
  return new Promise<void>((resolve, reject) => {
    element.addEventListener('om-code', async (event) => {
      const detail = (event as CustomEvent<CodeAction>).detail
      if (element.status === 'verifying') return
      if (detail.action === 'cancel') {
        element.remove()
        reject(new CodeCancelledError())
        return
      }
      const before = element.status
      if (detail.action === 'resend') {
        const resend = flow.resend
        if (!resend || Date.now() < element.resendAt) return
        element.error = ''
        // Disabled at once: a second click while this one is on its way sends nothing.
        element.now = Date.now()
        element.resendAt = element.now + RESEND_AFTER_MS
        setStatus('sending')
        try {
          await resend()
          void watchMail(++round)
        } catch (error) {
          element.resendAt = Date.now()
          await element.again(refusalText(error))
          setStatus(before === 'sending' ? 'sent' : before)
        }
        return
      }
      if (detail.action !== 'verify') return
      setStatus('verifying')
      try {
        await flow.verify(detail.otp)
        element.remove()
        resolve()
      } catch (error) {
        const mailFailed = isApiError(error) && error.code === 'MAIL_FAILED'
        setStatus(mailFailed ? 'mail_failed' : before === 'mail_failed' ? 'sent' : before)
        if (element.status === 'sending') void watchMail(++round)
        await element.again(refusalText(error))
      }
    })
  })
}
