import {
  $view,
  closeModal,
  connect,
  type EmbeddedWalletAction,
  reset,
  storage,
} from '@openmodal/core/internal'
import { html, nothing, type TemplateResult } from 'lit'
import '../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../controllers/attempt-controller.js'
import { t } from '../../i18n/index.js'
import '../../i18n/en-views.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'
import { base } from '../../styles/base.js'
import { define } from '../../utils/define.js'
import {
  emailStyles,
  embeddedWallet,
  isEmail,
  OTP_LENGTH,
  otpDigits,
  recordSend,
  secondsUntilNextSend,
} from '../email-shared.js'
import { viewStyles } from '../view-styles.js'

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

  private onOtpInput(event: Event): void {
    const input = event.target as HTMLInputElement
    this.otp = otpDigits(input.value)
    input.value = this.otp
    this.attempt.fail(undefined)
    // All six digits (typed or pasted): check at once.
    if (this.otp.length === OTP_LENGTH) void this.verify()
  }

  private status(message: string | undefined, pendingText: string): TemplateResult {
    return html`<div class="status" part="status" id="status" aria-live="polite">
      ${
        message
          ? html`<p class="error-text" data-error>${message}</p>`
          : this.pending
            ? html`<p class="pending" data-pending>
              <wui-spinner aria-hidden="true"></wui-spinner>${pendingText}
            </p>`
            : nothing
      }
    </div>`
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
      <div class="field">
        <label for="email">${t('email.label')}</label>
        <input
          id="email"
          part="input"
          type="email"
          name="email"
          autocomplete="email"
          autocapitalize="off"
          spellcheck="false"
          maxlength="254"
          required
          .value=${this.email}
          ?disabled=${this.pending}
          aria-invalid=${invalid || this.error ? 'true' : 'false'}
          aria-describedby="status"
          @input=${(event: Event) => {
            this.email = (event.target as HTMLInputElement).value
            this.attempt.fail(undefined)
          }}
          @blur=${() => {
            if (this.email.trim() !== '') this.touched = true
          }}
        />
      </div>
      ${this.status(message, t('email.sending'))}
      <button
        class="button-primary wide"
        part="submit-button"
        type="submit"
        ?disabled=${this.pending || email === '' || invalid}
      >
        ${t('email.submit')}
      </button>
    </form>`
  }

  private renderDevice(): TemplateResult {
    return html`<div class="stack">
      <p class="muted intro">${t('email.deviceIntro', { email: this.email.trim() })}</p>
      ${this.status(this.error, t('email.deviceWaiting'))}
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
      <div class="field">
        <label for="otp">${t('email.otpLabel')}</label>
        <input
          id="otp"
          class="otp"
          part="input"
          name="otp"
          inputmode="numeric"
          autocomplete="one-time-code"
          pattern="[0-9]*"
          maxlength="16"
          .value=${this.otp}
          ?disabled=${this.pending}
          aria-invalid=${this.error ? 'true' : 'false'}
          aria-describedby="status"
          @input=${(event: Event) => this.onOtpInput(event)}
        />
      </div>
      ${this.status(this.error, t('email.verifying'))}
      <button
        class="button-primary wide"
        part="submit-button"
        type="submit"
        ?disabled=${this.pending || this.otp.length !== OTP_LENGTH}
      >
        ${t('email.verify')}
      </button>
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
