import { html, LitElement, nothing } from 'lit'
import { generatePassphrase, passphraseProblem } from '../keys/recovery.js'
import { dialogStyles, frameLook } from './look.js'

/**
 * Asks for the recovery passphrase inside the secure frame: a new one, typed twice (or a
 * generated one), checked for strength, when the wallet is created without a passkey; the
 * existing one on a new device. The passphrase never leaves the frame.
 *
 * @summary The recovery passphrase dialog of the secure frame.
 * @event om-passphrase - `detail: { passphrase: string }`
 * @event om-passphrase-cancel - Cancel or Escape (only when `cancellable`).
 * @csspart panel - The dialog panel.
 */
export class OmPassphrase extends LitElement {
  static override properties = {
    mode: { type: String },
    error: { type: String },
    note: { type: String },
    busy: { type: Boolean },
    cancellable: { type: Boolean },
    theme: { type: String, reflect: true },
  }

  declare mode: 'create' | 'enter'
  declare error: string
  /** Why a passphrase is asked (a browser without passkey PRF says so here). */
  declare note: string
  declare busy: boolean
  /**
   * The visitor may give up (a new device's recovery, a factor change): Cancel shows and
   * Escape cancels. A first wallet's passphrase has no way out but a passphrase.
   */
  declare cancellable: boolean
  declare theme: 'light' | 'dark'

  static override styles = dialogStyles

  constructor() {
    super()
    this.mode = 'enter'
    this.error = ''
    this.note = ''
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
    this.renderRoot.querySelector('input')?.focus()
  }

  private onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.cancellable && !this.busy) {
      event.preventDefault()
      this.cancel()
    }
  }

  private cancel() {
    if (this.busy) return
    this.dispatchEvent(new CustomEvent('om-passphrase-cancel', { bubbles: true, composed: true }))
  }

  private inputs() {
    return [...this.renderRoot.querySelectorAll('input')]
  }

  /** Fills both fields with six random words and shows them, to be written down. */
  private suggest() {
    const generated = generatePassphrase()
    for (const input of this.inputs()) {
      input.value = generated
      input.type = 'text'
    }
    this.error = ''
  }

  private submit(event: SubmitEvent) {
    event.preventDefault()
    if (this.busy) return
    const [passphrase = '', again] = this.inputs().map((input) => input.value)
    if (this.mode === 'create') {
      const problem = passphraseProblem(passphrase)
      if (problem) {
        this.error = problem
        return
      }
      if (passphrase !== again) {
        this.error = 'The passphrases differ.'
        return
      }
    } else if (!passphrase) {
      this.error = 'Enter your passphrase.'
      return
    }
    this.dispatchEvent(
      new CustomEvent('om-passphrase', { detail: { passphrase }, bubbles: true, composed: true }),
    )
  }

  override render() {
    const creating = this.mode === 'create'
    return html`<div role="dialog" aria-modal="true" aria-labelledby="title" aria-busy=${this.busy ? 'true' : 'false'}><form part="panel" @submit=${this.submit}>
      <h1 id="title">${creating ? 'Choose a recovery passphrase' : 'Enter your recovery passphrase'}</h1>
      ${this.note ? html`<p class="note">${this.note}</p>` : null}
      ${creating ? html`<p class="note">Only you hold it: without it, nobody can recover this wallet on a new device, not even the operator. Write it down.</p>` : null}
      <label>Passphrase <input type="password" name="passphrase" autocomplete=${creating ? 'new-password' : 'current-password'} required /></label>
      ${creating ? html`<label>Repeat it <input type="password" name="again" autocomplete="new-password" required /></label>` : null}
      <p class="error" role="alert">${this.error}</p>
      <p class="status" role="status">${this.busy ? 'Working on the key: this takes about 10 seconds.' : ''}</p>
      <div class="actions">
        ${this.cancellable ? html`<button type="button" ?disabled=${this.busy} @click=${this.cancel}>Cancel</button>` : nothing}
        ${creating ? html`<button type="button" ?disabled=${this.busy} @click=${this.suggest}>Suggest a passphrase</button>` : null}
        <button type="submit" ?disabled=${this.busy}>Continue</button>
      </div>
    </form></div>`
  }
}

if (!customElements.get('om-passphrase')) customElements.define('om-passphrase', OmPassphrase)

declare global {
  interface HTMLElementTagNameMap {
    'om-passphrase': OmPassphrase
  }
}

/** The visitor closed the recovery dialog: the login or the change cannot finish on this device. */
export class RecoveryCancelledError extends Error {
  override name = 'RecoveryCancelledError'
  /** EIP-1193 "user rejected": the host reads the visitor's choice by its number. */
  readonly code = 4001
  constructor() {
    super('Recovery was cancelled')
  }
}

/**
 * Shows the dialog until `use(passphrase)` resolves; a rejection of `use` (a wrong passphrase)
 * shows its message and asks again. With `cancellable`, Cancel (or Escape) closes it and
 * rejects with `RecoveryCancelledError`; a `use` under way is never cut off (Cancel waits).
 *
 * @example
 * const keys = await askPassphrase('enter', (passphrase) => recoverWallet(vault, commitment, secret))
 */
export function askPassphrase<T>(
  mode: 'create' | 'enter',
  use: (passphrase: string) => Promise<T>,
  note = '',
  cancellable = false,
): Promise<T> {
  const element = document.createElement('om-passphrase')
  element.mode = mode
  element.note = note
  element.cancellable = cancellable
  document.body.append(element)
  return new Promise<T>((resolve, reject) => {
    element.addEventListener('om-passphrase-cancel', () => {
      if (element.busy) return
      element.remove()
      reject(new RecoveryCancelledError())
    })
    element.addEventListener('om-passphrase', async (event) => {
      if (element.busy) return
      element.error = ''
      element.busy = true
      try {
        const result = await use((event as CustomEvent<{ passphrase: string }>).detail.passphrase)
        element.remove()
        resolve(result)
      } catch (error) {
        element.error = error instanceof Error ? error.message : 'Something went wrong'
      } finally {
        element.busy = false
      }
    })
  })
}
