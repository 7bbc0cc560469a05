// SwitchNetwork, rendered in the modal over the core test adapter.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeNetwork,
  $view,
  adapterError,
  chainError,
  getAdapter,
  openModal,
  push,
  reset,
  setLocale,
} from '@openmodal/core/internal'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import { loadLocale, t } from '../../../i18n/index.js'
import {
  deep,
  optimism,
  resetAll,
  settle,
  setupConnected,
  showView,
  until,
} from '../../../test/helpers.js'

describe('SwitchNetwork view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    setLocale('en')
    resetAll()
  })

  it('SwitchNetwork shows the wallet error with Try again, and the retry can succeed', async () => {
    const adapter = await setupConnected()
    let failures = 1
    const original = adapter.switchNetwork.bind(adapter)
    adapter.switchNetwork = async (network) => {
      if (failures-- > 0) throw adapterError('NO_PROGRAMMATIC_SWITCH')
      return original(network)
    }
    const view = await showView(modal, 'w3m-networks-view', 'Account', 'Networks')
    ;(await until(() => deep(view, '[data-network="eip155:10"]'), 'op')).click()
    const switching = await until(
      () => deep(modal, 'w3m-router', 'w3m-switch-network-view'),
      'the switch view',
    )
    const error = await until(() => deep(switching, '[data-error]'), 'the error')
    expect(error.textContent).to.equal('connector does not support programmatic chain switching')
    expect(deep(switching, 'wui-spinner')).to.equal(null)
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:1')
    await settle()
    await expect(modal).to.be.accessible()
    ;(deep(switching, '[part="retry-button"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'Account', 'going back to Account')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:10')
  })

  it('SwitchNetwork shows "Chain is not supported" when the wallet cannot add the chain', async () => {
    await setupConnected()
    const view = await showView(modal, 'w3m-networks-view', 'Networks')
    // The test wallet does not know chain 137: the adapter answers "Chain is not supported".
    const adapter = getAdapter('eip155')
    if (!adapter) throw new Error('no adapter')
    adapter.switchNetwork = async () => {
      throw adapterError('CHAIN_NOT_SUPPORTED', { details: 'eip155:137' })
    }
    ;(await until(() => deep(view, '[data-network="eip155:137"]'), 'polygon')).click()
    const switching = await until(
      () => deep(modal, 'w3m-router', 'w3m-switch-network-view'),
      'the switch view',
    )
    const error = await until(() => deep(switching, '[data-error]'), 'the error')
    expect(error.textContent).to.equal('Chain is not supported')
    expect($view.get().view).to.equal('SwitchNetwork')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:1')
  })

  it('SwitchNetwork switches to data.network and goes back', async () => {
    const adapter = await setupConnected()
    reset('Account')
    push('SwitchNetwork', { network: optimism })
    openModal()
    await until(() => $view.get().view === 'Account', 'going back')
    expect(adapter.calls).to.include('switchNetwork:10')
  })

  it('SwitchNetwork without a network says none was chosen, and passes axe', async () => {
    const adapter = await setupConnected()
    const view = await showView(modal, 'w3m-switch-network-view', 'Account', 'SwitchNetwork')
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    expect(error.textContent).to.equal(t('switchNetwork.missing'))
    expect(adapter.calls.some((call) => call.startsWith('switchNetwork'))).to.equal(false)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('shows an adapter error in the visitor’s language, with its values', async () => {
    const adapter = await setupConnected()
    setLocale('de')
    await loadLocale('de')
    const errors = [
      adapterError('NO_PROGRAMMATIC_SWITCH'),
      // What the Solana and Bitcoin adapters throw for a node's 502.
      chainError('HTTP_ERROR', { values: { status: 502 }, details: 'getBalance' }),
    ]
    adapter.switchNetwork = async () => {
      throw errors.shift()
    }
    const view = await showView(modal, 'w3m-networks-view', 'Account', 'Networks')
    ;(await until(() => deep(view, '[data-network="eip155:10"]'), 'op')).click()
    const switching = await until(
      () => deep(modal, 'w3m-router', 'w3m-switch-network-view'),
      'the switch view',
    )
    await until(
      () =>
        deep(switching, '[data-error]')?.textContent ===
        'Diese Wallet kann das Netzwerk nicht auf Anfrage der App wechseln',
      'the German text of NO_PROGRAMMATIC_SWITCH',
    )
    ;(deep(switching, '[part="retry-button"]') as HTMLButtonElement).click()
    await until(
      () => deep(switching, '[data-error]')?.textContent === 'HTTP-Statuscode: 502',
      'the German text of HTTP_ERROR with its status',
    )
  })
})
