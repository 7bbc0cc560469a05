import { expect } from '@open-wc/testing'
import type { RecoverySecret } from '../keys/recovery.js'
import {
  chooseRecovery,
  type OmPasskey,
  RecoveryCancelledError,
  unlockRecovery,
} from './om-passkey.js'

const buttons = (element: OmPasskey) => [...(element.shadowRoot?.querySelectorAll('button') ?? [])]

describe('om-passkey', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('om-passkey')) element.remove()
    document.documentElement.dir = ''
  })

  for (const [theme, dir] of [
    ['light', 'ltr'],
    ['dark', 'ltr'],
    ['light', 'rtl'],
  ] as const) {
    it(`offers a passkey or a passphrase, accessible (${theme}, ${dir})`, async () => {
      document.documentElement.dir = dir
      const element = document.createElement('om-passkey')
      element.mode = 'create'
      element.theme = theme
      document.body.append(element)
      await element.updateComplete
      expect(buttons(element).map((button) => button.textContent)).to.deep.equal([
        'Use a passphrase instead',
        'Create a passkey',
      ])
      // Focus starts on the main action; both are keyboard-reachable buttons.
      expect(element.shadowRoot?.activeElement?.textContent).to.equal('Create a passkey')
      await expect(element).to.be.accessible()
      element.mode = 'unlock'
      await element.updateComplete
      expect(buttons(element).map((button) => button.textContent)).to.deep.equal([
        'Cancel',
        'Use your passkey',
      ])
      await expect(element).to.be.accessible()
    })
  }

  it('a factor change offers Cancel and Escape; nothing is used', async () => {
    const used: RecoverySecret[] = []
    const choosing = chooseRecovery(
      { userId: 'u1', email: 'a@example.com', preferPassphrase: false, cancellable: true },
      async (secret) => {
        used.push(secret)
        return 'changed'
      },
    )
    let element = document.querySelector('om-passkey') as OmPasskey | null
    for (let i = 0; !element && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      element = document.querySelector('om-passkey')
    }
    if (!element) throw new Error('no dialog')
    await element.updateComplete
    expect(buttons(element).map((button) => button.textContent)).to.deep.equal([
      'Cancel',
      'Use a passphrase instead',
      'Create a passkey',
    ])
    await expect(element).to.be.accessible()
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    let error: unknown
    await choosing.catch((caught) => {
      error = caught
    })
    expect(error).to.be.instanceOf(RecoveryCancelledError)
    expect(used).to.deep.equal([])
    expect(document.querySelector('om-passkey')).to.equal(null)
  })

  it('on a new device: Escape cancels the recovery, nothing is unlocked', async () => {
    const used: RecoverySecret[] = []
    const unlocking = unlockRecovery(
      { kind: 'passkey', credentialId: 'AAECAw', salt: btoa('x'.repeat(32)) },
      async (secret) => {
        used.push(secret)
        return 'unlocked'
      },
    )
    const element = document.querySelector('om-passkey') as OmPasskey
    await element.updateComplete
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    let error: unknown
    await unlocking.catch((caught) => {
      error = caught
    })
    expect(error).to.be.instanceOf(RecoveryCancelledError)
    expect(used).to.deep.equal([])
    expect(document.querySelector('om-passkey')).to.equal(null)
  })
})
