// The NFTs panel, in the Account view over real HTTP: the test server answers the blockchain API
// contract (src/test/blockchain-api-server.mjs) per address.

import { expect, fixture, html } from '@open-wc/testing'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { HOSTILE, openAccount, selectTab, text } from '../../../test/account-fixtures.js'
import '../../../test/define-modal.js'
import { deep, deepAll, resetAll, settle, until } from '../../../test/helpers.js'

describe('Account NFTs panel', () => {
  let modal: W3mModal

  beforeEach(async () => {
    delete window.__pwned
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('NFTs loads previews only from http(s) and inline images, never javascript: or data:text/html; names are text', async () => {
    const view = await openAccount(modal)
    await selectTab(view, 'nfts')
    const panel = await until(() => deep(view, 'w3m-account-nfts'), 'the NFTs panel')
    const cards = await until(() => {
      const found = deepAll(panel, '[part="nft"]')
      return found.length === 5 ? found : null
    }, 'five NFTs')
    const src = (card: HTMLElement | undefined) => card?.querySelector('img')?.getAttribute('src')
    expect(src(cards[0])).to.equal(`${location.origin}/fixture/nft.png`)
    expect(src(cards[1]), 'javascript: preview').to.equal(undefined)
    expect(src(cards[2]), 'data:text/html preview').to.equal(undefined)
    expect(src(cards[3])).to.match(/^data:image\/png;base64,/)
    expect(src(cards[4])).to.equal(undefined)
    expect(text(cards[1]?.querySelector('[data-name]'))).to.equal(`Kitty ${HOSTILE}`)
    const sources = deepAll(panel, 'img').map((img) => img.getAttribute('src') ?? '')
    expect(sources.filter((s) => /^(javascript|data:text)/i.test(s))).to.deep.equal([])
    expect(
      performance
        .getEntriesByType('resource')
        .filter((entry) => /^(javascript|data:text)/i.test(entry.name)),
    ).to.deep.equal([])
    expect(window.__pwned).to.equal(undefined)
    await settle()
    await expect(modal).to.be.accessible()
  })
})
