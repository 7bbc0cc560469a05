// The Activity panel, in the Account view over real HTTP: the test server answers the blockchain API
// contract (src/test/blockchain-api-server.mjs) per address.

import { expect, fixture, html } from '@open-wc/testing'
import { setLocale } from '@openmodal/core/internal'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  GROWING,
  HOSTILE,
  openAccount,
  SLOW,
  selectTab,
  text,
} from '../../../test/account-fixtures.js'
import '../../../test/define-modal.js'
import { loadLocale } from '../../../i18n/index.js'
import { deep, deepAll, resetAll, settle, until } from '../../../test/helpers.js'
import { monthLabel } from './w3m-account-activity.js'

describe('Account Activity panel', () => {
  let modal: W3mModal

  beforeEach(async () => {
    delete window.__pwned
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

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
  it('Activity passes axe with its first page, in Arabic right to left', async () => {
    const view = await openAccount(modal)
    await selectTab(view, 'activity')
    const panel = await until(() => deep(view, 'w3m-account-activity'), 'the activity panel')
    await until(() => deepAll(panel, '[part="transaction"]').length === 20, 'the first page')
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
