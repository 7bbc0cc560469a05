// The account and network groups: Account, Networks, SwitchNetwork and UnsupportedChain,
// rendered in the modal over the core test adapter.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeNetwork,
  $modal,
  $view,
  connect,
  openModal,
  push,
  reset,
  type View,
} from '@openmodal/core'
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import '../../modal/w3m-modal/w3m-modal.js'
import type { W3mModal } from '../../modal/w3m-modal/w3m-modal.js'
import {
  deep,
  deepAll,
  mainnet,
  optimism,
  resetAll,
  settle,
  setupClient,
  until,
} from '../../test/helpers.js'

async function show(modal: W3mModal, tag: string, ...views: View[]) {
  const [first, ...rest] = views
  reset(first ?? 'Account')
  for (const view of rest) push(view)
  openModal()
  await modal.updateComplete
  return until(() => deep(modal, 'w3m-router', tag), tag)
}

async function connected(): Promise<TestAdapter> {
  const adapter = setupClient()
  await connect({ connectorId: 'io.alpha' })
  return adapter
}

describe('Account and network views', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('Account shows the truncated address, balance and network', async () => {
    await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    const address = await until(() => deep(view, '[data-address]'), 'the address')
    expect(address.textContent?.trim()).to.equal('0x11…111111')
    await until(() => deep(view, '[data-balance]')?.textContent?.includes('ETH'), 'the balance')
    expect(deep(view, '[data-balance]')?.textContent?.trim()).to.equal('1.234 ETH')
    const network = deep(view, '[part="network-button"]') as HTMLButtonElement
    expect(network.getAttribute('aria-label')).to.equal('Network: Ethereum')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('Account copies the address to the clipboard and confirms with a toast', async () => {
    await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    const written: string[] = []
    const original = navigator.clipboard.writeText
    navigator.clipboard.writeText = async (text: string) => {
      written.push(text)
    }
    try {
      const copy = await until(() => deep(view, '[part="copy-button"]'), 'copy')
      expect(copy.getAttribute('aria-label')).to.equal('Copy address')
      copy.click()
      await until(() => written.length, 'the clipboard write')
      expect(written).to.deep.equal(['0x1111111111111111111111111111111111111111'])
      const toast = deep(modal, '[part~="toast"]') as HTMLElement
      await until(() => toast.shadowRoot?.textContent?.includes('Address copied'), 'the toast')
    } finally {
      navigator.clipboard.writeText = original
    }
  })

  it('Account disconnects through core and closes the modal', async () => {
    const adapter = await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    const button = await until(() => deep(view, '[part="disconnect-button"]'), 'disconnect')
    expect(button.textContent?.trim()).to.equal('Disconnect')
    button.click()
    await until(() => !$modal.get().open, 'the modal to close')
    expect(adapter.calls).to.include('disconnect')
    expect(adapter.connected).to.equal(false)
  })

  it('Account opens Networks from the network button', async () => {
    await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    ;(await until(() => deep(view, '[part="network-button"]'), 'network')).click()
    await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'networks')
    expect($view.get().view).to.equal('Networks')
  })

  it('Networks lists the networks with icon, name and the selected one', async () => {
    setupClient()
    const view = await show(modal, 'w3m-networks-view', 'Networks')
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

  it('Networks switches through the wallet, shows progress, and goes back on success', async () => {
    const adapter = await connected()
    await show(modal, 'w3m-account-view', 'Account')
    push('Networks')
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'networks')
    const op = await until(() => deep(view, `[data-network="${optimism.caipNetworkId}"]`), 'op')
    op.click()
    expect((view as unknown as { pending?: string }).pending).to.equal('eip155:10')
    await until(() => $view.get().view === 'Account', 'going back to Account')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:10')
    expect(adapter.calls).to.include('switchNetwork:10')
  })

  it('Networks shows the error when the wallet cannot switch', async () => {
    await connected()
    const view = await show(modal, 'w3m-networks-view', 'Networks')
    // The test wallet does not know chain 137: it answers 4902 "Unrecognized chain ID".
    const polygon = await until(() => deep(view, '[data-network="eip155:137"]'), 'polygon')
    polygon.click()
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    expect(error.textContent).to.equal('Unrecognized chain ID')
    expect($view.get().view).to.equal('Networks')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:1')
  })

  it('UnsupportedChain explains and switches back to a supported network', async () => {
    const adapter = await connected()
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

  it('SwitchNetwork switches to data.network and goes back', async () => {
    const adapter = await connected()
    reset('Account')
    push('SwitchNetwork', { network: optimism })
    openModal()
    await until(() => $view.get().view === 'Account', 'going back')
    expect(adapter.calls).to.include('switchNetwork:10')
  })
})
