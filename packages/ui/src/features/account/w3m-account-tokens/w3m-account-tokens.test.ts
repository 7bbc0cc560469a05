// The Tokens panel, in the Account view over real HTTP: the test server answers the blockchain API
// contract (src/test/blockchain-api-server.mjs) per address.

import { expect, fixture, html } from '@open-wc/testing'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { HOSTILE, openAccount, text } from '../../../test/account-fixtures.js'
import '../../../test/define-modal.js'
import { deep, deepAll, resetAll, settle, until } from '../../../test/helpers.js'

describe('Account Tokens panel', () => {
  let modal: W3mModal

  beforeEach(async () => {
    delete window.__pwned
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('Tokens lists icon, name, amount (3 decimals, truncated) and fiat (2 decimals); HTML in a symbol is text', async () => {
    const view = await openAccount(modal)
    const tokens = await until(() => deep(view, 'w3m-account-tokens'), 'the tokens panel')
    const rows = await until(() => {
      const found = deepAll(tokens, '[part="token"]')
      return found.length === 3 ? found : null
    }, 'three tokens')
    const [eth, usdc, evil] = rows as [HTMLElement, HTMLElement, HTMLElement]
    expect(text(eth.querySelector('[data-name]'))).to.equal('Ether')
    expect(text(eth.querySelector('[data-amount]'))).to.equal('1.234 ETH')
    expect(text(eth.querySelector('[data-fiat]'))).to.equal('$3,703.70')
    expect(text(usdc.querySelector('[data-amount]'))).to.equal('12.999 USDC')
    expect(text(usdc.querySelector('[data-fiat]'))).to.equal('$12.99')
    expect(usdc.querySelector('img')?.getAttribute('src')).to.equal(
      `${location.origin}/fixture/usdc.png`,
    )
    // The hostile token: its symbol and name are text, its javascript: icon is never used.
    expect(text(evil.querySelector('[data-amount]'))).to.equal(`0.000 ${HOSTILE}`)
    expect(text(evil.querySelector('[data-name]'))).to.equal(`Evil ${HOSTILE}`)
    expect(evil.querySelector('img')?.getAttribute('src')).to.equal(undefined)
    expect(text(evil.querySelector('[data-fiat]'))).to.equal('No price')
    expect(window.__pwned).to.equal(undefined)
    await settle()
    await expect(modal).to.be.accessible()
  })
})
