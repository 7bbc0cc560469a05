import {
  $activeAccount,
  $canGoBack,
  type EmbeddedLoginStatus,
  type EmbeddedRecoveryFactor,
  goBack,
  replace,
  showSnack,
} from '@openmodal/core/internal'
import { html, nothing, type TemplateResult } from 'lit'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tError } from '../../../i18n/coded.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { formStyles } from '../../../styles/form-styles.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import {
  emailStyles,
  embeddedWallet,
  frameStatusLine,
  isCancel,
  rateLimitText,
} from '../email-shared.js'

/**
 * @summary ChangeRecovery: changes what recovers the embedded wallet on a new device, from a
 * device that holds its share (reached from Account when the secure frame said it can). The
 * page only asks: the secure frame mails a new code and shows its own code entry, then asks
 * for the new passkey or passphrase, and the server swaps the shares. This view says which
 * step the frame is at (sending, type the code, checking, choose the factor) and how it ended:
 * the new factor, or a cancel in the frame ("Cancelled. Nothing was changed.") with Try again.
 *
 * @csspart start-button - Starts the change (the frame mails the code).
 * @csspart retry-button - Starts it again after a cancel or a failure.
 * @csspart done-button - Back to Account once changed.
 * @csspart status - The live line with the frame's step or the outcome.
 */
export class W3mChangeRecoveryView extends OpenModalElement {
  static override properties = {
    status: { state: true },
    changed: { state: true },
    started: { state: true },
  }
  static override styles = [base, viewStyles, formStyles, emailStyles]

  /** Where the frame's code entry and factor dialog stand (never the code). */
  declare status: EmbeddedLoginStatus | undefined
  /** The new factor, once the server swapped the shares. */
  declare changed: EmbeddedRecoveryFactor | undefined
  declare started: boolean

  private readonly account = new StoreController(this, $activeAccount)
  private readonly attempt = new AttemptController(this, {
    // A 429 (the code was mailed moments ago) says when to try again, in the visitor's words.
    message: (error) =>
      isCancel(error) ? t('recovery.cancelled') : (rateLimitText(error) ?? tError(error)),
  })

  constructor() {
    super()
    this.status = undefined
    this.changed = undefined
    this.started = false
  }

  get pending(): boolean {
    return this.attempt.pending
  }

  get error(): string | undefined {
    return this.attempt.error
  }

  private get email(): string {
    return this.account.value.connectedWalletInfo?.email ?? ''
  }

  private async start(): Promise<void> {
    if (this.pending) return
    this.started = true
    this.status = 'waiting'
    let factor: EmbeddedRecoveryFactor | undefined
    const ok = await this.attempt.run(async () => {
      factor = await (await embeddedWallet()).loaded.changeRecovery({
        onStatus: (status) => {
          this.status = status
        },
      })
    })
    this.status = undefined
    if (!ok || !factor) return
    this.changed = factor
    showSnack(t('recovery.done'), { variant: 'success' })
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>('[part="done-button"]')?.focus()
  }

  private back(): void {
    if ($canGoBack.get()) goBack()
    else replace('Account')
  }

  private renderDone(factor: EmbeddedRecoveryFactor): TemplateResult {
    const text =
      factor === 'passkey'
        ? t('recovery.donePasskey')
        : factor === 'passphrase'
          ? t('recovery.donePassphrase')
          : t('recovery.done')
    return html`<div class="stack">
      <div class="status" part="status" id="status" aria-live="polite">
        <p data-done=${factor}>${text}</p>
      </div>
      <button class="button-primary wide" type="button" part="done-button" @click=${() => this.back()}>
        ${t('recovery.back')}
      </button>
    </div>`
  }

  override render() {
    if (this.changed) return this.renderDone(this.changed)
    const intro =
      this.pending && this.status !== 'recovery'
        ? t('recovery.codeIntro', { email: this.email })
        : t('recovery.intro', { email: this.email })
    return html`<div class="stack" data-status=${this.status ?? (this.pending ? 'waiting' : 'idle')}>
      <p class="muted intro" data-intro>${intro}</p>
      ${
        this.pending || this.error
          ? frameStatusLine(this.status, this.error, this.pending, t('recovery.choose'))
          : nothing
      }
      ${
        this.pending
          ? nothing
          : html`<button
              class="button-primary wide"
              type="button"
              part=${this.started ? 'retry-button' : 'start-button'}
              @click=${() => this.start()}
            >
              ${this.started ? t('common.tryAgain') : t('recovery.start')}
            </button>`
      }
    </div>`
  }
}

define('w3m-change-recovery-view', W3mChangeRecoveryView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-change-recovery-view': W3mChangeRecoveryView
  }
}
