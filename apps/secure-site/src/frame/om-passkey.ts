import { html, LitElement, nothing } from 'lit'
import type { RecoveryFactor, RecoverySecret } from '../keys/recovery.js'
import { newPrfSalt } from '../keys/recovery.js'
import { dialogStyles, frameLook } from './look.js'
import { askPassphrase, RecoveryCancelledError } from './om-passphrase.js'
import { createPasskey, PrfUnavailableError, passkeyPrf, prfMaybeSupported } from './passkey.js'

export type PasskeyAction = 'passkey' | 'passphrase' | 'cancel'

/**
 * The recovery passkey dialog of the secure frame: on the first login it offers to protect the
 * wallet with a passkey of this site (or a passphrase instead); on a new device it asks for that
 * passkey. Buttons only: the browser's own passkey sheet does the rest.
 *
 * @summary Create or use the wallet's recovery passkey inside the secure frame.
 * @event om-passkey-action - `detail: { action: 'passkey' | 'passphrase' | 'cancel' }`
 * @csspart panel - The dialog panel.
 */
export class OmPasskey extends LitElement {
  static override properties = {
    mode: { type: String },
    error: { type: String },
    busy: { type: Boolean },
    cancellable: { type: Boolean },
    theme: { type: String, reflect: true },
  }

  declare mode: 'create' | 'unlock'
  declare error: string
  declare busy: boolean
  /** A new factor for an existing wallet (a change the visitor may give up): Cancel shows. */
  declare cancellable: boolean
  declare theme: 'light' | 'dark'

  static override styles = dialogStyles

  constructor() {
    super()
    this.mode = 'create'
    this.error = ''
    this.busy = false
    this.cancellable = false
    this.theme = frameLook.theme
  }

  override connectedCallback() {
    super.connectedCallback()
    this.addEventListener('keydown', this.onKeydown)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    this.removeEventListener('keydown', this.onKeydown)
  }

  protected override firstUpdated() {
    this.renderRoot.querySelector<HTMLButtonElement>('button.primary')?.focus()
  }

  private onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && (this.mode === 'unlock' || this.cancellable) && !this.busy) {
      event.preventDefault()
      this.act('cancel')
    }
  }

  private act(action: PasskeyAction) {
    this.dispatchEvent(
      new CustomEvent('om-passkey-action', { detail: { action }, bubbles: true, composed: true }),
    )
  }

  override render() {
    const creating = this.mode === 'create'
    return html`<div part="panel" role="dialog" aria-modal="true" aria-labelledby="title" aria-describedby="note" aria-busy=${this.busy ? 'true' : 'false'}>
      <h1 id="title">${creating ? 'Protect your wallet' : 'Unlock your wallet'}</h1>
      <p id="note" class="note">${
        creating
          ? 'A passkey of this secure site lets you recover your wallet on a new device. Only you hold it: without it (or a passphrase), nobody can recover the wallet, not even the operator.'
          : 'This is a new device. Use the passkey you created for this wallet to recover it here.'
      }</p>
      <p class="error" role="alert">${this.error}</p>
      <div class="actions">
        ${
          creating
            ? html`${this.cancellable ? html`<button type="button" ?disabled=${this.busy} @click=${() => this.act('cancel')}>Cancel</button>` : nothing}<button type="button" ?disabled=${this.busy} @click=${() => this.act('passphrase')}>Use a passphrase instead</button>`
            : html`<button type="button" ?disabled=${this.busy} @click=${() => this.act('cancel')}>Cancel</button>`
        }
        <button type="button" class="primary" ?disabled=${this.busy} @click=${() => this.act('passkey')}>${creating ? 'Create a passkey' : 'Use your passkey'}</button>
      </div>
    </div>`
  }
}

if (!customElements.get('om-passkey')) customElements.define('om-passkey', OmPasskey)

declare global {
  interface HTMLElementTagNameMap {
    'om-passkey': OmPasskey
  }
}

export { RecoveryCancelledError } from './om-passphrase.js'

const message = (error: unknown) => {
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return 'The passkey was not used. Try again.'
  }
  return error instanceof Error ? error.message : 'Something went wrong'
}

/**
 * Shows the passkey dialog and runs `onAction` for each click until it returns a value; what it
 * throws is shown and the dialog stays.
 */
function passkeyDialog<T>(
  mode: 'create' | 'unlock',
  onAction: (action: PasskeyAction, element: OmPasskey) => Promise<T | undefined>,
  cancellable = false,
): Promise<T> {
  const element = document.createElement('om-passkey')
  element.mode = mode
  element.cancellable = cancellable
  document.body.append(element)
  return new Promise<T>((resolve, reject) => {
    element.addEventListener('om-passkey-action', async (event) => {
      if (element.busy) return
      element.busy = true
      element.error = ''
      try {
        const result = await onAction(
          (event as CustomEvent<{ action: PasskeyAction }>).detail.action,
          element,
        )
        if (result !== undefined) {
          element.remove()
          resolve(result)
        }
      } catch (error) {
        if (error instanceof RecoveryCancelledError) {
          element.remove()
          reject(error)
        } else element.error = message(error)
      } finally {
        element.busy = false
      }
    })
  })
}

const PASSPHRASE_FALLBACK =
  'This browser cannot protect your wallet with a passkey (no PRF support): choose a recovery passphrase.'

/**
 * Asks the visitor how to lock the recovery share of a new wallet, then runs `use` with it until
 * it succeeds: a passkey of this site (default), or a passphrase (the visitor's choice, the
 * host's `recovery=passphrase` preference, or a browser without PRF, which the dialog says).
 *
 * @example
 * const shares = await chooseRecovery({ userId, email }, (secret) => createWallet(secret))
 */
export async function chooseRecovery<T>(
  who: { userId: string; email: string; preferPassphrase?: boolean; cancellable?: boolean },
  use: (secret: RecoverySecret) => Promise<T>,
): Promise<T> {
  // A change may be given up in the passphrase dialog too; a first wallet's may not.
  const withPassphrase = (note?: string) =>
    askPassphrase(
      'create',
      (passphrase) => use({ kind: 'passphrase', passphrase }),
      note,
      who.cancellable,
    )
  if (who.preferPassphrase) return withPassphrase()
  if (!(await prfMaybeSupported())) return withPassphrase(PASSPHRASE_FALLBACK)
  const salt = newPrfSalt()
  let created: { credentialId: string } | undefined
  const choice = await passkeyDialog<{ result: T } | { passphrase: string | undefined }>(
    'create',
    async (action) => {
      if (action === 'passphrase') return { passphrase: undefined }
      if (action === 'cancel') {
        if (who.cancellable) throw new RecoveryCancelledError()
        return undefined
      }
      try {
        // A second click after a create that gave no PRF output uses the passkey just made.
        let prf: Uint8Array | undefined
        if (!created) {
          const passkey = await createPasskey({ userId: who.userId, userName: who.email, salt })
          created = passkey
          prf = passkey.prf
        }
        prf ??= await passkeyPrf({ credentialId: created.credentialId, salt })
        const { credentialId } = created
        return { result: await use({ kind: 'passkey', credentialId, salt, prf }) }
      } catch (error) {
        if (error instanceof PrfUnavailableError) return { passphrase: PASSPHRASE_FALLBACK }
        throw error
      }
    },
    who.cancellable,
  )
  return 'result' in choice ? choice.result : withPassphrase(choice.passphrase)
}

/**
 * Opens the recovery share on a new device with the wallet's factor, asking the visitor for
 * the passkey or the passphrase until `use` succeeds.
 *
 * @example
 * const recovered = await unlockRecovery(vault.factor, (secret) => recoverWallet(vault, commitment, secret))
 */
export function unlockRecovery<T>(
  factor: RecoveryFactor,
  use: (secret: RecoverySecret) => Promise<T>,
): Promise<T> {
  switch (factor.kind) {
    case 'custodial':
      return use({ kind: 'custodial' })
    case 'passphrase':
      // A new device may give up, as with the passkey: nothing changed on the server.
      return askPassphrase(
        'enter',
        (passphrase) => use({ kind: 'passphrase', passphrase }),
        '',
        true,
      )
    case 'passkey':
      return passkeyDialog('unlock', async (action) => {
        if (action === 'cancel') throw new RecoveryCancelledError()
        const prf = await passkeyPrf(factor)
        return use({ kind: 'passkey', credentialId: factor.credentialId, salt: factor.salt, prf })
      })
  }
}
