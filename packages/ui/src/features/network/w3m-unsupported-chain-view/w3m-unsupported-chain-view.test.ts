// UnsupportedChain, rendered in the modal over the core test adapter.

import { expect, fixture, html } from '@open-wc/testing'
import { $activeNetwork, $modal, setLocale } from '@openmodal/core/internal'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import { deep, deepAll, resetAll, settle, setupConnected, until } from '../../../test/helpers.js'

describe('UnsupportedChain view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('UnsupportedChain explains and switches back to a supported network', async () => {
    const adapter = await setupConnected()
    adapter.emit({ type: 'chainChanged', chainId: 999 })
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-unsupported-chain-view'),
      'the unsupported chain view',
    )
    expect($modal.get().open).to.equal(true)
    expect(deep(view, '[data-intro]')?.textContent).to.contain(
      "This app doesn't support your current network.",
    )
    // Nothing is selected: the wallet is on an unknown network.
    await until(() => deepAll(view, '[part="network"]').length === 3, 'the list')
    expect(deepAll(view, '[aria-current="true"]')).to.have.length(0)
    ;(deep(view, '[data-network="eip155:1"]') as HTMLButtonElement).click()
    await until(() => !$modal.get().open, 'the modal to close')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:1')
  })

  it('UnsupportedChain renders over the unsupported placeholder in Arabic, right to left', async () => {
    const adapter = await setupConnected()
    setLocale('ar')
    adapter.emit({ type: 'chainChanged', chainId: 999 })
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-unsupported-chain-view'),
      'the unsupported chain view',
    )
    // The Arabic catalog loads with import() on first use; English shows until it arrives.
    await until(
      () => deep(view, '[data-intro]')?.textContent?.includes('لا يدعم شبكتك الحالية'),
      'the Arabic text',
    )
    expect(deep(modal, 'dialog')?.getAttribute('dir')).to.equal('rtl')
    await until(() => deepAll(view, '[part="network"]').length === 3, 'the list')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
