import {
  $activeAccount,
  $canGoBack,
  goBack,
  isEmail,
  type RouterData,
  replace,
  showSnack,
} from '@openmodal/core/internal'
import { html, nothing, type TemplateResult } from 'lit'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
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
  OTP_LENGTH,
  otpField,
  setConnectionEmail,
  statusLine,
  submitButton,
} from '../email-shared.js'

export type UpdateEmailStep = 'new' | 'primary' | 'secondary'

/**
 * @summary UpdateEmailWallet (spec §2, §4): the new address (a valid e-mail, not the current
 * one), then the code sent to the current address (primary), then the code sent to the new
 * one (secondary); the new e-mail is then saved and shown on the account. Router data:
 * `email` (the current one) and `redirectView` (where to go after; default back).
 *
 * @csspart input - The e-mail field, then the code fields.
 * @csspart submit-button - Continue / Verify.
 * @csspart status - The live line under the field.
 */
export class W3mUpdateEmailWalletView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
    email: { state: true },
    otp: { state: true },
    step: { state: true },
    touched: { state: true },
  }
  static override styles = [base, viewStyles, formStyles, emailStyles]

  declare data: RouterData | undefined
  declare email: string
  declare otp: string
  declare step: UpdateEmailStep
  declare touched: boolean

  private readonly account = new StoreController(this, $activeAccount)
  private readonly attempt = new AttemptController(this)

  constructor() {
    super()
    this.email = ''
    this.otp = ''
    this.step = 'new'
    this.touched = false
  }

  /** The e-mail the account has now. */
  private get current(): string {
    return this.data?.email ?? this.account.value.connectedWalletInfo?.email ?? ''
  }

  get pending(): boolean {
    return this.attempt.pending
  }

  get error(): string | undefined {
    return this.attempt.error
  }

  private get invalid(): string | undefined {
    const email = this.email.trim()
    if (!this.touched || email === '') return undefined
    if (!isEmail(email)) return t('email.invalid')
    if (email.toLowerCase() === this.current.toLowerCase()) return t('updateEmail.same')
    return undefined
  }

  private async submitNew(event: Event): Promise<void> {
    event.preventDefault()
    this.touched = true
    if (this.invalid || this.email.trim() === '' || this.pending) return
    const email = this.email.trim()
    const ok = await this.attempt.run(async () => {
      await (await embeddedWallet()).loaded.updateEmail(email)
    })
    if (ok) await this.toStep('primary')
  }

  private async toStep(step: UpdateEmailStep): Promise<void> {
    this.otp = ''
    this.step = step
    await this.updateComplete
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus()
  }

  private async verify(): Promise<void> {
    if (this.otp.length !== OTP_LENGTH || this.pending) return
    const otp = this.otp
    if (this.step === 'primary') {
      const ok = await this.attempt.run(async () => {
        await (await embeddedWallet()).loaded.updateEmailPrimaryOtp(otp)
      })
      if (ok) await this.toStep('secondary')
      return
    }
    let saved = ''
    const ok = await this.attempt.run(async () => {
      const { id, loaded } = await embeddedWallet()
      saved = await loaded.updateEmailSecondaryOtp(otp)
      setConnectionEmail(id, saved)
    })
    if (!ok) return
    showSnack(t('updateEmail.saved'), { variant: 'success' })
    if ($canGoBack.get()) goBack()
    else replace(this.data?.redirectView ?? 'Account')
  }

  private onDigits(digits: string): void {
    this.otp = digits
    this.attempt.fail(undefined)
    if (digits.length === OTP_LENGTH) void this.verify()
  }

  private renderNew(): TemplateResult {
    const message = this.error ?? this.invalid
    return html`<form novalidate @submit=${(event: Event) => this.submitNew(event)}>
      ${
        this.current
          ? html`<p class="muted intro" data-intro>
            ${t('updateEmail.intro', { email: this.current })}
          </p>`
          : nothing
      }
      ${emailField({
        label: t('updateEmail.label'),
        value: this.email,
        pending: this.pending,
        invalid: Boolean(message),
        onInput: (value) => {
          this.email = value
          this.attempt.fail(undefined)
        },
        onBlur: () => {
          if (this.email.trim() !== '') this.touched = true
        },
      })}
      ${statusLine(message, this.pending, t('email.sending'))}
      ${submitButton(
        t('email.submit'),
        this.pending || this.email.trim() === '' || Boolean(this.invalid),
      )}
    </form>`
  }

  private renderOtp(): TemplateResult {
    const intro =
      this.step === 'primary'
        ? t('updateEmail.primaryIntro', { email: this.current })
        : t('updateEmail.secondaryIntro', { email: this.email.trim() })
    return html`<form
      novalidate
      @submit=${(event: Event) => {
        event.preventDefault()
        void this.verify()
      }}
    >
      <p class="muted intro" data-intro data-step=${this.step}>${intro}</p>
      ${otpField({
        label: t('email.otpLabel'),
        value: this.otp,
        pending: this.pending,
        invalid: Boolean(this.error),
        onDigits: (digits) => this.onDigits(digits),
      })}
      ${statusLine(this.error, this.pending, t('email.verifying'))}
      ${submitButton(t('email.verify'), this.pending || this.otp.length !== OTP_LENGTH)}
    </form>`
  }

  override render() {
    return this.step === 'new' ? this.renderNew() : this.renderOtp()
  }
}

define('w3m-update-email-wallet-view', W3mUpdateEmailWalletView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-update-email-wallet-view': W3mUpdateEmailWalletView
  }
}
