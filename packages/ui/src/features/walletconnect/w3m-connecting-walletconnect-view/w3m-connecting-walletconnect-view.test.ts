// ConnectingWalletConnect over the core test adapter and a WalletConnect entry that behaves like
// the real one (load once, URIs through onUri, cancelPairing). The real client, relay and wallet
// are exercised end to end in apps/demo/e2e/walletconnect.test.mjs.

import { expect, fixture, html } from '@open-wc/testing'
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import type { Wallet } from '@openmodal/core/api'
import {
  $activeAccount,
  $modal,
  $snack,
  $view,
  getAdapter,
  openModal,
  push,
  reset,
  setThemeVariables,
  type WalletConnectEntry,
  type WalletConnectPairingUri,
} from '@openmodal/core/internal'
import { selectRegistryWallet } from '../../../utils/registry-wallet.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  deep,
  resetAll,
  settle,
  setupClient,
  until,
  WALLETS,
  walletIcon,
} from '../../../test/helpers.js'
import { startWalletConnect } from '../../../utils/walletconnect.js'

const WC_ID = 'com.walletconnect'

function fakeEntry() {
  const listeners = new Set<(p: WalletConnectPairingUri) => void>()
  let n = 0
  const state = {
    loads: 0,
    cancelled: 0,
    pairing: undefined as WalletConnectPairingUri | undefined,
    /** A new URI, as the client makes one per proposal and per renewal. */
    emit() {
      state.pairing = {
        uri: `wc:${'ab'.repeat(32)}${++n}@2?symKey=${'cd'.repeat(32)}`,
        expiresAt: Date.now() + 240_000,
      }
      for (const listener of [...listeners]) listener(state.pairing)
      return state.pairing.uri
    },
  }
  const entry: WalletConnectEntry = {
    id: WC_ID,
    name: 'WalletConnect',
    namespaces: ['eip155'],
    async load() {
      state.loads++
      ;(getAdapter('eip155') as TestAdapter).setWallets([
        ...WALLETS,
        { id: WC_ID, name: 'WalletConnect' },
      ])
      return {
        get pairing() {
          return state.pairing
        },
        onUri(listener) {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        cancelPairing() {
          state.cancelled++
        },
      }
    },
  }
  return { entry, state }
}

const wallet: Wallet = {
  id: 'rainbow',
  name: 'Rainbow',
  imageUrl: walletIcon,
  rdns: null,
  homepage: 'https://rainbow.example.org',
  mobileLink: 'rainbow:',
  desktopLink: 'javascript:alert(1)',
  webappLink: 'https://rainbow.example.org',
  appStore: null,
  playStore: null,
  chains: ['eip155:1'],
  featured: false,
}

describe('ConnectingWalletConnect view', () => {
  let modal: W3mModal
  let fake: ReturnType<typeof fakeEntry>
  let adapter: TestAdapter

  beforeEach(async () => {
    fake = fakeEntry()
    adapter = setupClient({}, { walletConnect: fake.entry })
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  async function open(start: () => void) {
    reset('Connect')
    openModal()
    await modal.updateComplete
    start()
    return until(
      () =>
        deep(modal, 'w3m-router', 'w3m-connecting-walletconnect-view') ??
        deep(modal, 'w3m-router', 'w3m-connecting-walletconnect-basic-view'),
      'the WalletConnect view',
    )
  }

  const qr = (view: HTMLElement) => deep(view, 'wui-qr-code')

  it('shows the URI as a QR code with the wallet icon, copies it, and connects on approval', async () => {
    const held = adapter.holdNextConnect()
    setThemeVariables({ '--w3m-qr-color': 'rgb(10, 20, 30)' })
    const view = await open(() => startWalletConnect(wallet))
    expect(fake.state.loads).to.equal(1)
    await until(() => adapter.calls.includes(`connect:${WC_ID}`), 'core connect')
    const uri = fake.state.emit()
    const code = await until(() => qr(view), 'the QR code')
    expect(code.dataset.uri).to.equal(uri)
    expect(code.getAttribute('part')).to.equal('qr')
    const path = await until(() => deep(code, 'svg path'), 'the QR modules')
    expect(path.getAttribute('d')).to.match(/^M\d+ \d+h1v1h-1z/)
    expect(getComputedStyle(deep(code, '.qr') as HTMLElement).color).to.equal('rgb(10, 20, 30)')
    expect(deep(code, 'img')?.getAttribute('src')).to.equal(walletIcon)
    expect(deep(view, '.headline')?.textContent?.trim()).to.equal('Scan with Rainbow')

    // Only the safe links: the native mobile scheme and the https web app (not javascript:).
    const buttons = [...(view.shadowRoot?.querySelectorAll('[part="open-button"]') ?? [])]
    expect(buttons.map((b) => (b as HTMLElement).dataset.kind)).to.deep.equal(['webapp', 'mobile'])
    const opened: unknown[][] = []
    const realOpen = window.open
    window.open = (...args: unknown[]) => {
      opened.push(args)
      return null
    }
    try {
      ;(buttons[1] as HTMLButtonElement).click()
    } finally {
      window.open = realOpen
    }
    // Opened in the click itself (the user-gesture tick), with the URI on screen.
    expect(opened).to.deep.equal([[`rainbow://wc?uri=${encodeURIComponent(uri)}`, '_self']])

    let copied = ''
    const clipboard = navigator.clipboard
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          copied = text
        },
      },
    })
    try {
      ;(deep(view, '[part="copy-button"]') as HTMLButtonElement).click()
      await until(() => $snack.get().open, 'the toast')
    } finally {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard })
    }
    expect(copied).to.equal(uri)
    expect($snack.get().message).to.equal('Link copied')
    await settle()
    await expect(modal).to.be.accessible()

    held.release()
    await until(() => $activeAccount.get().status === 'connected', 'connected')
    await until(() => !$modal.get().open, 'the modal closed')
  })

  it('a refusal shows "Connection rejected"; Try again shows a new URI', async () => {
    // What the WalletConnect provider answers for a refused proposal (EIP-1193 4001).
    adapter.rejectNextConnect({ code: 4001, message: 'Connection rejected' })
    const held = { release: () => {} }
    const view = await open(() => startWalletConnect())
    expect(view.localName).to.equal('w3m-connecting-walletconnect-basic-view')
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    expect(error.textContent?.trim()).to.equal('Connection rejected')
    expect(qr(view)).to.equal(null)
    Object.assign(held, adapter.holdNextConnect())
    ;(deep(view, '[part="retry-button"]') as HTMLButtonElement).click()
    await until(() => deep(view, 'wui-spinner'), 'preparing')
    const first = fake.state.emit()
    expect((await until(() => qr(view), 'a QR code')).dataset.uri).to.equal(first)
    expect(deep(view, '[data-error]')).to.equal(null)
    // Plain flow: no icon in the centre, no wallet links.
    expect(deep(qr(view) as HTMLElement, 'img')).to.equal(null)
    expect(deep(view, '[part="open-button"]')).to.equal(null)

    // The URI was about to expire: the client made another; the view says so.
    const second = fake.state.emit()
    await until(() => qr(view)?.dataset.uri === second, 'the renewed URI')
    expect(deep(view, '[data-renewed]')?.textContent?.trim()).to.equal(
      'The QR code expired and was renewed',
    )
    await settle()
    await expect(modal).to.be.accessible()
    held.release()
  })

  it('picking a registry wallet that is not installed opens its WalletConnect QR code', async () => {
    adapter.holdNextConnect()
    const view = await open(() => {
      void selectRegistryWallet({ ...wallet, installed: false, connectorId: undefined })
    })
    expect(view.localName).to.equal('w3m-connecting-walletconnect-view')
    expect($view.get().data?.wallet?.id).to.equal('rainbow')
  })

  it('leaving the view while pairing cancels the proposal; nothing loads without a pick', async () => {
    expect(fake.state.loads).to.equal(0)
    adapter.holdNextConnect()
    await open(() => startWalletConnect(wallet))
    await until(() => adapter.calls.includes(`connect:${WC_ID}`), 'core connect')
    push('Connect')
    await until(() => fake.state.cancelled === 1, 'the proposal cancelled')
  })

  it('in Arabic, right to left', async () => {
    adapter.holdNextConnect()
    const view = await open(() => startWalletConnect(wallet))
    await until(() => adapter.calls.includes(`connect:${WC_ID}`), 'core connect')
    fake.state.emit()
    await until(() => qr(view), 'the QR code')
    const { setLocale } = await import('@openmodal/core')
    setLocale('ar')
    await until(
      () => deep(view, '[part="copy-button"]')?.textContent?.trim() === 'نسخ الرابط',
      'ar',
    )
    await settle()
    await expect(modal).to.be.accessible()
  })
})
