import { expect } from '@open-wc/testing'
import { askPassphrase, type OmPassphrase } from './om-passphrase.js'

function submit(element: OmPassphrase, values: string[]) {
  const inputs = [...(element.shadowRoot?.querySelectorAll('input') ?? [])]
  inputs.forEach((input, index) => {
    input.value = values[index] ?? ''
  })
  element.shadowRoot?.querySelector('form')?.requestSubmit()
  return element.updateComplete
}

describe('om-passphrase', () => {
  afterEach(() => {
    for (const element of document.querySelectorAll('om-passphrase')) element.remove()
  })

  it('refuses a short or mismatched new passphrase, then hands over the good one', async () => {
    const used: string[] = []
    const done = askPassphrase('create', async (passphrase) => {
      used.push(passphrase)
      return 'created'
    })
    const element = document.querySelector('om-passphrase') as OmPassphrase
    await element.updateComplete
    await expect(element).to.be.accessible()
    await submit(element, ['short', 'short'])
    expect(element.shadowRoot?.querySelector('[role=alert]')?.textContent).to.equal(
      'Use at least 8 characters.',
    )
    await submit(element, ['correct horse battery', 'correct horse batterY'])
    expect(element.shadowRoot?.querySelector('[role=alert]')?.textContent).to.equal(
      'The passphrases differ.',
    )
    expect(used).to.deep.equal([])
    await submit(element, ['correct horse battery', 'correct horse battery'])
    expect(await done).to.equal('created')
    expect(used).to.deep.equal(['correct horse battery'])
    expect(document.querySelector('om-passphrase')).to.equal(null)
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
    expect(element.shadowRoot?.querySelector('[role=alert]')?.textContent).to.equal(
      'Wrong passphrase',
    )
    await submit(element, ['correct horse battery'])
    expect(await done).to.equal('opened')
  })
})
