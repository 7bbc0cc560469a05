import {
  $activeAccount,
  $activeNetwork,
  isValidRegisteredName,
  NAME_NAMESPACES,
  registerAccountName,
  replace,
  truncateAddress,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { formStyles } from '../../../styles/form-styles.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { supportedNetwork } from '../../../utils/network.js'
import { styles } from './w3m-register-account-name-view.styles.js'

/**
 * @summary RegisterAccountName: a name field checked as the visitor types against the spec §5
 * rule (letters, digits and hyphens, at least 4 characters); Register asks the connected
 * wallet to sign `Register ${name} for ${address} at ${timestamp}` and posts it to the server
 * (core's `registerAccountName`). A taken name, a wrong signer, a declined signature or a
 * server refusal shows in words under the field; success replaces the view with
 * RegisterAccountNameSuccess.
 *
 * @csspart input - The name field.
 * @csspart submit-button - Register.
 * @csspart status - The live line under the field (rule, error or "approve in wallet").
 */
export class W3mRegisterAccountNameView extends OpenModalElement {
  static override properties = {
    name: { state: true },
    touched: { state: true },
  }
  static override styles = [base, viewStyles, formStyles, styles]

  declare name: string
  declare touched: boolean

  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)

  constructor() {
    super()
    this.name = ''
    this.touched = false
  }

  // NAME_TAKEN, INVALID_SIGNATURE, SIGNATURE_DECLINED… from the catalog; a refusal the server
  // explains (NAME_REJECTED) in the server's words.
  private readonly registration = new AttemptController(this)

  /** Whether the signature and the server's answer are awaited. */
  get pending(): boolean {
    return this.registration.pending
  }

  /** The last registration's failure, as shown under the field. */
  get error(): string | undefined {
    return this.registration.error
  }

  private get valid(): boolean {
    return isValidRegisteredName(this.name)
  }

  private onInput(event: Event): void {
    this.name = (event.target as HTMLInputElement).value
    this.touched = true
    this.registration.fail(undefined)
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault()
    this.touched = true
    if (!this.valid || this.pending) return
    const name = this.name
    const address = this.account.value.address
    const network = supportedNetwork(this.network.value)
    if (!address || !network) return
    const chainId = network.caipNetworkId
    if (await this.registration.run(() => registerAccountName({ name, address, chainId }))) {
      replace('RegisterAccountNameSuccess')
    }
  }

  override render() {
    const address = this.account.value.address
    const namespace = supportedNetwork(this.network.value)?.chainNamespace
    if (!address || !namespace || !NAME_NAMESPACES.includes(namespace)) {
      return html`<div class="center"><p class="muted">${t('registerName.unsupported')}</p></div>`
    }
    const invalid = this.touched && this.name !== '' && !this.valid
    const message = this.error ?? (invalid ? t('registerName.invalid') : undefined)
    return html`<form novalidate @submit=${(event: Event) => this.submit(event)}>
      <p class="muted" data-intro>
        ${t('registerName.intro', { address: truncateAddress(address) })}
      </p>
      <div class="field">
        <label for="name">${t('registerName.label')}</label>
        <input
          id="name"
          part="input"
          name="name"
          autocomplete="off"
          autocapitalize="off"
          spellcheck="false"
          minlength="4"
          maxlength="64"
          .value=${this.name}
          ?disabled=${this.pending}
          aria-invalid=${message ? 'true' : 'false'}
          aria-describedby="status hint"
          @input=${(event: Event) => this.onInput(event)}
        />
        <p class="muted small" id="hint">${t('registerName.hint')}</p>
      </div>
      <div class="status" part="status" id="status" aria-live="polite">
        ${
          message
            ? html`<p class="error-text" data-error>${message}</p>`
            : this.pending
              ? html`<p class="signing" data-signing>
                <wui-spinner aria-hidden="true"></wui-spinner>${t('registerName.signing')}
              </p>`
              : nothing
        }
      </div>
      <button
        class="button-primary wide"
        part="submit-button"
        type="submit"
        ?disabled=${!this.valid || this.pending}
      >
        ${t('registerName.submit')}
      </button>
    </form>`
  }
}

define('w3m-register-account-name-view', W3mRegisterAccountNameView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-register-account-name-view': W3mRegisterAccountNameView
  }
}
