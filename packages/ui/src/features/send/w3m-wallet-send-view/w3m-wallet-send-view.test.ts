// The Send flow (WalletSend → WalletSendSelectToken → WalletSendPreview) in the modal, over the
// core test adapter (it signs nothing; the real wallet and chain are in the demo's e2e test)
// and the test server's blockchain API (balances of 0x1111…: ETH, USDC with 6 decimals).

import { expect, fixture, html } from '@open-wc/testing'
import {
  $features,
  $remoteConfig,
  $sendDraft,
  $sendTokens,
  $snack,
  $view,
  connect,
  setLocale,
  setThemeMode,
  updateSendDraft,
} from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import {
  deep,
  deepAll,
  resetAll,
  settle,
  setupClient,
  setupConnected,
  showView,
  solana,
  until,
} from '../../../test/helpers.js'

const OTHER = '0x9999999999999999999999999999999999999999'
const RECEIVER = '0x2222222222222222222222222222222222222222'
const SOL_SENDER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const SOL_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim()

function type(input: HTMLInputElement, value: string) {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

describe('Send views', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  async function openSend() {
    const view = await showView(modal, 'w3m-wallet-send-view', 'Account', 'WalletSend')
    // The native token is picked once the balances arrive (exact, from the adapter).
    await until(() => $sendTokens.get().tokenBalances.length === 3, 'the balances')
    await until(() => text(deep(view, '[data-token-symbol]')) === 'ETH', 'ETH picked')
    return view
  }

  const status = (view: Element) => text(deep(view, '[part="status"]'))
  const input = (view: Element, part: string) => deep(view, `[part="${part}"]`) as HTMLInputElement
  const preview = async (view: Element) => {
    ;(deep(view, '[part="preview-button"]') as HTMLButtonElement).click()
    await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete
  }

  async function pickToken(view: Element, symbol: string) {
    ;(deep(view, '[part="token-button"]') as HTMLButtonElement).click()
    const picker = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-select-token-view'),
      'the token picker',
    )
    const row = await until(
      () =>
        deepAll(picker, '[part="token"]').find((token) =>
          text(token.querySelector('[data-amount]'))?.endsWith(` ${symbol}`),
        ),
      symbol,
    )
    row.click()
    return until(() => deep(modal, 'w3m-router', 'w3m-wallet-send-view'), 'back to WalletSend')
  }

  it('shows "A token is required" and "An amount and receiver address are required"', async () => {
    await setupConnected()
    const view = await openSend()
    await preview(view)
    expect(status(view)).to.equal('An amount and receiver address are required')
    updateSendDraft({ token: undefined })
    await preview(view)
    expect(status(view)).to.equal('A token is required')
    expect($view.get().view).to.equal('WalletSend')
  })

  it('lists the tokens native first, filters them, and rejects an amount with more decimals than the token', async () => {
    await setupConnected()
    const view = await openSend()
    ;(deep(view, '[part="token-button"]') as HTMLButtonElement).click()
    const picker = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-select-token-view'),
      'the token picker',
    )
    const rows = await until(() => {
      const found = deepAll(picker, '[part="token"]')
      return found.length === 3 ? found : null
    }, 'three tokens')
    expect(text(rows[0]?.querySelector('[data-amount]'))).to.equal('1.234 ETH')
    expect(text(rows[1]?.querySelector('[data-amount]'))).to.equal('12.999 USDC')
    type(input(picker, 'search-input'), 'usd')
    await until(() => deepAll(picker, '[part="token"]').length === 1, 'the filter')
    await settle()
    await expect(modal).to.be.accessible()
    type(input(picker, 'search-input'), '')
    const back = await pickToken(view, 'USDC')
    expect(text(deep(back, '[data-token-symbol]'))).to.equal('USDC')
    type(input(back, 'amount-input'), '1.1234567')
    await until(() => status(back), 'the decimals error')
    expect(status(back)).to.equal(
      'Amount 1.1234567 has more decimal places than the token allows (6)',
    )
    type(input(back, 'amount-input'), '13')
    await until(() => status(back) === 'Insufficient balance', 'the balance check')
    type(input(back, 'amount-input'), '12.5')
    await until(() => !status(back), 'no error')
    expect(text(deep(back, '[data-fiat]'))).to.equal('$12.50')
  })

  it('Max is the native balance less the estimated network fee', async () => {
    await setupConnected()
    const view = await openSend()
    ;(deep(view, '[part="max-button"]') as HTMLButtonElement).click()
    // 1.23456789 ETH less 21,000 gas at 1 gwei.
    await until(() => input(view, 'amount-input').value === '1.23454689', 'the max amount')
    // The ceiling that fee was estimated at goes with the amount, for the send.
    expect($sendDraft.get().maxFee).to.deep.equal({
      amount: '1.23454689',
      cap: { gasPrice: 1_000_000_000n },
    })
  })

  it('checks the receiver: an invalid address, a name nobody has, a name with its address', async () => {
    await setupConnected()
    const view = await openSend()
    type(input(view, 'amount-input'), '0.5')
    type(input(view, 'receiver-input'), '0x123')
    await until(() => status(view) === 'Invalid receiver address', 'invalid address', 3000)
    type(input(view, 'receiver-input'), 'nobody-here')
    await until(() => status(view) === 'No address found for this name', 'unknown name', 3000)
    type(input(view, 'receiver-input'), 'taken')
    const resolved = await until(() => deep(view, '[data-resolved]'), 'the resolved name', 3000)
    expect(text(resolved)).to.equal('taken (0x99…999999)')
    expect($sendDraft.get().receiverAddress).to.equal(OTHER)
    expect(status(view)).to.equal('')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('previews the fee and sends: toast with the explorer link, back to Account, draft cleared', async () => {
    const adapter = await setupConnected()
    const view = await openSend()
    type(input(view, 'amount-input'), '0.5')
    type(input(view, 'receiver-input'), RECEIVER)
    await preview(view)
    const previewView = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-preview-view'),
      'the preview',
    )
    await until(() => text(deep(previewView, '[data-fee]')) === '0.000021 ETH', 'the fee')
    expect(text(deep(previewView, '[data-amount]'))).to.equal('0.5 ETH')
    expect(text(deep(previewView, '[data-receiver]'))).to.equal('0x22…222222')
    expect(text(deep(previewView, '[data-network]'))).to.equal('Ethereum')
    await settle()
    await expect(modal).to.be.accessible()
    ;(deep(previewView, '[part="send-button"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'Account', 'back to Account')
    expect(adapter.calls).to.include(`sendTransfer:${RECEIVER}:500000000000000000`)
    // Sent at the ceiling of the fee the preview showed.
    expect(adapter.calls).to.include('sendTransfer.fee:1000000000')
    await until(() => $snack.get().open, 'the toast')
    expect($snack.get().message).to.equal('Sent 0.5 ETH')
    const link = await until(() => deep(modal, 'wui-toast', '[part="toast-link"]'), 'the link')
    expect(link.getAttribute('href')).to.equal(
      `https://etherscan.io/tx/${encodeURIComponent(`tx:${RECEIVER}:500000000000000000`)}`,
    )
    expect($sendDraft.get().sendTokenAmount).to.equal(undefined)
  })

  it('keeps the draft when the wallet declines, and says "Signature declined"', async () => {
    const adapter = await setupConnected()
    adapter.sendTransfer = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    const view = await openSend()
    type(input(view, 'amount-input'), '0.5')
    type(input(view, 'receiver-input'), RECEIVER)
    await preview(view)
    const previewView = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-preview-view'),
      'the preview',
    )
    await until(() => text(deep(previewView, '[data-fee]'))?.endsWith('ETH'), 'the fee')
    ;(deep(previewView, '[part="send-button"]') as HTMLButtonElement).click()
    await until(() => status(previewView) === 'Signature declined', 'the refusal')
    expect($view.get().view).to.equal('WalletSendPreview')
    expect($sendDraft.get().sendTokenAmount).to.equal('0.5')
    expect($sendDraft.get().receiverAddress).to.equal(RECEIVER)
  })

  it('refuses to send when nothing is left for the fee', async () => {
    await setupConnected()
    const view = await openSend()
    type(input(view, 'amount-input'), '1.23456789')
    type(input(view, 'receiver-input'), RECEIVER)
    await preview(view)
    const previewView = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-preview-view'),
      'the preview',
    )
    await until(
      () => status(previewView) === 'Insufficient funds for the network fee',
      'the fee check',
    )
    expect((deep(previewView, '[part="send-button"]') as HTMLButtonElement).disabled).to.equal(true)
  })

  it('sends on Solana: base58 receivers only, no names, amounts in lamports', async () => {
    const adapter = setupClient(
      {
        namespace: 'solana',
        chainId: solana.id,
        accounts: [SOL_SENDER],
        balance: 2_000_000_000n,
      },
      { networks: [solana] },
    )
    // Solana's fee: 5,000 lamports per signature.
    adapter.estimateTransferFee = async () => ({ value: 5_000n })
    await connect({ connectorId: 'io.alpha' })
    const view = await showView(modal, 'w3m-wallet-send-view', 'Account', 'WalletSend')
    await until(() => text(deep(view, '[data-token-symbol]')) === 'SOL', 'SOL picked')
    expect(text(deep(view, '[data-balance]'))).to.equal('Balance: 2.000 SOL')
    type(input(view, 'amount-input'), '0.0000000001')
    await until(() => status(view)?.includes('(9)'), 'the decimals error')
    type(input(view, 'amount-input'), '0.5')
    type(input(view, 'receiver-input'), RECEIVER)
    await until(() => status(view) === 'Invalid receiver address', 'an EVM address refused')
    type(input(view, 'receiver-input'), 'taken')
    await until(() => status(view) === 'Invalid receiver address', 'no names on Solana')
    type(input(view, 'receiver-input'), SOL_RECEIVER)
    await until(() => !status(view), 'a Solana address')
    await preview(view)
    const previewView = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-preview-view'),
      'the preview',
    )
    await until(() => text(deep(previewView, '[data-fee]')) === '0.000005 SOL', 'the fee')
    ;(deep(previewView, '[part="send-button"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'Account', 'back to Account')
    expect(adapter.calls).to.include(`sendTransfer:${SOL_RECEIVER}:500000000`)
  })

  it('says why when sending is turned off', async () => {
    setupClient({}, { features: { send: false } })
    await connect({ connectorId: 'io.alpha' })
    const view = await showView(modal, 'w3m-wallet-send-view', 'Account', 'WalletSend')
    expect(text(deep(view, '[data-reason]'))).to.equal('Sending is turned off for this app.')
  })

  it('remote send off (the project config of the real server) hides the button and says why', async function () {
    // The first request for the fixture starts apps/server (a 2,000-wallet import first).
    this.timeout(120_000)
    const server = (await (await fetch('/__openmodal/server.json')).json()) as {
      url: string
      noSendProjectId: string
    }
    // The host leaves Send on; the project turns it off.
    setupClient({}, { apiUrl: server.url, projectId: server.noSendProjectId })
    await until(() => $remoteConfig.get().status === 'loaded', 'the project config', 20_000)
    expect($features.get()?.send).to.equal(false)
    await connect({ connectorId: 'io.alpha' })
    const account = await showView(modal, 'w3m-account-view', 'Account')
    await until(() => deepAll(account, '[part="feature-button"]').length > 0, 'the buttons')
    const features = deepAll(account, '[part="feature-button"]').map((b) => b.dataset.feature)
    expect(features).to.include('receive')
    expect(features).not.to.include('send')
    const view = await showView(modal, 'w3m-wallet-send-view', 'Account', 'WalletSend')
    expect(text(deep(view, '[data-reason]'))).to.equal('Sending is turned off for this app.')
    await expect(modal).to.be.accessible()
  })

  it('passes axe in dark mode and right to left: form, picker and preview', async () => {
    await setupConnected()
    const view = await openSend()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    // The token button's chevron points to the inline end: left, in Arabic.
    const chevron = deep(view, '[part="token-button"] svg') as SVGElement
    expect(getComputedStyle(chevron).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)')
    // A typed amount in an Arabic error keeps its minus before the digits (left of them): the
    // value is isolated from the right-to-left text around it.
    type(input(view, 'amount-input'), '-1.0000000000000000001')
    const error = await until(
      () => deep(view, '[part="status"] [data-error]') as HTMLElement | null,
      'the decimals error',
    )
    const node = [...error.childNodes].find(
      (child): child is Text => child instanceof Text && child.data.includes('1.0'),
    ) as Text
    const at = node.data.indexOf('-1.0')
    expect(at, node.data).to.be.above(-1)
    const box = (from: number) => {
      const range = document.createRange()
      range.setStart(node, from)
      range.setEnd(node, from + 1)
      return range.getBoundingClientRect()
    }
    expect(box(at).left, 'the minus is left of the 1').to.be.below(box(at + 1).left)
    type(input(view, 'amount-input'), '')
    await preview(view)
    await settle()
    await expect(modal).to.be.accessible()
    // The token picker, dark and right to left.
    ;(deep(view, '[part="token-button"]') as HTMLButtonElement).click()
    const picker = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-select-token-view'),
      'the token picker',
    )
    await until(() => deepAll(picker, '[part="token"]').length === 3, 'the tokens')
    await settle()
    await expect(modal).to.be.accessible()
    deepAll(picker, '[part="token"]')[0]?.click()
    const back = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-view'),
      'back to WalletSend',
    )
    type(input(back, 'amount-input'), '0.5')
    type(input(back, 'receiver-input'), RECEIVER)
    await preview(back)
    const previewView = await until(
      () => deep(modal, 'w3m-router', 'w3m-wallet-send-preview-view'),
      'the preview',
    )
    await until(() => text(deep(previewView, '[data-fee]'))?.endsWith('ETH'), 'the fee')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
