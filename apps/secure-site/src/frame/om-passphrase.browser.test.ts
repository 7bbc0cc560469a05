import { expect } from '@open-wc/testing'
import { askPassphrase, type OmPassphrase, RecoveryCancelledError } from './om-passphrase.js'

function submit(element: OmPassphrase, values: string[]) {
  const inputs = [...(element.shadowRoot?.querySelectorAll('input') ?? [])]
  inputs.forEach((input, index) => {
    input.value = values[index] ?? ''
  })
  element.shadowRoot?.querySelector('form')?.requestSubmit()
  return element.updateComplete
}

const alertOf = (element: OmPassphrase) =>
  element.shadowRoot?.querySelector('[role=alert]')?.textContent

describe('om-passphrase', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('om-passphrase')) element.remove()
    document.documentElement.dir = ''
  })

  it('refuses a short, weak or mismatched new passphrase, then hands over the good one', async () => {
    const used: string[] = []
    const done = askPassphrase('create', async (passphrase) => {
      used.push(passphrase)
      return 'created'
    })
    const element = document.querySelector('om-passphrase') as OmPassphrase
    await element.updateComplete
    await expect(element).to.be.accessible()
    await submit(element, ['short', 'short'])
    expect(alertOf(element)).to.equal('Use at least 12 characters.')
    await submit(element, ['aaaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaa'])
    expect(alertOf(element)).to.equal('Use more different characters.')
    await submit(element, ['correct horse battery', 'correct horse batterY'])
    expect(alertOf(element)).to.equal('The passphrases differ.')
    expect(used).to.deep.equal([])
    await submit(element, ['correct horse battery', 'correct horse battery'])
    expect(await done).to.equal('created')
    expect(used).to.deep.equal(['correct horse battery'])
    expect(document.querySelector('om-passphrase')).to.equal(null)
  })

  it('suggests six random words, shown so they can be written down', async () => {
    const done = askPassphrase('create', async (passphrase) => passphrase)
    const element = document.querySelector('om-passphrase') as OmPassphrase
    await element.updateComplete
    const suggest = [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === 'Suggest a passphrase',
    )
    suggest?.click()
    const inputs = [...(element.shadowRoot?.querySelectorAll('input') ?? [])]
    expect(inputs.map((input) => input.type)).to.deep.equal(['text', 'text'])
    const words = inputs[0]?.value.split(' ') ?? []
    expect(words.length).to.equal(6)
    expect(inputs[1]?.value).to.equal(inputs[0]?.value)
    element.shadowRoot?.querySelector('form')?.requestSubmit()
    expect(await done).to.equal(words.join(' '))
  })

  it('says why a passphrase is asked, and is accessible in dark and right-to-left', async () => {
    document.documentElement.dir = 'rtl'
    void askPassphrase(
      'create',
      async () => 'x',
      'This browser cannot protect your wallet with a passkey (no PRF support): choose a recovery passphrase.',
    )
    const element = document.querySelector('om-passphrase') as OmPassphrase
    element.theme = 'dark'
    await element.updateComplete
    expect(element.shadowRoot?.textContent).to.include('no PRF support')
    await expect(element).to.be.accessible()
  })

  it('Cancel and Escape give up a recovery or a change; a first wallet has no Cancel', async () => {
    const buttons = (element: OmPassphrase) =>
      [...(element.shadowRoot?.querySelectorAll('button') ?? [])].map((b) => b.textContent)
    void askPassphrase('create', async () => 'x')
    const first = document.querySelector('om-passphrase') as OmPassphrase
    await first.updateComplete
    expect(buttons(first)).to.deep.equal(['Suggest a passphrase', 'Continue'])
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(document.querySelector('om-passphrase')).to.equal(first)
    first.remove()

    let used = 0
    const recovering = askPassphrase(
      'enter',
      async () => {
        used += 1
        return 'opened'
      },
      '',
      true,
    ).catch((error: unknown) => error)
    const element = document.querySelector('om-passphrase') as OmPassphrase
    await element.updateComplete
    await expect(element).to.be.accessible()
    const cancel = [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === 'Cancel',
    )
    cancel?.click()
    expect(await recovering).to.be.instanceOf(RecoveryCancelledError)
    expect(used).to.equal(0)
    expect(document.querySelector('om-passphrase')).to.equal(null)

    // Escape, from the focused field; while the key work runs, Cancel waits for it.
    let finish: (value: string) => void = () => {}
    const changing = askPassphrase(
      'create',
      () => new Promise<string>((resolve) => (finish = resolve)),
      '',
      true,
    )
    const dialog = document.querySelector('om-passphrase') as OmPassphrase
    await dialog.updateComplete
    expect(buttons(dialog)).to.deep.equal(['Cancel', 'Suggest a passphrase', 'Continue'])
    await submit(dialog, ['correct horse battery', 'correct horse battery'])
    dialog.shadowRoot
      ?.querySelector('input')
      ?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
      )
    expect(document.querySelector('om-passphrase')).to.equal(dialog)
    finish('changed')
    expect(await changing).to.equal('changed')

    const escaped = askPassphrase('enter', async () => 'x', '', true).catch((e: unknown) => e)
    const again = document.querySelector('om-passphrase') as OmPassphrase
    await again.updateComplete
    again.shadowRoot
      ?.querySelector('input')
      ?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
      )
    expect(await escaped).to.be.instanceOf(RecoveryCancelledError)
  })

  it('shows why a passphrase failed and asks again', async () => {
    const done = askPassphrase('enter', async (passphrase) => {
      if (passphrase !== 'correct horse battery') throw new Error('Wrong passphrase')
      return 'opened'
    })
    const element = document.querySelector('om-passphrase') as OmPassphrase
    await element.updateComplete
    expect(element.shadowRoot?.querySelectorAll('input').length).to.equal(1)
    await submit(element, ['wrong horse battery'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    await element.updateComplete
    expect(alertOf(element)).to.equal('Wrong passphrase')
    await submit(element, ['correct horse battery'])
    expect(await done).to.equal('opened')
  })
})
