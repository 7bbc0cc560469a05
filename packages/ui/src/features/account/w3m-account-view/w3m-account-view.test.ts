// Account, rendered in the modal over the core test adapter.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $modal,
  $snack,
  $view,
  connect,
  setLocale,
  setProfile,
  switchNetwork,
} from '@openmodal/core/internal'
import { setViewport } from '@web/test-runner-commands'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import type { View } from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import { views } from '../../../router/routes.js'
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
  solana,
  until,
  walletIcon,
} from '../../../test/helpers.js'
import { explorerAddressUrl } from '../../../utils/network.js'

describe('Account view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('Account shows the truncated address, balance and network', async () => {
    await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
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
    const view = await showView(modal, 'w3m-account-view', 'Account')
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

  it('Account says when the network does not answer: one toast, a dash with the symbol, Try again', async () => {
    const adapter = setupClient()
    let answers = 0
    const dead = async () => {
      throw new TypeError('Failed to fetch')
    }
    adapter.getBalance = dead
    await connect({ connectorId: 'io.alpha' })
    await until(() => $snack.get().message === 'Token Balance Unavailable', 'the toast')
    expect($snack.get().variant).to.equal('error')
    const view = await showView(modal, 'w3m-account-view', 'Account')
    const note = await until(() => deep(view, '[data-balance-unavailable]'), 'the note')
    expect(note.textContent?.trim()).to.equal('Balance unavailable: the network does not answer')
    // Never a made-up "0.000", and the symbol stays.
    expect(deep(view, '[data-balance]')?.textContent?.trim()).to.equal('— ETH')
    await settle()
    await expect(modal).to.be.accessible()
    // Still dead: Try again reads again, and the toast does not come back.
    $snack.setKey('message', '')
    adapter.getBalance = async () => {
      answers++
      return dead()
    }
    ;(deep(view, '[part="balance-retry-button"]') as HTMLButtonElement).click()
    await until(() => answers === 1, 'the retry')
    await settle()
    expect($snack.get().message).to.equal('')
    // Back: the balance shows and the note goes.
    adapter.getBalance = async ({ network }) => ({
      value: 2_500_000_000_000_000_000n,
      decimals: network.nativeCurrency.decimals,
      symbol: network.nativeCurrency.symbol,
    })
    ;(deep(view, '[part="balance-retry-button"]') as HTMLButtonElement).click()
    await until(
      () => deep(view, '[data-balance]')?.textContent?.trim() === '2.500 ETH',
      'the balance',
    )
    expect(deep(view, '[data-balance-unavailable]')).to.equal(null)
  })

  it('Account shows the profile name and a safe profile image, never an unsafe one', async () => {
    await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
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
    const adapter = await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
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
    await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
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
    const adapter = await setupConnected()
    adapter.emit({ type: 'chainChanged', chainId: 10 })
    const view = await showView(modal, 'w3m-account-view', 'Account')
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
    await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
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
    const adapter = await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
    const button = await until(() => deep(view, '[part="disconnect-button"]'), 'disconnect')
    expect(button.textContent?.trim()).to.equal('Disconnect')
    button.click()
    await until(() => !$modal.get().open, 'the modal to close')
    expect(adapter.calls).to.include('disconnect')
    expect(adapter.connected).to.equal(false)
  })

  it('Account opens Networks from the network button', async () => {
    await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
    ;(await until(() => deep(view, '[part="network-button"]'), 'network')).click()
    await until(() => deep(modal, 'w3m-router', 'w3m-networks-view'), 'networks')
    expect($view.get().view).to.equal('Networks')
  })

  it('Account groups the balance as the locale does, still truncated to 3 decimals', async () => {
    await setupConnected()
    resetAll()
    const adapter = setupClient({ balance: 29_999_996_571_900_000_000_000_000n })
    await connect({ connectorId: 'io.alpha' })
    expect(adapter.connected).to.equal(true)
    const view = await showView(modal, 'w3m-account-view', 'Account')
    const line = await until(() => {
      const found = deep(view, '[data-balance]')
      return found?.textContent?.includes('ETH') ? found : null
    }, 'the balance')
    expect(line.textContent?.trim()).to.equal('29,999,996.571 ETH')
    setLocale('de')
    await loadLocale('de')
    await until(() => line.textContent?.trim() === '29.999.996,571 ETH', 'the German grouping')
  })

  describe('feature buttons', () => {
    const FEATURE_VIEWS: View[] = ['OnRampProviders', 'Swap', 'WalletReceive', 'WalletSend']
    const saved = new Map<View, (typeof views)[View]>()

    beforeEach(() => {
      // Every feature view "built", so each button's flag and namespace rule shows alone.
      for (const view of FEATURE_VIEWS) {
        saved.set(view, views[view])
        views[view] ??= { ...(views.Account as NonNullable<(typeof views)[View]>) }
      }
    })

    afterEach(() => {
      for (const view of FEATURE_VIEWS) {
        const before = saved.get(view)
        if (before) views[view] = before
        else delete views[view]
      }
    })

    const buttons = async (view: HTMLElement) => {
      await until(() => deep(view, '[data-balance]'), 'the account')
      await settle()
      return [...(view.shadowRoot?.querySelectorAll('[part="feature-button"]') ?? [])].map(
        (button) => (button as HTMLElement).dataset.feature,
      )
    }

    it('shows on-ramp, swaps, receive and send in the spec order, each opening its view', async () => {
      await setupConnected()
      const view = await showView(modal, 'w3m-account-view', 'Account')
      expect(await buttons(view)).to.deep.equal(['onramp', 'swaps', 'receive', 'send'])
      const send = deep(view, '[data-feature="send"]') as HTMLButtonElement
      expect(send.textContent?.trim()).to.equal('Send')
      send.click()
      expect($view.get().view).to.equal('WalletSend')
      await settle()
    })

    it('hides a feature whose flag is off, and those of features not built yet', async () => {
      setupClient({}, { features: { send: false, onramp: false } })
      await connect({ connectorId: 'io.alpha' })
      const view = await showView(modal, 'w3m-account-view', 'Account')
      expect(await buttons(view)).to.deep.equal(['swaps', 'receive'])
      resetAll()
      delete views.Swap
      delete views.WalletReceive
      await setupConnected()
      const again = await showView(modal, 'w3m-account-view', 'Account')
      expect(await buttons(again)).to.deep.equal(['onramp', 'send'])
    })

    it('offers Swap only on a chain the server lists in GET /v1/swap/chains', async () => {
      await setupConnected()
      await switchNetwork(optimism)
      const view = await showView(modal, 'w3m-account-view', 'Account')
      // The test servers swap and sell on eip155:1 only (and sell on Solana mainnet).
      expect(await buttons(view)).to.deep.equal(['receive', 'send'])
      await switchNetwork(mainnet)
      await until(() => deep(view, '[data-feature="swaps"]'), 'Swap on mainnet')
      await until(() => deep(view, '[data-feature="onramp"]'), 'Buy on mainnet')
      expect(await buttons(view)).to.deep.equal(['onramp', 'swaps', 'receive', 'send'])
    })

    it('follows the namespace: no swaps on Solana, nothing where sending is unsupported', async () => {
      const solanaAdapter = setupClient(
        {
          namespace: 'solana',
          chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          accounts: ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'],
        },
        { networks: [solana] },
      )
      expect(solanaAdapter.namespace).to.equal('solana')
      await connect({ connectorId: 'io.alpha' })
      const view = await showView(modal, 'w3m-account-view', 'Account')
      expect(await buttons(view)).to.deep.equal(['onramp', 'receive', 'send'])
      await settle()
      await expect(modal).to.be.accessible()
    })
  })

  it('Account passes axe connected, in light and in Arabic right to left', async () => {
    await setupConnected()
    const view = await showView(modal, 'w3m-account-view', 'Account')
    await until(() => deep(view, '[part="network-button"]'), 'the network button')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    await expect(modal).to.be.accessible()
    // At 320 px each tab label stays on one line and is not clipped (the NFTs label wrapped to
    // three lines in Arabic).
    await setViewport({ width: 320, height: 700 })
    try {
      await settle()
      const tabs = deepAll(view, '[role="tab"]')
      expect(tabs.length).to.equal(3)
      for (const tab of tabs) {
        const lineHeight = Number.parseFloat(getComputedStyle(tab).lineHeight) || 20
        const label = tab.textContent?.trim()
        expect(tab.scrollWidth, `${label} fits`).to.be.at.most(tab.clientWidth)
        const range = document.createRange()
        range.selectNodeContents(tab)
        // One line (a bidi label has one rect per run, so the height tells, not their count).
        expect(range.getBoundingClientRect().height, `${label} on one line`).to.be.below(
          lineHeight * 1.5,
        )
      }
    } finally {
      await setViewport({ width: 800, height: 600 })
    }
  })
})
