// The Swap view in the modal, over the core test adapter (1.234567891 ETH) and the test server's
// swap API (eip155:1 only: ETH and USDC at 3,000 USDC per ETH, 120,000 gas at 1 gwei) and
// balances (12.999 USDC). The wallet steps against a real router are in the end-to-end test.

import { expect, fixture, html } from '@open-wc/testing'
import { $swapDraft, setLocale, setThemeMode, switchNetwork } from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import {
  deep,
  optimism,
  resetAll,
  settle,
  setupConnected,
  showView,
  until,
} from '../../../test/helpers.js'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim()

function type(input: HTMLInputElement, value: string) {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

const part = <T extends Element>(view: Element, name: string) =>
  deep(view, `[part="${name}"]`) as unknown as T

describe('Swap views', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  async function openSwap() {
    const view = await showView(modal, 'w3m-swap-view', 'Account', 'Swap')
    await until(() => deep(view, '[part="from-token"]'), 'the token pickers')
    await until(() => text(deep(view, '[data-balance]'))?.includes('ETH'), 'the ETH balance')
    return view
  }

  async function quoted(view: Element, amount: string) {
    type(part<HTMLInputElement>(view, 'amount-input'), amount)
    await until(() => text(deep(view, '[data-received]')), 'the quote')
  }

  it('quotes ETH → USDC with its details, and opens the preview', async () => {
    await setupConnected()
    const view = await openSwap()
    expect(part<HTMLElement>(view, 'from-token').dataset.token?.toLowerCase()).to.equal(
      '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    )
    expect(text(part(view, 'from-token'))).to.equal('ETH')
    expect(part<HTMLElement>(view, 'to-token').dataset.token).to.equal(USDC)
    expect(part<HTMLElement>(view, 'to-token').getAttribute('aria-label')).to.equal(
      'Receive USDC: change',
    )
    expect(text(deep(view, '[data-balance]'))).to.equal('Balance: 1.234 ETH')
    await quoted(view, '0.5')
    expect(text(deep(view, '[data-received]'))).to.equal('1,500')
    // The server prices both tokens: 0.5 ETH at $3,000 and 1,500 USDC at $1.
    await until(() => text(deep(view, '[data-fiat="from"]')) === '≈ $1,500.00', 'the USD paid')
    expect(text(deep(view, '[data-fiat="to"]'))).to.equal('≈ $1,500.00')
    expect(text(deep(view, '[data-detail="impact"]'))).to.equal('0.30 %')
    // 1 % default slippage: 1,500 × 0.99.
    expect(part<HTMLInputElement>(view, 'slippage-input').value).to.equal('1')
    expect(text(deep(view, '[data-detail="minimum"]'))).to.equal('1,485 USDC')
    expect(text(deep(view, '[data-detail="network-fee"]'))).to.equal('0.00012 ETH')
    expect(deep(view, '[data-detail="provider-fee"]')).to.equal(null)
    const review = part<HTMLButtonElement>(view, 'review-button')
    await until(() => !review.disabled, 'Review enabled')
    await settle()
    await expect(modal).to.be.accessible()
    review.click()
    const preview = await until(
      () => deep(modal, 'w3m-router', 'w3m-swap-preview-view'),
      'the preview',
    )
    // Selling the native currency needs no approval: one wallet step.
    expect(text(deep(preview, '[data-paid]'))).to.equal('0.5 ETH')
    expect(text(deep(preview, '[data-received]'))).to.equal('1,500 USDC')
    expect(text(deep(preview, '[data-minimum]'))).to.equal('1,485 USDC')
    expect(deep(preview, '[data-step="approve"]')).to.equal(null)
    expect(text(deep(preview, '[data-step="swap"]'))).to.equal('Step 2: swap ETH for USDC Waiting')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('shows both labelled wallet steps for a token sale, flipped from ETH → USDC', async () => {
    await setupConnected()
    const view = await openSwap()
    part<HTMLButtonElement>(view, 'flip-button').click()
    expect($swapDraft.get().fromToken).to.equal(USDC)
    await until(() => text(deep(view, '[data-balance]')) === 'Balance: 12.999 USDC', 'USDC')
    await quoted(view, '3')
    expect(text(deep(view, '[data-received]'))).to.equal('0.001')
    const review = part<HTMLButtonElement>(view, 'review-button')
    await until(() => !review.disabled, 'Review enabled')
    review.click()
    const preview = await until(
      () => deep(modal, 'w3m-router', 'w3m-swap-preview-view'),
      'the preview',
    )
    expect(text(deep(preview, '[data-step="approve"]'))).to.equal(
      'Step 1: allow the swap to spend 3 USDC Waiting',
    )
    expect(text(deep(preview, '[data-step="swap"]'))).to.equal('Step 2: swap USDC for ETH Waiting')
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('picks a token in SwapSelectToken: search, your tokens first, the other side switches', async () => {
    await setupConnected()
    const view = await openSwap()
    part<HTMLButtonElement>(view, 'to-token').click()
    const picker = await until(
      () => deep(modal, 'w3m-router', 'w3m-swap-select-token-view'),
      'the token picker',
    )
    // Both tokens are held: each row says the amount and its USD value.
    await until(() => picker.shadowRoot?.querySelectorAll('[part="token"]').length === 2, 'rows')
    const rows = () =>
      [...(picker.shadowRoot?.querySelectorAll('[data-list="yours"] [part="token"]') ?? [])].map(
        (row) => text(row),
      )
    expect(rows()).to.deep.equal(['E Ether 1.234 ETH $3,703.70', 'U USD Coin 12.999 USDC $12.99'])
    expect(deep<HTMLElement>(picker, '[aria-current="true"]')?.dataset.token).to.equal(USDC)
    type(part<HTMLInputElement>(picker, 'search-input'), 'usd')
    await until(() => rows().length === 1, 'the filter')
    expect(rows()[0]).to.contain('USD Coin')
    type(part<HTMLInputElement>(picker, 'search-input'), 'nothing like it')
    await until(() => text(deep(picker, '[data-state="empty"]')) === 'No token matches', 'empty')
    await settle()
    await expect(modal).to.be.accessible()
    type(part<HTMLInputElement>(picker, 'search-input'), 'eth')
    await until(() => rows().length === 1, 'ETH only')
    // ETH is the token paid with: picking it as the one received switches the two.
    part<HTMLButtonElement>(picker, 'token').click()
    const back = await until(() => deep(modal, 'w3m-router', 'w3m-swap-view'), 'back to Swap')
    expect($swapDraft.get().fromToken).to.equal(USDC)
    expect($swapDraft.get().toToken?.toLowerCase()).to.equal(
      '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    )
    await until(() => text(deep(back, '[data-balance]')) === 'Balance: 12.999 USDC', 'USDC paid')
  })

  it('says an amount above the balance, or short of the fee, before the wallet is asked', async () => {
    await setupConnected()
    const view = await openSwap()
    await quoted(view, '5')
    expect(text(deep(view, '[data-error]'))).to.equal('Insufficient balance')
    expect(part<HTMLButtonElement>(view, 'review-button').disabled).to.equal(true)
    // The whole balance leaves nothing for the 0.00012 ETH network fee.
    part<HTMLButtonElement>(view, 'max-button').click()
    await until(
      () => text(deep(view, '[data-error]')) === 'Insufficient funds for the network fee',
      'the fee check',
    )
    expect(part<HTMLButtonElement>(view, 'review-button').disabled).to.equal(true)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('reads "Network not supported for Swaps" on a chain without a provider', async () => {
    await setupConnected()
    await switchNetwork(optimism)
    const view = await showView(modal, 'w3m-swap-view', 'Account', 'Swap')
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    expect(text(error)).to.equal('Network not supported for Swaps')
    expect(deep(view, '[part="retry-button"]')).to.not.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
  })
})
