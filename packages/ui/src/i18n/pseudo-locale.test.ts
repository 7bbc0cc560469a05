// A pseudo-locale whose every string is at least 40 % longer than English (accented letters
// plus padding words, placeholders kept), rendered in every view of the view registry at a
// 320 px wide viewport: nothing may stick out of the modal's panel. Text that does not fit
// must wrap, or be cut with an ellipsis by the element that clips it.

import { expect, fixture, html } from '@open-wc/testing'
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import { SWAP_NATIVE_ADDRESS } from '@openmodal/core/api'
import {
  $registeredName,
  $siwx,
  $socialLogin,
  adapterError,
  connect,
  getAdapter,
  KIT_ERROR_MESSAGES,
  loadSendTokens,
  openModal,
  push,
  reset,
  type SiwxConfigLike,
  setLocale,
  setOnrampPurchase,
  setReceiver,
  showAlert,
  showSnack,
  signInWithX,
  storage,
  TOAST_MESSAGES,
  updateOnrampDraft,
  updateSendDraft,
  updateSwapDraft,
  type WalletConnectEntry,
} from '@openmodal/core/internal'
import { setViewport } from '@web/test-runner-commands'
import { shown as swapShown } from '../features/swap/swap-state.js'
import '../test/define-modal.js'
import { switchActiveChainData } from '../features/network/w3m-switch-active-chain-view/w3m-switch-active-chain-view.js'
import type { W3mModal } from '../modal/w3m-modal/w3m-modal.js'
import { views as VIEW_REGISTRY } from '../router/routes.js'
import { ALICE, FAILING, openAccount, selectTab } from '../test/account-fixtures.js'
import { englishCatalog } from '../test/catalogs.js'
import { AUTH_ID, embeddedStandIn, LOGIN_CODE } from '../test/embedded-fixtures.js'
import {
  deep,
  mainnet,
  optimism,
  resetAll,
  settle,
  setupClient,
  setupConnected,
  solana,
  until,
  WALLETS,
  walletIcon,
} from '../test/helpers.js'
import { startWalletConnect } from '../utils/walletconnect.js'
import { type Catalog, registerCatalog } from './index.js'

const PSEUDO = 'en-XA'

/** A SIWX config (the contract of @openmodal/siwx's) with no sessions and a long message. */
const longSiwx: SiwxConfigLike = {
  async createMessage({ accountAddress, chainId }) {
    const data = {
      accountAddress,
      chainId,
      domain: 'a-very-long-subdomain-of-the-application.example-organisation.org',
      statement:
        'I accept the Terms of Service of the Example Organisation and sign in to its application with this account',
    }
    return Object.defineProperty(data, 'toString', { value: () => JSON.stringify(data) })
  },
  addSession: async () => {},
  revokeSession: async () => {},
  getSessions: async () => [],
  getRequired: () => false,
}

const ACCENTS: Record<string, string> = {
  a: 'á',
  c: 'ç',
  e: 'é',
  i: 'í',
  n: 'ñ',
  o: 'ö',
  s: 'š',
  u: 'ü',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  C: 'Ç',
  E: 'É',
  I: 'Í',
  N: 'Ñ',
  O: 'Ö',
  S: 'Š',
  U: 'Ü',
  Y: 'Ý',
  Z: 'Ž',
}

/** `text` accented and padded with words to at least 1.4 times its length; `{name}` kept. */
function pseudo(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) =>
      /^\{\w+\}$/.test(part) ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTS[c] ?? c),
    )
    .join('')
  const target = Math.ceil(text.length * 1.4)
  let padded = accented
  while (padded.length < target)
    padded += ' ẋẋẋẋẋẋ'.slice(0, Math.max(2, target - padded.length + 1))
  return padded
}

const ENGLISH = await englishCatalog()

/** English, the view strings and core's coded texts, every one through `pseudo`. */
function pseudoCatalog(): Record<string, string> {
  return Object.fromEntries(Object.entries(ENGLISH).map(([key, text]) => [key, pseudo(text)]))
}

const ADDRESS = '0x7777777777777777777777777777777777777777'
const WC_ID = 'com.walletconnect'

/** A WalletConnect entry with a pairing URI ready, as the real client gives one. */
const walletConnect: WalletConnectEntry = {
  id: WC_ID,
  name: 'WalletConnect',
  namespaces: ['eip155'],
  async load() {
    ;(getAdapter('eip155') as TestAdapter).setWallets([
      ...WALLETS,
      { id: WC_ID, name: 'WalletConnect' },
    ])
    return {
      pairing: {
        uri: `wc:${'ab'.repeat(32)}@2?symKey=${'cd'.repeat(32)}`,
        expiresAt: Date.now() + 240_000,
      },
      onUri: () => () => {},
      cancelPairing() {},
    }
  },
}

/** How each view of the registry is reached, in the state that shows the most of its text. */
const SCENARIOS: Record<string, () => Promise<void>> = {
  async Connect() {
    setupClient(
      {},
      {
        termsConditionsUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    )
    reset('Connect')
    openModal()
    // The longest alert title, in the banner above the view.
    showAlert('EMBEDDED_WALLET_LOAD_FAILED')
  },
  async ConnectingExternal() {
    setupClient().holdNextConnect()
    reset('Connect')
    push('ConnectingExternal', { connectorId: 'io.alpha' })
    openModal()
  },
  async ConnectingSocial() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    // A blocked popup: the longest line, with the button that opens it.
    $socialLogin.set({ provider: 'facebook', popup: null })
    reset('Connect')
    push('ConnectingSocial')
    openModal()
  },
  async ConnectingFarcaster() {
    // The channel's QR code, the hint and the link that opens the app.
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('Connect')
    push('ConnectingFarcaster')
    openModal()
  },
  async AllWallets() {
    setupClient()
    reset('AllWallets')
    openModal()
  },
  async ConnectingWalletConnect() {
    setupClient({}, { walletConnect }).holdNextConnect()
    reset('Connect')
    openModal()
    startWalletConnect({
      id: 'rainbow',
      name: 'Rainbow',
      imageUrl: walletIcon,
      rdns: null,
      homepage: 'https://rainbow.example.org',
      mobileLink: 'rainbow:',
      desktopLink: 'rainbow:',
      webappLink: 'https://rainbow.example.org',
      appStore: null,
      playStore: null,
      chains: ['eip155:1'],
      featured: false,
    })
  },
  async ConnectingWalletConnectBasic() {
    setupClient({}, { walletConnect }).holdNextConnect()
    reset('Connect')
    openModal()
    startWalletConnect()
  },
  async Networks() {
    await setupConnected()
    reset('Account')
    push('Networks')
    openModal()
  },
  async SwitchNetwork() {
    const adapter = await setupConnected()
    // The wallet's "no", the longest of core's texts, with Try again below it.
    adapter.switchNetwork = async () => {
      throw adapterError('NO_PROGRAMMATIC_SWITCH')
    }
    reset('Account')
    push('SwitchNetwork', { network: optimism })
    openModal()
  },
  async SIWXSignMessage() {
    // A long statement and domain, and the wallet's "no" below them (spec §8).
    const adapter = setupClient({}, { siwx: longSiwx })
    adapter.signMessage = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await connect({ connectorId: 'io.alpha' })
    await until(() => $siwx.get().message, 'the message')
    const target = $siwx.get().target
    if (target) await signInWithX(target)
  },
  async UnsupportedChain() {
    const adapter = await setupConnected()
    adapter.emit({ type: 'chainChanged', chainId: 999 })
  },
  async SwitchActiveChain() {
    setupClient({}, { networks: [mainnet, optimism, solana] })
    await connect({ connectorId: 'io.alpha' })
    reset('Account')
    push('SwitchActiveChain', switchActiveChainData(solana))
    openModal()
  },
  async Account() {
    await setupConnected()
    reset('Account')
    openModal()
  },
  async WalletReceive() {
    setupClient({}, { networks: [mainnet, optimism, solana] })
    await connect({ connectorId: 'io.alpha' })
    reset('Account')
    push('WalletReceive')
    openModal()
  },
  async Transactions() {
    await openAccount(document.querySelector('w3m-modal') as W3mModal, ALICE)
    push('Transactions')
  },
  async RegisterAccountName() {
    await setupConnected()
    reset('Account')
    push('RegisterAccountName')
    openModal()
  },
  async WalletSend() {
    await setupConnected()
    await loadSendTokens()
    // A name that resolved, and an amount too large: the longest lines the form shows.
    updateSendDraft({ sendTokenAmount: '123456.123456789' })
    setReceiver(ADDRESS, { name: 'a-rather-long-name-for-an-account' })
    reset('Account')
    push('WalletSend')
    openModal()
  },
  async OnRampProviders() {
    await setupConnected()
    // Above the card maximum: the longest error line under the field.
    updateOnrampDraft({ amount: '7600' })
    reset('Account')
    push('OnRampProviders')
    openModal()
  },
  async BuyInProgress() {
    await setupConnected()
    // A blocked window: the waiting line is longest, with the new-tab link under it.
    setOnrampPurchase({
      providerName: 'Sandbox checkout',
      opened: false,
      url: 'https://checkout.example/onramp/checkout/onr_1',
      purchase: {
        id: 'onr_1',
        provider: 'sandbox',
        status: 'pending',
        chainId: 'eip155:1',
        address: ADDRESS,
        asset: 'ETH',
        currency: 'USD',
        method: 'card',
        amount: '100.00',
        cryptoAmount: '0.033',
        txHash: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        completedAt: null,
      },
    })
    reset('Account')
    push('BuyInProgress')
    openModal()
  },
  async WalletSendSelectToken() {
    await setupConnected()
    reset('Account')
    push('WalletSend')
    push('WalletSendSelectToken')
    openModal()
  },
  async WalletSendPreview() {
    await setupConnected()
    await loadSendTokens()
    updateSendDraft({ sendTokenAmount: '1.23456789' })
    setReceiver(ADDRESS, { name: 'a-rather-long-name-for-an-account' })
    reset('Account')
    push('WalletSend')
    push('WalletSendPreview')
    openModal()
  },
  async Swap() {
    await setupConnected()
    // A long amount, so the quote and its details show at their widest.
    updateSwapDraft({ amount: '0.123456789' })
    reset('Account')
    push('Swap')
    openModal()
  },
  async SwapSelectToken() {
    await setupConnected()
    // A long token name, both sides' tokens listed, as Swap would have loaded them.
    swapShown.tokens = [
      {
        address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        symbol: 'ETH',
        name: 'Ether',
        decimals: 18,
        logoUri: null,
      },
      {
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        symbol: 'USDC',
        name: 'A rather long name for a stable coin',
        decimals: 6,
        logoUri: null,
      },
    ]
    reset('Account')
    push('Swap')
    push('SwapSelectToken', { swapSide: 'to' })
    openModal()
  },
  async SwapPreview() {
    await setupConnected()
    // A token sale (two wallet steps) of a long amount, as Swap would have quoted it.
    const usdc = {
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      logoUri: null,
    }
    const eth = {
      ...usdc,
      address: SWAP_NATIVE_ADDRESS,
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
    }
    swapShown.quote = {
      provider: 'uniswap-v2',
      from: usdc,
      to: eth,
      amount: '123456789123',
      toAmount: '41152263041000000000',
      priceImpact: 12.5,
      providerFee: null,
      gas: '120000',
    }
    reset('Account')
    push('Swap')
    push('SwapPreview')
    openModal()
  },
  async EmailLogin() {
    // The field holds what the visitor typed (a field scrolls its own text): a usual address.
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    storage.set('email', 'ada.lovelace@example.com')
    reset('Connect')
    push('EmailLogin')
    openModal()
  },
  async UpdateEmailWallet() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('Connect')
    push('UpdateEmailWallet', { email: 'a.rather.long.address.for.a.test@example.com' })
    openModal()
  },
  async ChangeRecovery() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('Connect')
    push('ChangeRecovery')
    openModal()
  },
  async ProfileWallets() {
    // Both accounts, the smart one not deployed: the longest lines.
    setupClient({}, { embeddedWallet: embeddedStandIn({ smartAccount: 'available' }).entry })
    reset('ProfileWallets')
    openModal()
  },
  async ApproveTransaction() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('ApproveTransaction')
    openModal()
  },
  async RegisterAccountNameSuccess() {
    await setupConnected()
    $registeredName.set({ name: 'a-rather-long-name-for-an-account', address: ADDRESS })
    reset('Account')
    push('RegisterAccountNameSuccess')
    openModal()
  },
}

/** The nearest ancestor of `node` (through shadow hosts) that clips its overflow, up to `stop`. */
function clipperOf(node: Node, stop: Element): Element | undefined {
  let current: Node | null = node.parentNode
  while (current && current !== stop) {
    if (current instanceof ShadowRoot) current = current.host
    else if (current instanceof Element) {
      if (getComputedStyle(current).overflowX !== 'visible') return current
      current = current.assignedSlot ?? current.parentNode
    } else current = current.parentNode
  }
  return undefined
}

/**
 * Text for screen readers only (a 1 px box, or clipped away): laid out off screen on purpose.
 */
function visuallyHidden(node: Node): boolean {
  for (let current: Node | null = node; current; ) {
    if (current instanceof ShadowRoot) current = current.host
    if (current instanceof Element) {
      const style = getComputedStyle(current)
      const rect = current.getBoundingClientRect()
      if (style.clipPath !== 'none' || (style.clip && style.clip !== 'auto')) return true
      if (rect.width <= 1 && rect.height <= 1 && style.overflow !== 'visible') return true
    }
    current =
      current instanceof Element ? (current.assignedSlot ?? current.parentNode) : current.parentNode
  }
  return false
}

/** What sticks out of the panel: `where: what` lines, none when everything fits. */
function overflows(panel: HTMLElement): string[] {
  const found: string[] = []
  const box = panel.getBoundingClientRect()
  if (panel.scrollWidth > panel.clientWidth) {
    found.push(`panel: scrollWidth ${panel.scrollWidth} > clientWidth ${panel.clientWidth}`)
  }
  const seen = new Set<Node>()
  for (const node of [panel, ...walkAll(panel)]) {
    if (seen.has(node)) continue
    seen.add(node)
    if (visuallyHidden(node)) continue
    const name = nameOf(node)
    if (node instanceof HTMLElement) {
      const rect = node.getBoundingClientRect()
      if (rect.width === 0 && rect.height === 0) continue
      const style = getComputedStyle(node)
      if (rect.width > box.width + 0.5) found.push(`${name}: ${rect.width} px wide`)
      if (
        style.overflowX !== 'visible' &&
        style.textOverflow !== 'ellipsis' &&
        node.scrollWidth > node.clientWidth + 1
      ) {
        found.push(`${name}: scrollWidth ${node.scrollWidth} > clientWidth ${node.clientWidth}`)
      }
    } else if (node instanceof Text && node.data.trim()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      const rect = range.getBoundingClientRect()
      if (rect.width === 0) continue
      const clipper = clipperOf(node, panel)
      const clip = clipper?.getBoundingClientRect()
      const right = Math.min(rect.right, clip?.right ?? rect.right)
      const left = Math.max(rect.left, clip?.left ?? rect.left)
      if (right > box.right + 0.5 || left < box.left - 0.5) {
        found.push(`${name}: text from ${left} to ${right}, panel ${box.left} to ${box.right}`)
      }
      if (clipper && clip && (rect.right > clip.right + 1 || rect.left < clip.left - 1)) {
        // Cut text must say so: an ellipsis on the element that cuts it.
        if (getComputedStyle(clipper).textOverflow !== 'ellipsis') {
          found.push(`${name}: cut by ${nameOf(clipper)} without an ellipsis`)
        }
      }
    }
  }
  return found
}

/** Every node under `root`, through shadow roots and slots' light DOM alike. */
function* walkAll(root: Node): Generator<Node> {
  const children =
    root instanceof Element && root.shadowRoot
      ? [root.shadowRoot, ...root.childNodes]
      : [...root.childNodes]
  for (const child of children) {
    if (!(child instanceof ShadowRoot)) yield child
    yield* walkAll(child)
  }
}

function nameOf(node: Node): string {
  if (node instanceof Text)
    return `"${node.data.trim().slice(0, 40)}" in ${nameOf(node.parentNode ?? node)}`
  if (node instanceof ShadowRoot) return `${nameOf(node.host)}::shadow`
  if (!(node instanceof Element)) return node.nodeName
  const part = node.getAttribute('part')
  const id = node.id ? `#${node.id}` : ''
  const cls = node.classList.length ? `.${[...node.classList].join('.')}` : ''
  const host = (node.getRootNode() as ShadowRoot).host
  return `${host ? `${host.localName} ` : ''}${node.localName}${id}${cls}${part ? `[part=${part}]` : ''}`
}

describe('pseudo-locale, 40 % longer, at 320 px', () => {
  let modal: W3mModal

  before(async () => {
    registerCatalog(PSEUDO, pseudoCatalog() as Catalog)
    await setViewport({ width: 320, height: 640 })
  })

  after(async () => {
    await setViewport({ width: 800, height: 600 })
  })

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    $registeredName.set(undefined)
    resetAll()
  })

  it('makes every string at least 40 % longer and keeps its placeholders', () => {
    const catalog = pseudoCatalog()
    for (const [key, text] of Object.entries(ENGLISH)) {
      expect((catalog[key] as string).length, key).to.be.at.least(text.length * 1.4)
      expect(catalog[key]?.match(/\{\w+\}/g) ?? [], key).to.deep.equal(text.match(/\{\w+\}/g) ?? [])
    }
    expect(catalog['error.CONNECTION_REJECTED']).to.not.equal(
      KIT_ERROR_MESSAGES.CONNECTION_REJECTED,
    )
  })

  it('has a scenario for every view of the registry', () => {
    expect(Object.keys(SCENARIOS).sort()).to.deep.equal(Object.keys(VIEW_REGISTRY).sort())
  })

  for (const [view, entry] of Object.entries(VIEW_REGISTRY)) {
    it(`${view}: nothing sticks out of the panel`, async () => {
      const scenario = SCENARIOS[view]
      if (!scenario || !entry) throw new Error(`no scenario for ${view}`)
      await scenario()
      setLocale(PSEUDO)
      const element = await until(() => deep(modal, 'w3m-router', entry.tag), entry.tag)
      await until(() => deep(modal, '#title')?.textContent?.includes('ẋ'), `${view} in pseudo`)
      // Give lists, tabs and QR codes their data, then let the view's fade-in finish.
      await new Promise((resolve) => setTimeout(resolve, 300))
      await settle()
      // The view's own words (text, or labels where it shows only names) are pseudo.
      const labels = [...(element.shadowRoot?.querySelectorAll('[aria-label]') ?? [])].map(
        (labelled) => labelled.getAttribute('aria-label'),
      )
      expect([element.shadowRoot?.textContent, ...labels].join(' ')).to.match(/[ẋáéíöü]/)
      const panel = deep(modal, '[part~="panel"]') as HTMLElement
      expect(panel.getBoundingClientRect().width).to.be.at.most(320)
      expect(overflows(panel), view).to.deep.equal([])
    })
  }

  it("Account of an e-mail login, with the frame's storage note: nothing sticks out", async () => {
    const { entry, typeCode } = embeddedStandIn({ persistentStorage: false })
    setupClient({}, { embeddedWallet: entry })
    storage.set('email', 'a.rather.long.address.for.a.test@example.com')
    void typeCode(LOGIN_CODE)
    await (await entry.load()).connectOtp()
    await connect({ connectorId: AUTH_ID })
    reset('Account')
    openModal()
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
    setLocale(PSEUDO)
    await until(() => deep(view, '[data-storage-note]')?.textContent?.includes('ẋ'), 'the note')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await settle()
    const panel = deep(modal, '[part~="panel"]') as HTMLElement
    expect(overflows(panel)).to.deep.equal([])
  })

  it("Account's tabs with data and with errors, and a toast: nothing sticks out", async () => {
    for (const address of [ALICE, FAILING]) {
      const view = await openAccount(modal, address)
      setLocale(PSEUDO)
      showSnack(TOAST_MESSAGES.TOKEN_BALANCE_UNAVAILABLE, {
        variant: 'error',
        code: 'TOKEN_BALANCE_UNAVAILABLE',
        autoClose: false,
      })
      for (const tab of ['tokens', 'nfts', 'activity'] as const) {
        await selectTab(view, tab)
        await until(() => !deep(view, `#panel-${tab}`)?.querySelector('[aria-busy="true"]'), tab)
        await new Promise((resolve) => setTimeout(resolve, 300))
        await settle()
        const panel = deep(modal, '[part~="panel"]') as HTMLElement
        expect(overflows(panel), `${address} ${tab}`).to.deep.equal([])
      }
      resetAll()
    }
  })
})
