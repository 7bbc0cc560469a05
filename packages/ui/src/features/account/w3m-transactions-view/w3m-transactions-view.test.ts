// Transactions: the Activity tab's element as a view of its own (`open('Transactions')`), over
// the test server's blockchain API (src/test/blockchain-api-server.mjs).

import { expect, fixture, html } from '@open-wc/testing'
import { createTestAdapter } from '@openmodal/core/adapter-contract'
import {
  $view,
  connect,
  createModalClient,
  openModal,
  reset,
  setLocale,
  setThemeMode,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { ALICE, EMPTY, text } from '../../../test/account-fixtures.js'
import '../../../test/define-modal.js'
import {
  deep,
  deepAll,
  focused,
  mainnet,
  resetAll,
  settle,
  setupClient,
  solana,
  until,
  WALLETS,
} from '../../../test/helpers.js'

const TAG = 'w3m-transactions-view'

describe('Transactions view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  /** Connects `address` and opens the modal through the public `open('Transactions')`. */
  async function openTransactions(address: string, options = {}) {
    resetAll()
    const instance = createModalClient({
      projectId: 'test-project',
      networks: [mainnet],
      adapters: [createTestAdapter({ wallets: WALLETS, accounts: [address] })],
      // The test server answers the blockchain API.
      apiUrl: location.origin,
      ...options,
    })
    await connect({ connectorId: 'io.alpha' })
    instance.open('Transactions')
    await modal.updateComplete
    return until(() => deep(modal, 'w3m-router', TAG), 'the Transactions view')
  }

  it("open('Transactions') lists the activity with the Activity tab's element; axe in light, dark and RTL", async () => {
    const view = await openTransactions(ALICE)
    expect($view.get().view).to.equal('Transactions')
    expect(text(deep(modal, '#title'))).to.equal('Activity')
    const activity = await until(() => deep(view, 'w3m-account-activity'), 'the activity list')
    await until(() => deepAll(activity, '[part="transaction"]').length === 20, 'the first page')
    const first = deepAll(activity, '[part="transaction"]')[0]
    expect(text(first?.querySelector('[data-operation]'))).to.equal('Sent')
    expect(text(first?.querySelector('[data-amount]'))).to.equal('Sent: −0.123 ETH')
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(() => text(deep(modal, '#title')) === 'النشاط', 'the Arabic title')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('the list is in the Tab order and the keyboard scrolls it', async () => {
    const view = await openTransactions(ALICE)
    const activity = await until(() => deep(view, 'w3m-account-activity'), 'the activity list')
    await until(() => deepAll(activity, '[part="transaction"]').length === 20, 'the first page')
    const list = deep(view, 'section.list') as HTMLElement
    expect(list.getAttribute('aria-label')).to.equal('Activity')
    // In the Tab order. (Tabbing to it with real key presses hangs the runner when it is not:
    // focus then leaves the page.)
    expect(list.tabIndex, 'in the Tab order').to.equal(0)
    list.focus()
    expect(focused()).to.equal(list)
    const body = deep(modal, '[part~="body"]') as HTMLElement
    expect(body.scrollHeight).to.be.greaterThan(body.clientHeight)
    const before = body.scrollTop
    await sendKeys({ press: 'PageDown' })
    await until(() => body.scrollTop > before, 'the list to scroll')
  })

  it('shows the empty state of an account without transactions', async () => {
    const view = await openTransactions(EMPTY)
    const activity = await until(() => deep(view, 'w3m-account-activity'), 'the activity list')
    await until(() => deep(activity, '[data-state="empty"]'), 'the empty state')
    expect(text(deep(activity, '[data-state="empty"] .title'))).to.equal('No activity yet')
  })

  it('says why there is no list: activity off, or a network without activity (spec §9)', async () => {
    let view = await openTransactions(ALICE, { features: { activity: false } })
    expect(text(deep(view, '[data-state="off"]'))).to.equal('Activity is turned off in this app.')
    expect(deep(view, 'w3m-account-activity')).to.equal(null)
    resetAll()
    setupClient(
      {
        namespace: 'solana',
        chainId: solana.id,
        knownChainIds: [solana.id],
        accounts: ['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
      },
      { networks: [solana] },
    )
    await connect({ connectorId: 'io.alpha' })
    reset('Transactions')
    openModal()
    view = await until(() => deep(modal, 'w3m-router', TAG), 'the view')
    await until(() => deep(view, '[data-state="unsupported"]'), 'the unsupported state')
    expect(text(deep(view, '[data-state="unsupported"]'))).to.equal(
      'Activity is not available on Solana.',
    )
    expect(deep(view, 'w3m-account-activity')).to.equal(null)
  })
})
