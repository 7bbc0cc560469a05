import {
  $view,
  closeModal,
  connect,
  type EmbeddedWalletAction,
  isEmail,
  reset,
  storage,
} from '@openmodal/core/internal'
import { html, nothing, type TemplateResult } from 'lit'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import {
  emailField,
  emailStyles,
  embeddedWallet,
  OTP_LENGTH,
  otpField,
  recordSend,
  secondsUntilNextSend,
  statusLine,
  submitButton,
} from '../email-shared.js'

export type EmailLoginStep = 'email' | 'device' | 'otp'

/**
 * @summary EmailLogin (spec §2, §4): the e-mail field (checked as the visitor types, spec §5),
 * Continue sends a one-time code through the secure frame (30 s between sends: "Please try
 * again after N seconds"); a new device is approved first (VERIFY_DEVICE), then the 6-digit
 * code (typed or pasted; Resend after 30 s) logs in and the embedded wallet connects. Every
 * failure (frame not loading, wrong or expired code, rate limit) shows in words under the field
 * and the visitor can act on it.
 *
 * @csspart input - The e-mail field, then the code field.
 * @csspart submit-button - Continue, then Verify.
 * @csspart status - The live line under the field.
 * @csspart resend-button - Resend the code.
 */
export class W3mEmailLoginView extends OpenModalElement {
  static override properties = {
    email: { state: true },
    otp: { state: true },
    step: { state: true },
    touched: { state: true },
    now: { state: true },
  }
  static override styles = [base, viewStyles, emailStyles]

  declare email: string
  declare otp: string
  declare step: EmailLoginStep
  declare touched: boolean
  /** Ticks every second while a send is throttled (the countdowns). */
  declare now: number

  private timer: ReturnType<typeof setInterval> | undefined
  private readonly attempt = new AttemptController(this)

  constructor() {
    super()
    this.email = storage.get('email') ?? ''
    this.otp = ''
    this.step = 'email'
    this.touched = false
    this.now = Date.now()
  }

  override connectedCallback(): void {
    super.connectedCallback()
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
    this.otp = ''
    if (action === 'VERIFY_DEVICE') {
      this.step = 'device'
      // The frame answers once this device is approved (the link in the e-mail).
      if (!(await this.attempt.run(async () => (await embeddedWallet()).loaded.connectDevice()))) {
        return false
      }
    }
    this.step = 'otp'
    await this.updateComplete
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus()
    return true
  }

  private async submitEmail(event: Event): Promise<void> {
    event.preventDefault()
    this.touched = true
    if (!isEmail(this.email.trim()) || this.pending) return
    await this.send()
  }

  private async verify(): Promise<void> {
    if (this.otp.length !== OTP_LENGTH || this.pending) return
    const otp = this.otp
    const done = await this.attempt.run(async () => {
      const { id, loaded } = await embeddedWallet()
      await loaded.connectOtp(otp)
      // Spec §4: on success the e-mail-login flag is set and the last-login time removed.
      storage.set('emailLoginUsed', true)
      storage.remove('lastEmailLoginTime')
      await connect({ connectorId: id })
    })
    if (!done) return
    if ($view.get().view === 'EmailLogin' && !closeModal()) reset('Account')
  }

  private onDigits(digits: string): void {
    this.otp = digits
    this.attempt.fail(undefined)
    // All six digits (typed or pasted): check at once.
    if (digits.length === OTP_LENGTH) void this.verify()
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
    return html`<form
      novalidate
      @submit=${(event: Event) => {
        event.preventDefault()
        void this.verify()
      }}
    >
      <p class="muted intro" data-intro>${t('email.otpIntro', { email: this.email.trim() })}</p>
      ${otpField({
        label: t('email.otpLabel'),
        value: this.otp,
        pending: this.pending,
        invalid: Boolean(this.error),
        onDigits: (digits) => this.onDigits(digits),
      })}
      ${statusLine(this.error, this.pending, t('email.verifying'))}
      ${submitButton(t('email.verify'), this.pending || this.otp.length !== OTP_LENGTH)}
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
    </form>`
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
