// The account and network groups: Account, Networks, SwitchNetwork and UnsupportedChain,
// rendered in the modal over the core test adapter.

import { expect, fixture, html } from '@open-wc/testing'
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import {
  $activeNetwork,
  $modal,
  $view,
  connect,
  getAdapter,
  kitError,
  openModal,
  push,
  reset,
  setLocale,
  setProfile,
  type View,
} from '@openmodal/core/internal'
import '../../test/define-modal.js'
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
  walletIcon,
} from '../../test/helpers.js'
import { explorerAddressUrl } from '../../utils/network.js'

/** A promise with its resolve/reject, to hold an adapter call open. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

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

  it('Account shows a loading skeleton until the balance arrives', async () => {
    const adapter = setupClient()
    const balance = deferred<{ value: bigint; decimals: number; symbol: string }>()
    adapter.getBalance = () => balance.promise
    await connect({ connectorId: 'io.alpha' })
    const view = await show(modal, 'w3m-account-view', 'Account')
    const line = await until(() => deep(view, '[data-balance]'), 'the balance line')
    expect(line.getAttribute('aria-busy')).to.equal('true')
    expect(deep(view, '[data-skeleton]')).to.not.equal(null)
    expect(line.textContent?.trim()).to.equal('Loading the balance')
    await settle()
    await expect(modal).to.be.accessible()
    balance.resolve({ value: 12_345_999_999_999_999_999n, decimals: 18, symbol: 'ETH' })
    await until(() => !deep(view, '[data-skeleton]'), 'the skeleton to go')
    expect(line.getAttribute('aria-busy')).to.equal('false')
    // Truncated to 3 decimals, never rounded up.
    expect(line.textContent?.trim()).to.equal('12.345 ETH')
  })

  it('Account shows the profile name and a safe profile image, never an unsafe one', async () => {
    await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    setProfile('eip155', { name: 'alice.eth', avatar: walletIcon })
    await until(() => deep(view, '[data-address]')?.textContent?.includes('alice.eth'), 'name')
    const avatar = deep(view, 'wui-avatar') as HTMLElement
    await until(() => deep(avatar, 'img'), 'the avatar image')
    expect(deep(avatar, 'img')?.getAttribute('src')).to.equal(walletIcon)
    setProfile('eip155', { name: undefined, avatar: 'javascript:alert(1)' })
    await until(() => !deep(avatar, 'img'), 'the image to be dropped')
    expect(deep(view, '[data-address]')?.textContent?.trim()).to.equal('0x11…111111')
  })

  it('Account generates a different avatar per address, without any request', async () => {
    const adapter = await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    const hues = async () => {
      await settle()
      const avatar = deep(view, 'wui-avatar') as HTMLElement
      const inner = deep(avatar, '[part="avatar"]') as HTMLElement
      return getComputedStyle(inner).backgroundImage
    }
    // Only what the avatar could load: not the Tokens tab's API fetches, nor code (the
    // connect group may be warmed while the page is idle).
    const images = () =>
      performance
        .getEntriesByType('resource')
        .filter(
          (entry) =>
            (entry as PerformanceResourceTiming).initiatorType !== 'fetch' &&
            !/\.(m?js|ts)(\?|$)/.test(new URL(entry.name).pathname),
        ).length
    const before = images()
    const first = await hues()
    expect(first).to.contain('radial-gradient')
    adapter.emit({
      type: 'accountsChanged',
      accounts: [{ address: '0x2222222222222222222222222222222222222222', namespace: 'eip155' }],
    })
    await until(() => deep(view, '[data-address]')?.textContent?.includes('0x22'), 'new address')
    const second = await hues()
    expect(second).to.not.equal(first)
    expect(images()).to.equal(before)
  })

  it('Account links the address to the block explorer in a new tab', async () => {
    await connected()
    const view = await show(modal, 'w3m-account-view', 'Account')
    const link = (await until(
      () => deep(view, '[part="explorer-link"]'),
      'the explorer link',
    )) as HTMLAnchorElement
    expect(link.getAttribute('href')).to.equal(
      'https://etherscan.io/address/0x1111111111111111111111111111111111111111',
    )
    expect(link.getAttribute('target')).to.equal('_blank')
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer')
    expect(link.textContent?.replace(/\s+/g, ' ').trim()).to.equal(
      'View on Etherscan (opens in a new tab)',
    )
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('Account has no explorer link on a network without one, and refuses non-http explorers', async () => {
    const adapter = await connected()
    adapter.emit({ type: 'chainChanged', chainId: 10 })
    const view = await show(modal, 'w3m-account-view', 'Account')
    await until(() => deep(view, '[part="network-button"]')?.textContent?.includes('OP'), 'op')
    expect(deep(view, '[part="explorer-link"]')).to.equal(null)
    const hostile = {
      ...optimism,
      blockExplorers: { default: { name: 'x', url: 'javascript:alert(1)//' } },
    }
    expect(explorerAddressUrl(hostile, '0x1')).to.equal(undefined)
    expect(
      explorerAddressUrl(
        { ...optimism, blockExplorers: { default: { name: 'x', url: 'https://x.example/' } } },
        '0xab',
      ),
    ).to.equal('https://x.example/address/0xab')
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

  it('Networks routes through SwitchNetwork when connected and goes back past it on success', async () => {
    const adapter = await connected()
    const hold = deferred()
    const original = adapter.switchNetwork.bind(adapter)
    adapter.switchNetwork = async (network) => {
      await hold.promise
      return original(network)
    }
    await show(modal, 'w3m-account-view', 'Account')
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

  it('SwitchNetwork shows the wallet error with Try again, and the retry can succeed', async () => {
    const adapter = await connected()
    let failures = 1
    const original = adapter.switchNetwork.bind(adapter)
    adapter.switchNetwork = async (network) => {
      if (failures-- > 0) throw kitError('NO_PROGRAMMATIC_SWITCH')
      return original(network)
    }
    const view = await show(modal, 'w3m-networks-view', 'Account', 'Networks')
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
    await connected()
    const view = await show(modal, 'w3m-networks-view', 'Networks')
    // The test wallet does not know chain 137: the adapter answers "Chain is not supported".
    const adapter = getAdapter('eip155')
    if (!adapter) throw new Error('no adapter')
    adapter.switchNetwork = async () => {
      throw kitError('CHAIN_NOT_SUPPORTED', { details: 'eip155:137' })
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

  it('Networks switches in place without a wallet, and closes when it was the first view', async () => {
    setupClient()
    const view = await show(modal, 'w3m-networks-view', 'Networks')
    ;(await until(() => deep(view, '[data-network="eip155:10"]'), 'op')).click()
    await until(() => !$modal.get().open, 'the modal to close')
    expect($activeNetwork.get()?.caipNetworkId).to.equal('eip155:10')
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

  it('UnsupportedChain renders over the unsupported placeholder in Arabic, right to left', async () => {
    const adapter = await connected()
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

  it('SwitchNetwork switches to data.network and goes back', async () => {
    const adapter = await connected()
    reset('Account')
    push('SwitchNetwork', { network: optimism })
    openModal()
    await until(() => $view.get().view === 'Account', 'going back')
    expect(adapter.calls).to.include('switchNetwork:10')
  })
})
