// The Account tabs Tokens, NFTs and Activity over real HTTP: the test server answers the
// blockchain API contract (src/test/blockchain-api-server.mjs) per address.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $accountNames,
  $modal,
  $snack,
  $view,
  connect,
  openModal,
  reset,
  setLocale,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import '../../test/define-modal.js'
import type { W3mModal } from '../../modal/w3m-modal/w3m-modal.js'
import {
  deep,
  deepAll,
  focused,
  resetAll,
  settle,
  setupClient,
  solana,
  until,
} from '../../test/helpers.js'
import { monthLabel } from '../w3m-account-activity/w3m-account-activity.js'

const ALICE = '0x1111111111111111111111111111111111111111'
const EMPTY = '0x2222222222222222222222222222222222222222'
const FAILING = '0x3333333333333333333333333333333333333333'
const SLOW = '0x4444444444444444444444444444444444444444'
const GROWING = '0x5555555555555555555555555555555555555555'
const OTHER = '0x9999999999999999999999999999999999999999'
const HOSTILE = '<img src=x onerror="window.__pwned=1">'

declare global {
  interface Window {
    __pwned?: number
  }
}

async function openAccount(modal: W3mModal, address = ALICE) {
  setupClient({ accounts: [address] }, { apiUrl: location.origin })
  await connect({ connectorId: 'io.alpha' })
  reset('Account')
  openModal()
  await modal.updateComplete
  return until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'the account view')
}

async function selectTab(view: HTMLElement, tab: 'tokens' | 'nfts' | 'activity') {
  const button = await until(() => deep(view, `[data-tab="${tab}"]`), `the ${tab} tab`)
  button.click()
  await until(() => button.getAttribute('aria-selected') === 'true', `${tab} selected`)
}

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

describe('Account tabs', () => {
  let modal: W3mModal

  beforeEach(async () => {
    delete window.__pwned
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('Tokens lists icon, name, amount (3 decimals, truncated) and fiat (2 decimals); HTML in a symbol is text', async () => {
    const view = await openAccount(modal)
    const tokens = await until(() => deep(view, 'w3m-account-tokens'), 'the tokens panel')
    const rows = await until(() => {
      const found = deepAll(tokens, '[part="token"]')
      return found.length === 3 ? found : null
    }, 'three tokens')
    const [eth, usdc, evil] = rows as [HTMLElement, HTMLElement, HTMLElement]
    expect(text(eth.querySelector('[data-name]'))).to.equal('Ether')
    expect(text(eth.querySelector('[data-amount]'))).to.equal('1.234 ETH')
    expect(text(eth.querySelector('[data-fiat]'))).to.equal('$3703.70')
    expect(text(usdc.querySelector('[data-amount]'))).to.equal('12.999 USDC')
    expect(text(usdc.querySelector('[data-fiat]'))).to.equal('$12.99')
    expect(usdc.querySelector('img')?.getAttribute('src')).to.equal(
      `${location.origin}/fixture/usdc.png`,
    )
    // The hostile token: its symbol and name are text, its javascript: icon is never used.
    expect(text(evil.querySelector('[data-amount]'))).to.equal(`0.000 ${HOSTILE}`)
    expect(text(evil.querySelector('[data-name]'))).to.equal(`Evil ${HOSTILE}`)
    expect(evil.querySelector('img')?.getAttribute('src')).to.equal(undefined)
    expect(text(evil.querySelector('[data-fiat]'))).to.equal('No price')
    expect(window.__pwned).to.equal(undefined)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('the tabs follow the WAI-ARIA tabs pattern: arrows, Home and End move and select', async () => {
    const view = await openAccount(modal)
    const tablist = await until(() => deep(view, '[role="tablist"]'), 'the tab list')
    expect(tablist.getAttribute('aria-label')).to.equal('Assets and activity')
    const tabs = deepAll(view, '[role="tab"]')
    expect(tabs.map((tab) => text(tab))).to.deep.equal(['Tokens', 'NFTs', 'Activity'])
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal([
      'true',
      'false',
      'false',
    ])
    expect(tabs.map((tab) => tab.tabIndex)).to.deep.equal([0, -1, -1])
    const panel = deep(view, '#panel-tokens') as HTMLElement
    expect(panel.getAttribute('role')).to.equal('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).to.equal('tab-tokens')
    expect(tabs[0]?.getAttribute('aria-controls')).to.equal('panel-tokens')

    tabs[0]?.focus()
    const selected = () => deep(view, '[role="tab"][aria-selected="true"]')?.dataset.tab
    await sendKeys({ press: 'ArrowRight' })
    await until(() => selected() === 'nfts', 'NFTs selected')
    await until(() => focused() === deep(view, '#tab-nfts'), 'NFTs focused')
    expect((deep(view, '#panel-nfts') as HTMLElement).hidden).to.equal(false)
    expect((deep(view, '#panel-tokens') as HTMLElement).hidden).to.equal(true)
    await sendKeys({ press: 'End' })
    await until(() => selected() === 'activity', 'Activity selected')
    await sendKeys({ press: 'ArrowRight' })
    await until(() => selected() === 'tokens', 'wraps to Tokens')
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => selected() === 'activity', 'wraps back to Activity')
    await sendKeys({ press: 'Home' })
    await until(() => selected() === 'tokens', 'Home selects Tokens')
    expect(focused()).to.equal(deep(view, '#tab-tokens'))
    expect(deepAll(view, '[role="tab"]').map((tab) => tab.tabIndex)).to.deep.equal([0, -1, -1])
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('NFTs loads previews only from http(s) and inline images, never javascript: or data:text/html; names are text', async () => {
    const view = await openAccount(modal)
    await selectTab(view, 'nfts')
    const panel = await until(() => deep(view, 'w3m-account-nfts'), 'the NFTs panel')
    const cards = await until(() => {
      const found = deepAll(panel, '[part="nft"]')
      return found.length === 5 ? found : null
    }, 'five NFTs')
    const src = (card: HTMLElement | undefined) => card?.querySelector('img')?.getAttribute('src')
    expect(src(cards[0])).to.equal(`${location.origin}/fixture/nft.png`)
    expect(src(cards[1]), 'javascript: preview').to.equal(undefined)
    expect(src(cards[2]), 'data:text/html preview').to.equal(undefined)
    expect(src(cards[3])).to.match(/^data:image\/png;base64,/)
    expect(src(cards[4])).to.equal(undefined)
    expect(text(cards[1]?.querySelector('[data-name]'))).to.equal(`Kitty ${HOSTILE}`)
    const sources = deepAll(panel, 'img').map((img) => img.getAttribute('src') ?? '')
    expect(sources.filter((s) => /^(javascript|data:text)/i.test(s))).to.deep.equal([])
    expect(
      performance
        .getEntriesByType('resource')
        .filter((entry) => /^(javascript|data:text)/i.test(entry.name)),
    ).to.deep.equal([])
    expect(window.__pwned).to.equal(undefined)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('Activity groups by month (name, plus the year when not this year) and loads more pages on scroll', async () => {
    const view = await openAccount(modal)
    await selectTab(view, 'activity')
    const panel = await until(() => deep(view, 'w3m-account-activity'), 'the activity panel')
    const rows = () => deepAll(panel, '[part="transaction"]')
    await until(() => rows().length === 20, 'the first page')
    const labels = () => deepAll(panel, 'section > h3').map((h) => text(h))
    const thisMonth = new Intl.DateTimeFormat('en', { month: 'long' }).format(new Date())
    expect(labels()).to.deep.equal([thisMonth])

    const [send, receive, mint, failed] = rows() as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    expect(text(send.querySelector('[data-operation]'))).to.equal('Sent')
    expect(text(send.querySelector('[data-counterpart]'))).to.equal('To 0x99…999999')
    expect(text(send.querySelector('[data-amount]'))).to.equal('Sent: −0.123 ETH')
    expect(text(send.querySelector('[data-status]'))).to.equal('Confirmed')
    expect(text(receive.querySelector('[data-operation]'))).to.equal('Received')
    expect(text(receive.querySelector('[data-counterpart]'))).to.equal('From 0x99…999999')
    expect(text(receive.querySelector('[data-amount]'))).to.equal(`Received: +2.718 ${HOSTILE}`)
    expect(text(mint.querySelector('[data-amount]'))).to.equal(`Received: +Kitty ${HOSTILE}`)
    expect(mint.querySelector('img')?.getAttribute('src')).to.equal(undefined)
    expect(text(failed.querySelector('[data-status]'))).to.equal('Failed')
    expect(window.__pwned).to.equal(undefined)
    await settle()
    await expect(modal).to.be.accessible()

    // Nothing more loads while the end of the list is out of sight...
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(rows().length).to.equal(20)
    // ...and scrolling it into view loads the next page, appended below.
    deep(panel, '[data-sentinel]')?.scrollIntoView()
    await until(() => rows().length === 40, 'the second page')
    expect(labels()).to.deep.equal([thisMonth, 'June 2024'])
    expect(deepAll(panel, 'section')[0]?.querySelectorAll('[part="transaction"]').length).to.equal(
      25,
    )
    deep(panel, '[data-sentinel]')?.scrollIntoView()
    await until(() => rows().length === 45, 'the last page')
    await until(() => !deep(panel, '[data-sentinel]'), 'the end of the list')
    const ids = rows().map((row) => row.dataset.transaction)
    expect(new Set(ids).size).to.equal(45)

    // The month names follow the modal's language.
    setLocale('ar')
    const june = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric' }).format(
      new Date(2024, 5, 15),
    )
    await until(() => labels()[1] === june, 'the Arabic month label')
  })

  it('Activity puts a new transaction on top while it is shown (polls every 4 s)', async () => {
    const view = await openAccount(modal, GROWING)
    await selectTab(view, 'activity')
    const panel = await until(() => deep(view, 'w3m-account-activity'), 'the activity panel')
    const rows = () => deepAll(panel, '[part="transaction"]')
    await until(() => rows().length >= 1, 'the first transaction')
    const first = rows().length
    const top = rows()[0]?.dataset.transaction
    await until(() => rows().length > first, 'a newer transaction', 8000)
    expect(rows()[0]?.dataset.transaction).to.not.equal(top)
    expect(text(rows()[0]?.querySelector('[data-amount]'))).to.equal(
      `Received: +${rows().length}.000 ETH`,
    )
  }).timeout(15000)

  it('monthLabel names the month, and adds the year only for another year', () => {
    const now = new Date(2026, 10, 20)
    expect(monthLabel(2026, 10, 'en', now)).to.equal('November')
    expect(monthLabel(2026, 0, 'en', now)).to.equal('January')
    expect(monthLabel(2025, 11, 'en', now)).to.equal('December 2025')
    expect(monthLabel(2025, 11, 'not a locale!', now)).to.equal('December 2025')
  })

  it('shows the empty states', async () => {
    const view = await openAccount(modal, EMPTY)
    const tokens = await until(() => deep(view, 'w3m-account-tokens'), 'tokens')
    await until(() => deep(tokens, '[data-state="empty"]'), 'no tokens')
    expect(text(deep(tokens, '[data-state="empty"]'))).to.equal('No tokens yet')
    await selectTab(view, 'nfts')
    const nfts = await until(() => deep(view, 'w3m-account-nfts'), 'nfts')
    await until(() => deep(nfts, '[data-state="empty"]'), 'no NFTs')
    expect(text(deep(nfts, '[data-state="empty"]'))).to.equal('No NFTs yet')
    await selectTab(view, 'activity')
    const activity = await until(() => deep(view, 'w3m-account-activity'), 'activity')
    await until(() => deep(activity, '[data-state="empty"]'), 'no activity')
    expect(text(deep(activity, '[data-state="empty"]'))).to.contain('No activity yet')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('shows the error states, the spec §8 toasts, and retries on request', async () => {
    const view = await openAccount(modal, FAILING)
    const tokens = await until(() => deep(view, 'w3m-account-tokens'), 'tokens')
    await until(() => deep(tokens, '[data-state="error"]'), 'the tokens error')
    expect(text(deep(tokens, '[data-state="error"]'))).to.equal(
      'Token balances are unavailable right now.',
    )
    const toast = deep(modal, '[part~="toast"]') as HTMLElement
    await until(
      () => toast.shadowRoot?.textContent?.includes('Token Balance Unavailable'),
      'the balance toast',
    )
    await selectTab(view, 'nfts')
    const nfts = await until(() => deep(view, 'w3m-account-nfts'), 'nfts')
    await until(() => deep(nfts, '[data-state="error"]'), 'the NFTs error')
    expect(deep(nfts, '[part="retry-button"]')).to.not.equal(null)
    await selectTab(view, 'activity')
    const activity = await until(() => deep(view, 'w3m-account-activity'), 'activity')
    await until(() => deep(activity, '[data-state="error"]'), 'the activity error')
    expect(text(deep(activity, '[data-state="error"] p'))).to.equal('Failed to fetch transactions')
    await until(() => $snack.get().message === 'Failed to fetch transactions', 'the toast')
    await settle()
    await expect(modal).to.be.accessible()
    const requests = () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(`/v1/account/${FAILING}/history`)).length
    const before = requests()
    ;(deep(activity, '[part="retry-button"]') as HTMLButtonElement).click()
    await until(() => requests() > before, 'the retry request')
    await until(() => deep(activity, '[data-state="error"]'), 'the error again')
  })

  it('Activity shows a loading state while the first page is on its way', async () => {
    const view = await openAccount(modal, SLOW)
    await selectTab(view, 'activity')
    const activity = await until(() => deep(view, 'w3m-account-activity'), 'activity')
    const loading = await until(() => deep(activity, '[data-state="loading"]'), 'loading')
    expect(loading.getAttribute('role')).to.equal('status')
    expect(text(loading)).to.equal('Loading activity')
    await settle()
    await expect(modal).to.be.accessible()
    await until(() => deep(activity, '[data-state="empty"]'), 'the empty state', 6000)
  })

  it('on Solana shows only Tokens (the native balance), no NFTs, Activity or names (spec §9)', async () => {
    setupClient(
      {
        namespace: 'solana',
        chainId: solana.id,
        knownChainIds: [solana.id],
        accounts: ['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
        balance: 2_500_000_000n,
      },
      { networks: [solana] },
    )
    await connect({ connectorId: 'io.alpha' })
    reset('Account')
    openModal()
    await modal.updateComplete
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'the view')
    const tokens = await until(() => deep(view, 'w3m-account-tokens'), 'the tokens panel')
    const row = await until(() => deep(tokens, '[part="token"]'), 'the native balance')
    expect(text(row.querySelector('[data-name]'))).to.equal('Solana')
    expect(text(row.querySelector('[data-amount]'))).to.equal('2.500 SOL')
    expect(deep(view, '[role="tablist"]')).to.equal(null)
    expect(deep(view, '[data-tab="nfts"]')).to.equal(null)
    expect(deep(view, '[data-tab="activity"]')).to.equal(null)
    expect(deep(view, '[part="choose-name-button"]')).to.equal(null)
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'))
    expect(requests, 'our server indexes EVM chains only').to.deep.equal([])
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('does not offer "Choose a name" when the server knows a name for the address', async () => {
    const view = await openAccount(modal, OTHER)
    await until(() => $accountNames.get()[OTHER] === 'taken', 'the name the server knows')
    await settle()
    expect(deep(view, '[part="choose-name-button"]')).to.equal(null)
  })

  it('offers "Choose a name" to an EVM account without one, opening RegisterAccountName', async () => {
    const view = await openAccount(modal)
    const button = await until(() => deep(view, '[part="choose-name-button"]'), 'the button')
    expect(text(button)).to.equal('Choose a name')
    button.click()
    await until(() => deep(modal, 'w3m-router', 'w3m-register-account-name-view'), 'the view')
    expect($view.get().view).to.equal('RegisterAccountName')
    expect($modal.get().open).to.equal(true)
  })
})
