// The Account view's tabs (Tokens, NFTs, Activity) together over real HTTP: the test server
// answers the blockchain API contract (src/test/blockchain-api-server.mjs) per address. Each
// panel's own tests sit in its folder.

import { expect, fixture, html } from '@open-wc/testing'
import {
  $accountNames,
  $modal,
  $snack,
  $view,
  connect,
  openModal,
  reset,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  EMPTY,
  FAILING,
  OTHER,
  openAccount,
  selectTab,
  text,
} from '../../../test/account-fixtures.js'
import '../../../test/define-modal.js'
import {
  deep,
  deepAll,
  focused,
  resetAll,
  settle,
  setupClient,
  solana,
  until,
} from '../../../test/helpers.js'

describe('Account tabs', () => {
  let modal: W3mModal

  beforeEach(async () => {
    delete window.__pwned
    // The tests read the page's requests: a fresh buffer (its 250 entries fill up with the
    // test page's own modules).
    performance.clearResourceTimings()
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

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
  it('on Solana shows only Tokens (SOL and SPL tokens from the server), no NFTs, Activity or names (spec §9)', async () => {
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
    const rows = await until(() => {
      const all = deepAll(tokens, '[part="token"]')
      return all.length === 3 ? all : undefined
    }, 'the SPL tokens')
    expect(text(rows[1]?.querySelector('[data-name]'))).to.equal('Test Solana USD')
    expect(text(rows[1]?.querySelector('[data-amount]'))).to.equal('12.500 TSUSD')
    // Below the 3 decimals shown, truncated, never rounded up.
    expect(text(rows[2]?.querySelector('[data-amount]'))).to.equal('0.000')
    expect(deep(view, '[role="tablist"]')).to.equal(null)
    expect(deep(view, '[data-tab="nfts"]')).to.equal(null)
    expect(deep(view, '[data-tab="activity"]')).to.equal(null)
    expect(deep(view, '[part="choose-name-button"]')).to.equal(null)
    const requests = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'))
      .map((entry) => new URL(entry.name).pathname)
    // Balances come from our server on Solana too (issue 15); activity, NFTs and names do not.
    expect(requests, 'balances only').to.deep.equal([
      '/v1/account/7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV/balance',
    ])
    await settle()
    await expect(modal).to.be.accessible()
  })
  it('on Solana in local mode (no apiUrl) lists the native balance the adapter read', async () => {
    setupClient(
      {
        namespace: 'solana',
        chainId: solana.id,
        knownChainIds: [solana.id],
        accounts: ['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
        balance: 1_750_000_000n,
      },
      { networks: [solana], apiUrl: undefined },
    )
    await connect({ connectorId: 'io.alpha' })
    reset('Account')
    openModal()
    await modal.updateComplete
    const view = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'the view')
    const tokens = await until(() => deep(view, 'w3m-account-tokens'), 'the tokens panel')
    const row = await until(() => deep(tokens, '[part="token"]'), 'the native balance')
    expect(text(row.querySelector('[data-amount]'))).to.equal('1.750 SOL')
    expect(deepAll(tokens, '[part="token"]')).to.have.length(1)
  })
  it('shows the name the server knows for the address, and no "Choose a name"', async () => {
    const view = await openAccount(modal, OTHER)
    await until(() => $accountNames.get()[OTHER] === 'taken', 'the name the server knows')
    await settle()
    expect(deep(view, '[part="choose-name-button"]')).to.equal(null)
    expect(text(deep(view, '[data-address]'))).to.equal('taken')
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
