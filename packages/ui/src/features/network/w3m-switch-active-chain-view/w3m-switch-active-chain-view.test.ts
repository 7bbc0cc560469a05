// SwitchActiveChain and the switch across namespaces: EVM and Solana configured, each with the
// core test adapter, rendered in the modal with <w3m-button> beside it.

import { expect, fixture, html } from '@open-wc/testing'
import { createTestAdapter, type TestAdapter } from '@openmodal/core/adapter-contract'
import {
  $accounts,
  $activeNamespace,
  $modal,
  $view,
  connect,
  createModalClient,
  openModal,
  push,
  reset,
} from '@openmodal/core/internal'
import '../../../elements/w3m-button/w3m-button.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  deep,
  deepAll,
  mainnet,
  optimism,
  resetAll,
  settle,
  solana,
  until,
  WALLETS,
} from '../../../test/helpers.js'

const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const SOL_SHORT = '7EcD…wCFLtV'

function setupTwoNamespaces(): { evm: TestAdapter; sol: TestAdapter } {
  resetAll()
  const evm = createTestAdapter({ wallets: WALLETS, knownChainIds: [1, 10] })
  const sol = createTestAdapter({
    namespace: 'solana',
    wallets: [
      { id: 'Sol Wallet', name: 'Sol Wallet' },
      // The same wallet as the EVM one: listed once, as MULTI_CHAIN.
      { id: 'Alpha Wallet', name: 'Alpha Wallet' },
    ],
    accounts: [SOL_ADDRESS],
    chainId: solana.id,
    balance: 3_000_000_000n,
  })
  createModalClient({
    projectId: 'test-project',
    // As setupClient: the test server, which answers no project API.
    apiUrl: location.origin,
    networks: [mainnet, optimism, solana],
    adapters: [evm, sol],
  })
  return { evm, sol }
}

const connectCalls = (adapter: TestAdapter) => adapter.calls.filter((c) => c.startsWith('connect:'))

describe('SwitchActiveChain', () => {
  let modal: W3mModal
  let button: HTMLElement

  beforeEach(async () => {
    const host = await fixture<HTMLElement>(
      html`<div><w3m-button></w3m-button><w3m-modal></w3m-modal></div>`,
    )
    modal = host.querySelector('w3m-modal') as W3mModal
    button = host.querySelector('w3m-button') as HTMLElement
  })

  afterEach(() => resetAll())

  async function pickNetwork(caipNetworkId: string) {
    reset('Account')
    push('Networks')
    openModal()
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'networks')
    ;(await until(() => deep(view, `[data-network="${caipNetworkId}"]`), caipNetworkId)).click()
  }

  const buttonText = () =>
    deep(button, 'w3m-account-button', '[data-address]')?.textContent?.trim() ??
    deep(button, 'w3m-connect-button', 'button')?.textContent?.trim()

  it('asks for a Solana wallet, lists only Solana wallets and connects only Solana', async () => {
    const { evm, sol } = setupTwoNamespaces()
    await connect({ connectorId: 'io.gamma' })
    await until(() => buttonText() === '0x11…111111', 'the EVM account on the button')
    await pickNetwork(solana.caipNetworkId)
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-switch-active-chain-view'),
      'the switch-active-chain view',
    )
    expect($view.get().view).to.equal('SwitchActiveChain')
    expect($view.get().data).to.deep.include({
      switchToChain: 'solana',
      navigateTo: 'Connect',
      navigateWithReplace: true,
    })
    expect($view.get().data?.network?.caipNetworkId).to.equal(solana.caipNetworkId)
    expect(deep(view, '[data-title]')?.textContent?.trim()).to.equal('Switch to Solana')
    expect(deep(view, '[data-hint]')?.textContent?.trim()).to.equal(
      'No Solana wallet is connected. Connect one to use Solana.',
    )
    // Nothing switched until the visitor agrees.
    expect($activeNamespace.get()).to.equal('eip155')
    await settle()
    await expect(modal).to.be.accessible()

    const go = deep(view, '[part="switch-button"]') as HTMLButtonElement
    expect(go.textContent?.trim()).to.equal('Connect a wallet for Solana')
    go.click()
    const connectView = await until(
      () => deep(modal, 'w3m-router', 'w3m-connect-view'),
      'the connect view',
    )
    expect($activeNamespace.get()).to.equal('solana')
    // Replaced, so Back returns to Networks.
    expect($view.get()).to.deep.equal({ view: 'Connect', data: { namespace: 'solana' } })
    const names = await until(() => {
      const rows = deepAll(connectView, 'wui-wallet-list', '[data-id]')
      return rows.length ? rows.map((r) => r.getAttribute('data-id')) : undefined
    }, 'the wallet rows')
    expect(names).to.deep.equal(['io.alpha', 'Sol Wallet'])
    // The active namespace has no account yet: <w3m-button> offers to connect.
    await until(() => buttonText() === 'Connect Wallet', 'the connect button')

    // The MULTI_CHAIN wallet picked here connects only Solana: the EVM wallet stays.
    ;(deep(connectView, 'wui-wallet-list', '[data-id="io.alpha"]') as HTMLElement).click()
    await until(() => $accounts.get().solana?.status === 'connected', 'solana connected')
    expect(connectCalls(sol)).to.deep.equal(['connect:Alpha Wallet'])
    expect(connectCalls(evm)).to.deep.equal(['connect:io.gamma'])
    expect($accounts.get().eip155?.connectedWalletInfo?.name).to.equal('Gamma Wallet')
    await until(() => !$modal.get().open, 'the modal closes')
    await until(() => buttonText() === SOL_SHORT, 'the Solana account on the button')
  })

  it('switches back and forth; Account and <w3m-button> follow the active namespace', async () => {
    const { evm } = setupTwoNamespaces()
    await connect({ connectorId: 'io.alpha' })
    await until(() => $accounts.get().solana?.status === 'connected', 'both connected')
    expect($accounts.get().eip155?.status).to.equal('connected')
    await until(() => buttonText() === '0x11…111111', 'the EVM account')

    // Both connected: a switch across namespaces needs no new wallet.
    await pickNetwork(solana.caipNetworkId)
    await until(() => $activeNamespace.get() === 'solana', 'solana active')
    expect(deepAll(modal, 'w3m-router', 'w3m-switch-active-chain-view')).to.have.length(0)
    await until(() => buttonText() === SOL_SHORT, 'the Solana account')
    reset('Account')
    openModal()
    let account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'account')
    await until(
      () => deep(account, '[data-balance]')?.textContent?.trim() === '3.000 SOL',
      'the SOL balance',
    )
    expect(deep(account, '[data-address]')?.textContent?.trim()).to.equal(SOL_SHORT)

    await pickNetwork(mainnet.caipNetworkId)
    await until(() => $activeNamespace.get() === 'eip155', 'eip155 active')
    await until(() => buttonText() === '0x11…111111', 'the EVM account again')
    reset('Account')
    openModal()
    account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'account')
    await until(
      () => deep(account, '[data-address]')?.textContent?.trim() === '0x11…111111',
      'the EVM address',
    )
    await until(() => deep(account, '[data-balance]')?.textContent?.includes('ETH'), 'ETH')
    expect(evm.calls.filter((c) => c.startsWith('switchNetwork'))).to.deep.equal([])
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('with no wallet connected anywhere, Networks switches in place', async () => {
    setupTwoNamespaces()
    await pickNetwork(solana.caipNetworkId)
    await until(() => $activeNamespace.get() === 'solana', 'solana active')
    expect($view.get().view).not.to.equal('SwitchActiveChain')
  })

  it('without data it says no network was chosen and offers no button', async () => {
    setupTwoNamespaces()
    reset('SwitchActiveChain')
    openModal()
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-switch-active-chain-view'),
      'the view',
    )
    await until(() => deep(view, '[data-title]'), 'the title')
    expect(deep(view, '[data-title]')?.textContent?.trim()).to.equal('No network was chosen.')
    expect(deep(view, '[part="switch-button"]')).to.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
  })
})
