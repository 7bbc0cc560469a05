// WalletReceive: the connected address as a QR code (decoded back here with jsQR) and as text,
// the network, and the networks of its namespace that can receive, on eip155 and solana.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $snack,
  type CaipNetwork,
  connect,
  setLocale,
  setThemeMode,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { decodeQr } from '../../../test/decode-qr.js'
import '../../../test/define-modal.js'
import {
  deep,
  deepAll,
  focused,
  mainnet,
  optimism,
  polygon,
  resetAll,
  settle,
  setupClient,
  setupConnected,
  showView,
  solana,
  until,
} from '../../../test/helpers.js'
import { receivingNetworks } from './w3m-wallet-receive-view.js'

const TAG = 'w3m-wallet-receive-view'
const EVM_ADDRESS = '0x1111111111111111111111111111111111111111'
const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const solanaDevnet: CaipNetwork = {
  ...solana,
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  testnet: true,
}

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/** The QR code of `view`, once drawn. */
async function drawnQr(view: HTMLElement) {
  const qr = await until(() => deep(view, '[part="qr"]'), 'the QR code')
  await until(() => deep(qr, 'svg path'), 'the QR code drawn')
  return qr
}

describe('WalletReceive view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('shows an EVM address as a QR code that decodes to it, as text, and its networks', async () => {
    setupClient({}, { networks: [mainnet, optimism, polygon, solana] })
    await connect({ connectorId: 'io.alpha' })
    const view = await showView(modal, TAG, 'Account', 'WalletReceive')
    const qr = await drawnQr(view)
    expect(await decodeQr(qr)).to.equal(EVM_ADDRESS)
    expect(qr.getAttribute('data-address')).to.equal(EVM_ADDRESS)
    expect(deep(qr, '[part="qr"]')?.getAttribute('aria-label')).to.equal(
      'QR code of your address on Ethereum',
    )
    // The network's icon sits in the centre; error correction restores what it hides.
    expect(deep(qr, 'img')?.getAttribute('src')).to.equal(mainnet.assets?.imageUrl)
    expect(text(deep(view, '[part="address"]'))).to.equal(EVM_ADDRESS)
    const network = deep(view, '[part="network"]')
    expect(text(network)).to.equal('Ethereum')
    expect(network?.querySelector('img')?.getAttribute('src')).to.equal(mainnet.assets?.imageUrl)
    const listed = deepAll(view, '[part="networks"] li').map((li) => li.dataset.network)
    // The same namespace only, the active network first: Solana cannot receive on an EVM address.
    expect(listed).to.deep.equal(['eip155:1', 'eip155:10', 'eip155:137'])
  })

  it('shows a Solana address as a QR code that decodes to it, with the Solana networks only', async () => {
    setupClient(
      {
        namespace: 'solana',
        chainId: solana.id,
        knownChainIds: [solana.id, solanaDevnet.id],
        accounts: [SOL_ADDRESS],
      },
      { networks: [mainnet, solana, solanaDevnet] },
    )
    await connect({ connectorId: 'io.alpha' })
    const view = await showView(modal, TAG, 'Account', 'WalletReceive')
    const qr = await drawnQr(view)
    expect(await decodeQr(qr)).to.equal(SOL_ADDRESS)
    expect(text(deep(view, '[part="address"]'))).to.equal(SOL_ADDRESS)
    expect(text(deep(view, '[part="network"]'))).to.equal('Solana')
    const listed = deepAll(view, '[part="networks"] li').map((li) => text(li))
    expect(listed).to.deep.equal(['Solana', 'Solana Devnet'])
    // Without an icon the code has no hole, and still decodes.
    expect(deep(qr, 'img')).to.equal(null)
  })

  it('follows the account: a new address redraws the code', async () => {
    const adapter = await setupConnected()
    const view = await showView(modal, TAG, 'Account', 'WalletReceive')
    expect(await decodeQr(await drawnQr(view))).to.equal(EVM_ADDRESS)
    const next = '0x2222222222222222222222222222222222222222'
    adapter.emit({ type: 'accountsChanged', accounts: [{ address: next, namespace: 'eip155' }] })
    await until(() => text(deep(view, '[part="address"]')) === next, 'the new address')
    const qr = deep(view, '[part="qr"]') as HTMLElement & { ready: Promise<void> }
    await qr.ready
    await (qr as unknown as { updateComplete: Promise<unknown> }).updateComplete
    expect(await decodeQr(qr)).to.equal(next)
  })

  it('copies the address from the keyboard and confirms with a toast', async () => {
    await setupConnected()
    const view = await showView(modal, TAG, 'Account', 'WalletReceive')
    await drawnQr(view)
    const written: string[] = []
    const original = navigator.clipboard.writeText
    navigator.clipboard.writeText = async (value: string) => {
      written.push(value)
    }
    try {
      const copy = deep(view, '[part="copy-button"]') as HTMLButtonElement
      expect(text(copy)).to.equal('Copy address')
      for (let i = 0; i < 10 && focused() !== copy; i++) await sendKeys({ press: 'Tab' })
      expect(focused(), 'Tab reaches the copy button').to.equal(copy)
      await sendKeys({ press: 'Enter' })
      await until(() => written.length, 'the clipboard write')
      expect(written).to.deep.equal([EVM_ADDRESS])
      await until(() => $snack.get().message === 'Address copied', 'the toast')
      expect($snack.get().variant).to.equal('success')
    } finally {
      navigator.clipboard.writeText = original
    }
  })

  it('says why there is no address: not connected, or receive turned off', async () => {
    setupClient()
    let view = await showView(modal, TAG, 'WalletReceive')
    expect(text(deep(view, '[data-state="disconnected"]'))).to.equal('No wallet connected')
    expect(deep(view, '[part="qr"]')).to.equal(null)
    resetAll()
    setupClient({}, { features: { receive: false } })
    await connect({ connectorId: 'io.alpha' })
    view = await showView(modal, TAG, 'Account', 'WalletReceive')
    expect(text(deep(view, '[data-state="off"]'))).to.equal('Receiving is turned off in this app.')
    expect(deep(view, '[part="address"]')).to.equal(null)
  })

  it('passes axe in light, dark and Arabic right to left', async () => {
    await setupConnected()
    const view = await showView(modal, TAG, 'Account', 'WalletReceive')
    await drawnQr(view)
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    // The code keeps its light background in dark mode, so it still reads.
    expect(await decodeQr(await drawnQr(view))).to.equal(EVM_ADDRESS)
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(() => text(deep(view, '[part="copy-button"]')) === 'نسخ العنوان', 'Arabic')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('receivingNetworks keeps the namespace of the active network, the active one first', () => {
    expect(
      receivingNetworks(optimism, [mainnet, optimism, solana, polygon]).map((n) => n.id),
    ).to.deep.equal([10, 1, 137])
    expect(receivingNetworks(solana, [mainnet, solana]).map((n) => n.name)).to.deep.equal([
      'Solana',
    ])
  })
})
