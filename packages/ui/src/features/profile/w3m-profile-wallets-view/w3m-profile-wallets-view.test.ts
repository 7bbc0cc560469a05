// ProfileWallets from the Account view, against the frame side's stand-in
// (test/embedded-fixtures.ts); the real frame, bundler and chain run in the secure site's and
// the embedded package's tests.
import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeAccount,
  connect,
  openModal,
  reset,
  setLocale,
  setThemeMode,
  storage,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { loadLocale } from '../../../i18n/index.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  AUTH_ID,
  EOA_ADDRESS,
  embeddedStandIn,
  LOGIN_CODE,
  SMART_ADDRESS,
} from '../../../test/embedded-fixtures.js'
import { deep, resetAll, settle, setupClient, until } from '../../../test/helpers.js'

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

/** Logged in with the stand-in on mainnet; `enabled` lists the smart-account networks. */
async function loggedIn(
  modal: W3mModal,
  smartAccount: 'none' | 'available' | 'fails' | 'eip7702',
  enabled: number[] = [1],
) {
  const standIn = embeddedStandIn({ smartAccount })
  setupClient({}, { embeddedWallet: standIn.entry })
  const loaded = await standIn.entry.load()
  await loaded.connectEmail('ada@example.com')
  void standIn.typeCode(LOGIN_CODE)
  await loaded.connectOtp()
  storage.set('email', 'ada@example.com')
  storage.set('smartAccountEnabledNetworks', enabled)
  await connect({ connectorId: AUTH_ID })
  reset('Account')
  openModal()
  await modal.updateComplete
  const account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
  return { standIn, account }
}

async function openProfileWallets(modal: W3mModal, account: HTMLElement) {
  const link = await until(
    () => deep(account, '[part="profile-wallets-button"]'),
    'the Wallets link',
  )
  expect(text(link)).to.equal('Wallets')
  link.click()
  const view = await until(
    () => deep(modal, 'w3m-router', 'w3m-profile-wallets-view'),
    'ProfileWallets',
  )
  await until(() => deep(view, '[part="account"]'), 'the accounts')
  return view
}

/** Axe finds nothing in the light theme, then in the dark one. */
async function accessibleLightAndDark(modal: W3mModal) {
  await settle()
  await expect(modal).to.be.accessible()
  setThemeMode('dark')
  await settle()
  await expect(modal).to.be.accessible()
}

/** The visitor focuses `button` and presses Enter. */
async function pressEnter(button: HTMLButtonElement) {
  button.focus()
  await sendKeys({ press: 'Enter' })
}

const row = (view: HTMLElement, type: string) =>
  deep(view, `[part="account"][data-type="${type}"]`) as HTMLElement

describe('ProfileWallets', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    setLocale('en')
    setThemeMode('light')
    resetAll()
  })

  it('lists the EOA and the smart account, switches by keyboard, marks the active one', async () => {
    const { standIn, account } = await loggedIn(modal, 'available')
    const view = await openProfileWallets(modal, account)
    const eoa = row(view, 'eoa')
    const smart = row(view, 'smartAccount')
    expect(text(deep(eoa, '[data-address]'))).to.equal(EOA_ADDRESS)
    expect(text(deep(smart, '[data-address]'))).to.equal(SMART_ADDRESS)
    expect(eoa.getAttribute('aria-current')).to.equal('true')
    expect(text(deep(eoa, '[data-active]'))).to.equal('Active')
    expect(text(deep(eoa, '[data-balance]'))).to.equal('Balance: 1.500 ETH')
    expect(text(deep(smart, '[data-deployed]'))).to.equal(
      'Not deployed yet: your first transaction deploys it',
    )
    // Spec §6: only the inactive account offers the switch.
    expect(deep(eoa, '[part="use-button"]')).to.equal(null)
    await accessibleLightAndDark(modal)

    const use = deep(smart, '[part="use-button"]') as HTMLButtonElement
    expect(text(use)).to.equal('Use this account')
    await pressEnter(use)
    await until(() => row(view, 'smartAccount')?.getAttribute('aria-current') === 'true', 'switch')
    expect(standIn.calls).to.include('setPreferredAccount:smartAccount')
    // The connection follows: the modal's account is the smart account now.
    await until(() => $activeAccount.get().address === SMART_ADDRESS, 'the connected address')
    expect(row(view, 'eoa').getAttribute('aria-current')).to.equal('false')
    expect(deep(row(view, 'smartAccount'), '[part="use-button"]')).to.equal(null)
    // And back to the EOA.
    ;(deep(row(view, 'eoa'), '[part="use-button"]') as HTMLButtonElement).click()
    await until(() => $activeAccount.get().address === EOA_ADDRESS, 'back to the EOA')

    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(() => text(deep(row(view, 'eoa'), '.type')) === 'حساب عادي (EOA)', 'Arabic')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('EIP-7702 mode: one row for the one address, delegated or not, and what it acts as', async () => {
    const { standIn, account } = await loggedIn(modal, 'eip7702')
    const view = await openProfileWallets(modal, account)
    // The EOA keeps its address as the smart account: one row, not the same address twice.
    expect(deep(view, '[part="account"]')).to.exist
    expect(view.shadowRoot?.querySelectorAll('[part="account"]').length).to.equal(1)
    const one = row(view, 'eip7702')
    expect(text(deep(one, '.type'))).to.equal('Your account (EIP-7702): one address for both')
    expect(text(deep(one, '[data-address]'))).to.equal(EOA_ADDRESS)
    expect(text(deep(one, '[data-deployed]'))).to.equal(
      'Not delegated yet: your first transaction as a smart account delegates it',
    )
    expect(text(deep(one, '[data-balance]'))).to.equal('Balance: 1.500 ETH')
    expect(text(deep(one, '[data-acts-as]'))).to.equal('Acts as an ordinary account (EOA)')
    await accessibleLightAndDark(modal)

    const use = deep(one, '[part="use-button"]') as HTMLButtonElement
    expect(text(use)).to.equal('Use as a smart account')
    await pressEnter(use)
    await until(
      () =>
        deep(row(view, 'eip7702'), '[data-acts-as]')?.getAttribute('data-acts-as') ===
        'smartAccount',
      'acting as the smart account',
    )
    expect(standIn.calls).to.include('setPreferredAccount:smartAccount')
    expect(text(deep(row(view, 'eip7702'), '[data-acts-as]'))).to.equal('Acts as a smart account')
    // The address does not change: the connection keeps the EOA's.
    expect($activeAccount.get().address).to.equal(EOA_ADDRESS)
    // Spec §6: no switch to the smart account while it is the active type; back to the EOA.
    const back = deep(row(view, 'eip7702'), '[part="use-button"]') as HTMLButtonElement
    expect(text(back)).to.equal('Use as an ordinary account')
    back.click()
    await until(() => standIn.calls.includes('setPreferredAccount:eoa'), 'back to the EOA')
    await until(
      () => deep(row(view, 'eip7702'), '[data-acts-as]')?.getAttribute('data-acts-as') === 'eoa',
      'acting as the EOA',
    )

    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(
      () => text(deep(row(view, 'eip7702'), '[data-acts-as]')) === 'يعمل كحساب عادي (EOA)',
      'Arabic',
    )
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('a failed switch stays on the EOA with "This application might not support Smart Accounts"', async () => {
    const { standIn, account } = await loggedIn(modal, 'fails')
    const view = await openProfileWallets(modal, account)
    ;(deep(row(view, 'smartAccount'), '[part="use-button"]') as HTMLButtonElement).click()
    await until(
      () =>
        text(deep(modal, '[part="toast"]', '[role="status"]')).includes(
          'This application might not support Smart Accounts',
        ),
      'the toast',
    )
    expect(standIn.calls).to.include('setPreferredAccount:smartAccount')
    expect(row(view, 'eoa').getAttribute('aria-current')).to.equal('true')
    expect($activeAccount.get().address).to.equal(EOA_ADDRESS)
  })

  it('a network without smart accounts: no Wallets link in Account; the view says why', async () => {
    const { account } = await loggedIn(modal, 'none', [])
    await settle()
    expect(deep(account, '[part="update-email-button"]')).to.exist
    expect(deep(account, '[part="profile-wallets-button"]')).to.equal(null)
    reset('ProfileWallets')
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-profile-wallets-view'),
      'ProfileWallets',
    )
    const none = await until(() => deep(view, '[data-no-smart-account]'), 'the note')
    expect(text(none)).to.equal('Smart accounts are not available on this network.')
    expect(deep(view, '[part="use-button"]')).to.equal(null)
  })
})
