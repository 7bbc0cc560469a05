// The OnRamp views (Account's Buy → OnRampProviders → BuyInProgress → Account) over the core
// test adapter and the test server's on-ramp API contract (src/test/onramp-api-server.mjs: eip155:1
// served by two providers, card 10–7500, bank 10–25000; a purchase completes when the test
// posts its Pay).

import { expect, fixture, html } from '@open-wc/testing'
import {
  $onrampPurchase,
  $snack,
  $view,
  setLocale,
  setThemeMode,
  switchNetwork,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import {
  deep,
  deepAll,
  resetAll,
  settle,
  setupConnected,
  showView,
  until,
} from '../../../test/helpers.js'
import { W3mBuyInProgressView } from '../w3m-buy-in-progress-view/w3m-buy-in-progress-view.js'
import { W3mOnrampProvidersView } from './w3m-onramp-providers-view.js'

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim()

function type(input: HTMLInputElement, value: string) {
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
}

/** A stand-in for the window `window.open` gives, recording where it is sent. */
function fakePopup() {
  return { closed: false, opener: {} as unknown, location: { href: 'about:blank' }, close() {} }
}

describe('OnRamp views', () => {
  let modal: W3mModal
  const open = window.open
  let opened: { url: string | URL | undefined; features: string | undefined }[]
  let popup: ReturnType<typeof fakePopup> | null

  beforeEach(async () => {
    W3mBuyInProgressView.pollMs = 50
    opened = []
    popup = fakePopup()
    window.open = ((url?: string | URL, _target?: string, features?: string) => {
      opened.push({ url, features })
      return popup as unknown as Window
    }) as typeof window.open
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
    await setupConnected()
  })

  afterEach(async () => {
    window.open = open
    W3mOnrampProvidersView.quoteRefreshMs = 15_000
    await fetch('/__onramp/price?usd=3000', { method: 'POST' })
    resetAll()
  })

  async function openProviders() {
    const view = await showView(modal, 'w3m-onramp-providers-view', 'Account', 'OnRampProviders')
    await until(() => deep(view, '#amount'), 'the amount field')
    return view
  }

  it('Account offers Buy where the server serves the chain, and it opens the offers', async () => {
    const account = await showView(modal, 'w3m-account-view', 'Account')
    const buy = await until(
      () => deep<HTMLButtonElement>(account, '[data-feature="onramp"]'),
      'the Buy button',
    )
    buy.click()
    await until(() => $view.get().view === 'OnRampProviders', 'the offers')
  })

  it('shows the card and bank limits as errors a person can act on', async () => {
    const view = await openProviders()
    const input = deep<HTMLInputElement>(view, '#amount') as HTMLInputElement
    expect(text(deep(view, '[data-limits]'))).to.equal('10 to 7500 USD')
    type(input, '9.99')
    await until(() => deep(view, '[data-amount-error]'), 'the minimum')
    expect(text(deep(view, '[data-amount-error]'))).to.equal(
      'The minimum with this payment method is 10 USD',
    )
    expect(input.getAttribute('aria-invalid')).to.equal('true')
    type(input, '8000')
    await until(() => text(deep(view, '[data-amount-error]'))?.includes('7500'), 'the maximum')
    expect(text(deep(view, '[data-amount-error]'))).to.equal(
      'The maximum with this payment method is 7500 USD. Lower the amount or pay by bank transfer.',
    )
    expect(deepAll(view, '[data-provider]')).to.have.length(0)
    await settle()
    await expect(modal).to.be.accessible()
    // Bank transfers go to 25000: the same amount is fine there.
    ;(deep(view, '[data-method="bank"]') as HTMLInputElement).click()
    await until(() => deepAll(view, '[data-provider]').length === 2, 'the offers')
    expect(text(deep(view, '[data-limits]'))).to.equal('10 to 25000 USD')
    type(input, 'abc')
    await until(() => deep(view, '[data-amount-error]'), 'the format')
    expect(text(deep(view, '[data-amount-error]'))).to.equal('Enter an amount like 100 or 99.50')
  })

  it('lists the providers with fees, opens the popup inside the click, then lands on Account', async () => {
    const view = await openProviders()
    type(deep<HTMLInputElement>(view, '#amount') as HTMLInputElement, '300')
    await until(() => deepAll(view, '[data-provider]').length === 2, 'the offers')
    expect(text(deep(view, '[data-provider="sandbox"] [data-fee]'))).to.equal('Fee 1% (3.00 USD)')
    expect(text(deep(view, '[data-provider="meld"] [data-fee]'))).to.equal('Fee 1.5% (4.50 USD)')
    expect(text(deep(view, '[data-provider="sandbox"] [data-receive]'))).to.equal(
      'You get about 0.099 ETH',
    )
    await settle()
    await expect(modal).to.be.accessible()

    ;(deep(view, '[data-provider="sandbox"]') as HTMLButtonElement).click()
    // Synchronously, inside the click: no await between the click and window.open.
    expect(opened).to.have.length(1)
    expect(opened[0]?.features).to.match(/width=600,height=800/)
    await until(() => $view.get().view === 'BuyInProgress', 'BuyInProgress')
    const id = $onrampPurchase.get()?.purchase.id as string
    expect(popup?.location.href).to.match(/\/__onramp\/checkout\/onr_/)
    expect(popup?.opener).to.equal(null)
    const progress = await until(
      () => deep(modal, 'w3m-router', 'w3m-buy-in-progress-view'),
      'the progress view',
    )
    await until(() => deep(progress, '[data-waiting]'), 'waiting')
    expect(text(deep(progress, '[data-waiting]'))).to.equal(
      'Finish the purchase in the Sandbox checkout window. This page updates by itself.',
    )
    await settle()
    await expect(modal).to.be.accessible()

    await fetch(`/__onramp/pay/${id}`, { method: 'POST' })
    await until(() => $view.get().view === 'Account', 'back to Account')
    await until(() => $snack.get().open, 'the toast')
    expect($snack.get().message).to.equal('Purchase complete: 0.099 ETH arrived')
  })

  it('offers a new-tab link when the browser blocked the window, and shows a failure', async () => {
    popup = null
    const view = await openProviders()
    type(deep<HTMLInputElement>(view, '#amount') as HTMLInputElement, '50')
    await until(() => deepAll(view, '[data-provider]').length === 2, 'the offers')
    ;(deep(view, '[data-provider="meld"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'BuyInProgress', 'BuyInProgress')
    const progress = await until(
      () => deep(modal, 'w3m-router', 'w3m-buy-in-progress-view'),
      'the progress view',
    )
    await until(() => deep(progress, '[data-open]'), 'the link')
    expect(text(deep(progress, '[data-waiting]'))).to.match(/^Your browser blocked the Meld window/)
    const link = deep<HTMLAnchorElement>(progress, '[data-open]') as HTMLAnchorElement
    expect(link.href).to.match(/\/__onramp\/checkout\/onr_/)
    expect(link.target).to.equal('_blank')
    expect(link.rel).to.equal('noopener noreferrer')
    await fetch(`/__onramp/pay/${$onrampPurchase.get()?.purchase.id}?fail=1`, { method: 'POST' })
    await until(() => deep(progress, '[data-failed]'), 'the failure')
    await settle()
    await expect(modal).to.be.accessible()
    expect($view.get().view).to.equal('BuyInProgress')
  })

  it('the visitor picks EUR and the ERC-20 by keyboard; limits and offers follow; axe light, dark, RTL', async () => {
    const view = await openProviders()
    const currency = deep<HTMLSelectElement>(view, '#currency') as HTMLSelectElement
    const asset = deep<HTMLSelectElement>(view, '#asset') as HTMLSelectElement
    expect([...currency.options].map((o) => o.value)).to.deep.equal(['USD', 'EUR'])
    expect([...asset.options].map((o) => o.value)).to.deep.equal(['ETH', 'TUSD'])
    expect(currency.value).to.equal('USD')
    currency.focus()
    await sendKeys({ press: 'ArrowDown' })
    await until(() => text(deep(view, '[data-limits]')) === '10 to 7500 EUR', 'the EUR limits')
    expect(text(deep(view, 'label[for="amount"]'))).to.equal('Amount (EUR)')
    asset.focus()
    await sendKeys({ press: 'ArrowDown' })
    await until(() => asset.value === 'TUSD', 'TUSD picked')
    const input = deep<HTMLInputElement>(view, '#amount') as HTMLInputElement
    type(input, '8000')
    await until(() => deep(view, '[data-amount-error]'), 'the maximum')
    expect(text(deep(view, '[data-amount-error]'))).to.equal(
      'The maximum with this payment method is 7500 EUR. Lower the amount or pay by bank transfer.',
    )
    type(input, '5')
    await until(() => text(deep(view, '[data-amount-error]'))?.includes('10 EUR'), 'the minimum')
    type(input, '100')
    await until(() => deepAll(view, '[data-provider]').length === 2, 'the offers')
    // 99 EUR × 1.08 USD/EUR at 1 USD/TUSD.
    expect(text(deep(view, '[data-provider="sandbox"] [data-receive]'))).to.equal(
      'You get about 106.92 TUSD',
    )
    expect(text(deep(view, '[data-provider="sandbox"] [data-fee]'))).to.equal('Fee 1% (1.00 EUR)')
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(() => text(deep(view, 'label[for="currency"]')) === 'العملة', 'Arabic')
    await settle()
    await expect(modal).to.be.accessible()

    ;(deep(view, '[data-provider="sandbox"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'BuyInProgress', 'BuyInProgress')
    const { purchase } = $onrampPurchase.get() ?? {}
    expect([purchase?.asset, purchase?.currency, purchase?.amount]).to.deep.equal([
      'TUSD',
      'EUR',
      '100.00',
    ])
  })

  it('asks the offers again while open and shows the new ones', async () => {
    W3mOnrampProvidersView.quoteRefreshMs = 300
    const view = await openProviders()
    type(deep<HTMLInputElement>(view, '#amount') as HTMLInputElement, '300')
    const receive = () => text(deep(view, '[data-provider="sandbox"] [data-receive]'))
    await until(() => receive() === 'You get about 0.099 ETH', 'the first offers')
    const asked = async () => (await (await fetch('/__onramp/quotes')).json()).count as number
    const before = await asked()
    // ETH falls to 2000 USD: only a new quote request can show it.
    await fetch('/__onramp/price?usd=2000', { method: 'POST' })
    await until(() => receive() === 'You get about 0.1485 ETH', 'the refreshed offers', 5000)
    expect(await asked()).to.be.greaterThan(before)
    // The offers stay on screen while they are asked again (no spinner in between).
    expect(deepAll(view, '[data-provider]')).to.have.length(2)
  })

  it('says so where no provider serves the chain', async () => {
    await switchNetwork('eip155:10')
    const account = await showView(modal, 'w3m-account-view', 'Account')
    await until(() => deep(account, '[data-feature="send"]'), 'the feature buttons')
    expect(deep(account, '[data-feature="onramp"]')).to.equal(null)
    const view = await showView(modal, 'w3m-onramp-providers-view', 'Account', 'OnRampProviders')
    await until(() => deep(view, '[data-unavailable]'), 'the unavailable text')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
