import {
  $activeAccount,
  $canGoBack,
  type EmbeddedLoginStatus,
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
  frameCodeStep,
  setConnectionEmail,
  statusLine,
  submitButton,
} from '../email-shared.js'

export type UpdateEmailStep = 'new' | 'primary' | 'secondary'

/**
 * @summary UpdateEmailWallet (spec §2, §4): the new address (a valid e-mail, not the current
 * one), then the code sent to the current address (primary), then the code sent to the new
 * one (secondary); the new e-mail is then saved and shown on the account. Both codes are
 * typed in the secure frame's own entry, as the login's, so this page never sees them: the
 * view says which step the frame shows and where it stands, with Try again after the visitor
 * closed the frame's entry. Router data: `email` (the current one) and `redirectView` (where
 * to go after; default back).
 *
 * @csspart input - The e-mail field.
 * @csspart submit-button - Continue.
 * @csspart retry-button - Shows the frame's code entry again.
 * @csspart status - The live line under the field.
 */
export class W3mUpdateEmailWalletView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
    email: { state: true },
    step: { state: true },
    codeStatus: { state: true },
    touched: { state: true },
  }
  static override styles = [base, viewStyles, formStyles, emailStyles]

  declare data: RouterData | undefined
  declare email: string
  declare step: UpdateEmailStep
  /** Where the frame's code entry stands (never the code). */
  declare codeStatus: EmbeddedLoginStatus | undefined
  declare touched: boolean

  private readonly account = new StoreController(this, $activeAccount)
  private readonly attempt = new AttemptController(this)

  constructor() {
    super()
    this.email = ''
    this.step = 'new'
    this.codeStatus = undefined
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
    this.step = step
    await this.enterCode()
  }

  /** Shows the frame's code entry for this step and waits until the server took the code. */
  private async enterCode(): Promise<void> {
    if (this.pending || this.step === 'new') return
    const onStatus = (status: EmbeddedLoginStatus) => {
      this.codeStatus = status
    }
    this.codeStatus = 'waiting'
    if (this.step === 'primary') {
      const ok = await this.attempt.run(async () => {
        await (await embeddedWallet()).loaded.updateEmailPrimaryOtp({ onStatus })
      })
      if (ok) await this.toStep('secondary')
      else this.codeStatus = undefined
      return
    }
    const ok = await this.attempt.run(async () => {
      const { id, loaded } = await embeddedWallet()
      setConnectionEmail(id, await loaded.updateEmailSecondaryOtp({ onStatus }))
    })
    if (!ok) {
      this.codeStatus = undefined
      return
    }
    showSnack(t('updateEmail.saved'), { variant: 'success' })
    if ($canGoBack.get()) goBack()
    else replace(this.data?.redirectView ?? 'Account')
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

  private renderCode(): TemplateResult {
    const intro =
      this.step === 'primary'
        ? t('updateEmail.primaryIntro', { email: this.current })
        : t('updateEmail.secondaryIntro', { email: this.email.trim() })
    return html`<div class="stack" data-code-status=${this.codeStatus ?? 'closed'}>
      <p class="muted intro" data-intro data-step=${this.step}>${intro}</p>
      ${frameCodeStep(this.codeStatus, this.error, this.pending, () => this.enterCode())}
    </div>`
  }

  override render() {
    return this.step === 'new' ? this.renderNew() : this.renderCode()
  }
}

define('w3m-update-email-wallet-view', W3mUpdateEmailWalletView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-update-email-wallet-view': W3mUpdateEmailWalletView
  }
}
