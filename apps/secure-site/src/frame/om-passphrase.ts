import { css, html, LitElement } from 'lit'
import { MIN_PASSPHRASE_LENGTH } from '../keys/recovery.js'

/**
 * Asks for the recovery passphrase inside the secure frame (`passphrase` recovery mode): a new
 * one, typed twice, when the wallet is created; the existing one on a new device. The
 * passphrase never leaves the frame.
 *
 * @summary The recovery passphrase dialog of the secure frame.
 * @event om-passphrase - `detail: { passphrase: string }`
 * @csspart panel - The dialog panel.
 */
export class OmPassphrase extends LitElement {
  static override properties = {
    mode: { type: String },
    error: { type: String },
  }

  declare mode: 'create' | 'enter'
  declare error: string

  static override styles = css`
    :host {
      position: fixed;
      inset: 0;
      display: grid;
      place-items: center;
      background: rgb(0 0 0 / 0.4);
      font: 14px/1.4 system-ui, sans-serif;
    }
    form {
      width: min(360px, calc(100vw - 32px));
      background: #fff;
      color: #141414;
      border-radius: 16px;
      padding: 20px;
      display: grid;
      gap: 8px;
    }
    h1 { font-size: 16px; margin: 0; }
    input { font: inherit; padding: 8px; border-radius: 8px; border: 1px solid #767676; }
    .error { color: #b00020; margin: 0; }
    button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #0052cc; background: #0052cc; color: #fff; cursor: pointer; }
  `

  constructor() {
    super()
    this.mode = 'enter'
    this.error = ''
  }

  protected override firstUpdated() {
    this.renderRoot.querySelector('input')?.focus()
  }

  private submit(event: SubmitEvent) {
    event.preventDefault()
    const inputs = [...this.renderRoot.querySelectorAll('input')].map((input) => input.value)
    const [passphrase = '', again] = inputs
    if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
      this.error = `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`
      return
    }
    if (this.mode === 'create' && passphrase !== again) {
      this.error = 'The passphrases differ.'
      return
    }
    this.dispatchEvent(
      new CustomEvent('om-passphrase', { detail: { passphrase }, bubbles: true, composed: true }),
    )
  }

  override render() {
    const creating = this.mode === 'create'
    return html`<div role="dialog" aria-modal="true" aria-labelledby="title"><form part="panel" @submit=${this.submit}>
      <h1 id="title">${creating ? 'Choose a recovery passphrase' : 'Enter your recovery passphrase'}</h1>
      <label>Passphrase <input type="password" name="passphrase" autocomplete=${creating ? 'new-password' : 'current-password'} required /></label>
      ${creating ? html`<label>Repeat it <input type="password" name="again" autocomplete="new-password" required /></label>` : null}
      <p class="error" role="alert">${this.error}</p>
      <button type="submit">Continue</button>
    </form></div>`
  }
}

if (!customElements.get('om-passphrase')) customElements.define('om-passphrase', OmPassphrase)

declare global {
  interface HTMLElementTagNameMap {
    'om-passphrase': OmPassphrase
  }
}

/**
 * Shows the dialog until `use(passphrase)` resolves; a rejection of `use` (a wrong passphrase)
 * shows its message and asks again.
 *
 * @example
 * const keys = await askPassphrase('enter', (passphrase) => recoverWallet(vault, commitment, passphrase))
 */
export function askPassphrase<T>(
  mode: 'create' | 'enter',
  use: (passphrase: string) => Promise<T>,
): Promise<T> {
  const element = document.createElement('om-passphrase')
  element.mode = mode
  document.body.append(element)
  return new Promise<T>((resolve) => {
    element.addEventListener('om-passphrase', async (event) => {
      element.error = ''
      try {
        const result = await use((event as CustomEvent<{ passphrase: string }>).detail.passphrase)
        element.remove()
        resolve(result)
      } catch (error) {
        element.error = error instanceof Error ? error.message : 'Something went wrong'
      }
    })
  })
}
