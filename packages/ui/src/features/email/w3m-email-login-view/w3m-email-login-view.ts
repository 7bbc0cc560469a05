import {
  $view,
  closeModal,
  connect,
  type EmbeddedLoginStatus,
  type EmbeddedWalletAction,
  isEmail,
  reset,
  storage,
} from '@openmodal/core/internal'
import { html, nothing, type TemplateResult } from 'lit'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { tError } from '../../../i18n/coded.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { formStyles } from '../../../styles/form-styles.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import {
  emailField,
  emailStyles,
  embeddedWallet,
  frameCodeStep,
  isCancel,
  recordSend,
  secondsUntilNextSend,
  statusLine,
  submitButton,
} from '../email-shared.js'

export type EmailLoginStep = 'email' | 'device' | 'otp'

/**
 * @summary EmailLogin (spec §2, §4): the e-mail field (checked as the visitor types, spec §5),
 * Continue sends a one-time code through the secure frame (30 s between sends: "Please try
 * again after N seconds"); a new device is approved first (VERIFY_DEVICE), then the secure
 * frame shows its own code entry in the modal's place: the visitor types the 6-digit code
 * there, so this page never sees it. This view shows only where the login stands, from the
 * frame's status (sending, type the code in the secure window, checking, mail failed), and once
 * the wallet is ready it connects. Every failure (frame not loading, mail not sent, rate limit,
 * the code entry closed) shows in words under the field and the visitor can act on it.
 *
 * @csspart input - The e-mail field.
 * @csspart submit-button - Continue.
 * @csspart status - The live line under the field, then the login's status.
 * @csspart resend-button - Resend the code.
 * @csspart retry-button - Open the secure window's code entry again.
 */
export class W3mEmailLoginView extends OpenModalElement {
  static override properties = {
    email: { state: true },
    loginStatus: { state: true },
    step: { state: true },
    touched: { state: true },
    now: { state: true },
  }
  static override styles = [base, viewStyles, formStyles, emailStyles]

  declare email: string
  /** Where the frame's code entry stands (never the code). */
  declare loginStatus: EmbeddedLoginStatus | undefined
  declare step: EmailLoginStep
  declare touched: boolean
  /** Ticks every second while a send is throttled (the countdowns). */
  declare now: number

  private timer: ReturnType<typeof setInterval> | undefined
  // A cancel in the frame's recovery dialog (4001): nothing changed, Try again asks again.
  private readonly attempt = new AttemptController(this, {
    message: (error) => (isCancel(error) ? t('recovery.cancelled') : tError(error)),
  })

  constructor() {
    super()
    this.email = storage.get('email') ?? ''
    this.loginStatus = undefined
    this.step = 'email'
    this.touched = false
    this.now = Date.now()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // The visitor picked e-mail: the secure frame loads while they type the address, so the
    // code entry shows right after Continue (a failure here is shown on Continue, which loads
    // it again).
    void embeddedWallet().catch(() => undefined)
    this.timer = setInterval(() => {
      if (secondsUntilNextSend(this.now) > 0 || secondsUntilNextSend() > 0) this.now = Date.now()
    }, 1000)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearInterval(this.timer)
  }

  /** Whether the frame is being asked something. */
  get pending(): boolean {
    return this.attempt.pending
  }

  /** The failure shown under the field. */
  get error(): string | undefined {
    return this.attempt.error
  }

  private get wait(): number {
    return secondsUntilNextSend(this.now)
  }

  private async send(): Promise<boolean> {
    const email = this.email.trim()
    let action: EmbeddedWalletAction | undefined
    this.now = Date.now()
    if (secondsUntilNextSend(this.now) > 0) {
      // Spec §5: shown as a live countdown under the field or on Resend.
      this.touched = true
      return false
    }
    const sent = await this.attempt.run(async () => {
      const { loaded } = await embeddedWallet()
      action = await loaded.connectEmail(email)
      recordSend()
      storage.set('email', email)
    })
    this.now = Date.now()
    if (!sent || !action) return false
    if (action === 'VERIFY_DEVICE') {
      this.step = 'device'
      // The frame answers once this device is approved (the link in the e-mail).
      if (!(await this.attempt.run(async () => (await embeddedWallet()).loaded.connectDevice()))) {
        return false
      }
    }
    this.step = 'otp'
    void this.enterCode()
    return true
  }

  private async submitEmail(event: Event): Promise<void> {
    event.preventDefault()
    this.touched = true
    if (!isEmail(this.email.trim()) || this.pending) return
    await this.send()
  }

  /** Opens the frame's code entry and waits until the wallet is ready (or the visitor closes it). */
  private async enterCode(): Promise<void> {
    if (this.pending) return
    this.loginStatus = 'waiting'
    const done = await this.attempt.run(async () => {
      const { id, loaded } = await embeddedWallet()
      await loaded.connectOtp({
        onStatus: (status) => {
          this.loginStatus = status
        },
      })
      // Spec §4: on success the e-mail-login flag is set and the last-login time removed.
      storage.set('emailLoginUsed', true)
      storage.remove('lastEmailLoginTime')
      // An e-mail login, not a social one: no social user to show.
      storage.remove('socialUsername')
      storage.remove('socialProvider')
      await connect({ connectorId: id })
    })
    if (!done) {
      this.loginStatus = undefined
      return
    }
    if ($view.get().view === 'EmailLogin' && !closeModal()) reset('Account')
  }

  private renderEmail(): TemplateResult {
    const email = this.email.trim()
    const invalid = this.touched && email !== '' && !isEmail(email)
    const wait = this.wait
    const message =
      this.error ??
      (invalid
        ? t('email.invalid')
        : wait > 0 && this.touched
          ? t('email.throttled', { seconds: wait })
          : undefined)
    return html`<form novalidate @submit=${(event: Event) => this.submitEmail(event)}>
      ${emailField({
        label: t('email.label'),
        value: this.email,
        pending: this.pending,
        invalid: invalid || Boolean(this.error),
        onInput: (value) => {
          this.email = value
          this.attempt.fail(undefined)
        },
        onBlur: () => {
          if (this.email.trim() !== '') this.touched = true
        },
      })}
      ${statusLine(message, this.pending, t('email.sending'))}
      ${submitButton(t('email.submit'), this.pending || email === '' || invalid)}
    </form>`
  }

  private renderDevice(): TemplateResult {
    return html`<div class="stack">
      <p class="muted intro">${t('email.deviceIntro', { email: this.email.trim() })}</p>
      ${statusLine(this.error, this.pending, t('email.deviceWaiting'))}
      ${
        this.error
          ? html`<button class="button-secondary wide" @click=${() => this.send()}>
            ${t('common.tryAgain')}
          </button>`
          : nothing
      }
    </div>`
  }

  private renderOtp(): TemplateResult {
    const wait = this.wait
    return html`<div class="stack" data-login-status=${this.loginStatus ?? 'closed'}>
      <p class="muted intro" data-intro>${t('email.otpIntro', { email: this.email.trim() })}</p>
      ${frameCodeStep(this.loginStatus, this.error, this.pending, () => this.enterCode())}
      <div class="row">
        <button
          class="link"
          type="button"
          part="resend-button"
          ?disabled=${this.pending || wait > 0}
          @click=${() => this.send()}
        >
          ${wait > 0 ? t('email.resendIn', { seconds: wait }) : t('email.resend')}
        </button>
        <button
          class="link"
          type="button"
          ?disabled=${this.pending}
          @click=${() => {
            this.step = 'email'
            this.attempt.fail(undefined)
          }}
        >
          ${t('email.change')}
        </button>
      </div>
    </div>`
  }

  override render() {
    if (this.step === 'device') return this.renderDevice()
    if (this.step === 'otp') return this.renderOtp()
    return this.renderEmail()
  }
}

define('w3m-email-login-view', W3mEmailLoginView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-email-login-view': W3mEmailLoginView
  }
}
