// Networks, rendered in the modal over the core test adapter.

import { expect, fixture, html } from '@open-wc/testing'
import { $activeNetwork, $modal, $view, push } from '@openmodal/core/internal'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import {
  deep,
  deepAll,
  deferred,
  mainnet,
  optimism,
  resetAll,
  settle,
  setupClient,
  setupConnected,
  showView,
  until,
  walletIcon,
} from '../../../test/helpers.js'

describe('Networks view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('Networks routes through SwitchNetwork when connected and goes back past it on success', async () => {
    const adapter = await setupConnected()
    const hold = deferred()
    const original = adapter.switchNetwork.bind(adapter)
    adapter.switchNetwork = async (network) => {
      await hold.promise
      return original(network)
    }
    await showView(modal, 'w3m-account-view', 'Account')
    push('Networks')
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'networks')
    const op = await until(() => deep(view, `[data-network="${optimism.caipNetworkId}"]`), 'op')
    op.click()
    const switching = await until(
      () => deep(modal, 'w3m-router', 'w3m-switch-network-view'),
      'the switch view',
    )
    expect($view.get().view).to.equal('SwitchNetwork')
    await until(() => deep(switching, 'wui-spinner'), 'the spinner')
    expect(deep(switching, '.headline')?.textContent?.trim()).to.equal('Approve in wallet')
    expect(deep(switching, '[data-network-name]')?.textContent?.trim()).to.equal(
      'Switch to OP Mainnet',
    )
    // The connected wallet's own icon, so the visitor knows where to look.
    expect(deep(switching, '[part="wallet-image"] > img')?.getAttribute('src')).to.equal(walletIcon)
    await settle()
    await expect(modal).to.be.accessible()
    hold.resolve()
    await until(() => $view.get().view === 'Account', 'going back to Account')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:10')
    expect(adapter.calls).to.include('switchNetwork:10')
  })

  it('Networks switches in place without a wallet, and closes when it was the first view', async () => {
    setupClient()
    const view = await showView(modal, 'w3m-networks-view', 'Networks')
    ;(await until(() => deep(view, '[data-network="eip155:10"]'), 'op')).click()
    await until(() => !$modal.get().open, 'the modal to close')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:10')
  })

  it('Networks lists the networks with icon, name and the selected one', async () => {
    setupClient()
    const view = await showView(modal, 'w3m-networks-view', 'Networks')
    const items = await until(() => {
      const found = deepAll(view, '[part="network"]')
      return found.length === 3 ? found : null
    }, 'three networks')
    expect(items.map((b) => b.querySelector('.name')?.textContent)).to.deep.equal([
      'Ethereum',
      'OP Mainnet',
      'Polygon',
    ])
    expect(items.map((b) => b.getAttribute('aria-current'))).to.deep.equal(['true', null, null])
    expect(items[0]?.querySelector('img')?.getAttribute('src')).to.equal(mainnet.assets?.imageUrl)
    expect(items[1]?.querySelector('img')).to.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
  })
})
