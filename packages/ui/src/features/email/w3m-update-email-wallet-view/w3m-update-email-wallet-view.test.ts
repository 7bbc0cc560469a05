// UpdateEmailWallet and ChangeRecovery (and the Account view's e-mail and the buttons that
// open them) against a stand-in of the frame side. The real frame and server run them in the
// demo's e-mail e2e (apps/demo/e2e/email-passkey.test.mjs).
import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeAccount,
  $view,
  BaseError,
  connect,
  frameError,
  openModal,
  reset,
  setLocale,
  setThemeMode,
  storage,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { render } from 'lit'
import { loadLocale, t } from '../../../i18n/index.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import {
  AUTH_ID,
  embeddedStandIn,
  LOGIN_CODE,
  PRIMARY_CODE,
  SECONDARY_CODE,
} from '../../../test/embedded-fixtures.js'
import { deep, focused, resetAll, settle, setupClient, until } from '../../../test/helpers.js'
import { frameStatusLine } from '../email-shared.js'
import { catalog as german } from '../strings/de.js'

const LONG = 'a.rather.long.address.for.a.test@example.com'
const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

async function loggedIn(
  modal: W3mModal,
  email = LONG,
  options: Parameters<typeof embeddedStandIn>[0] = {},
) {
  const standIn = embeddedStandIn(options)
  setupClient({}, { embeddedWallet: standIn.entry })
  const loaded = await standIn.entry.load()
  await loaded.connectEmail(email)
  void standIn.typeCode(LOGIN_CODE)
  await loaded.connectOtp()
  storage.set('email', email)
  await connect({ connectorId: AUTH_ID })
  reset('Account')
  openModal()
  await modal.updateComplete
  const account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
  return { standIn, account }
}

describe('UpdateEmailWallet', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('Account shows the e-mail, truncated over 30 characters, instead of a wallet name', async () => {
    const { account } = await loggedIn(modal)
    const email = await until(() => deep(account, '[data-email]'), 'the e-mail')
    expect(text(email)).to.equal('a.rather.long.address.for.a.t…')
    expect(email.getAttribute('title')).to.equal(LONG)
    expect(text(deep(account, '[part="update-email-button"]'))).to.equal('Update email')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('updates: new address, code to the current one, code to the new one, saved', async () => {
    const { standIn, account } = await loggedIn(modal, 'ada@example.com')
    ;(await until(() => deep(account, '[part="update-email-button"]'), 'Update email')).click()
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-update-email-wallet-view'),
      'UpdateEmailWallet',
    )
    expect(text(deep(view, '[data-intro]'))).to.equal('Your email is ada@example.com.')
    const input = deep(view, 'input') as HTMLInputElement
    input.focus()
    // The same address is refused in words.
    await sendKeys({ type: 'ada@example.com' })
    input.blur()
    await until(() => deep(view, '[data-error]'), 'the refusal')
    expect(text(deep(view, '[data-error]'))).to.equal('This is already your email.')
    input.focus()
    input.select()
    await sendKeys({ type: 'grace@example.org' })
    await sendKeys({ press: 'Enter' })
    await until(() => deep(view, '[data-step="primary"]'), 'the primary code')
    expect(text(deep(view, '[data-intro]'))).to.equal(
      'Enter the code we sent to ada@example.com to confirm the change.',
    )
    // The code is typed in the frame's own entry: this page has no field for it.
    await until(
      () => text(deep(view, '[data-pending]')) === 'Type the code in the secure window.',
      'the frame step',
    )
    expect(deep(view, 'input')).to.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
    // A wrong code is refused inside the frame, which stays open.
    await standIn.typeCode('999999')
    expect(deep(view, '[data-step="primary"]')).to.not.equal(null)
    // The visitor closes the frame's entry: the view says so and offers it again.
    standIn.cancelCode()
    const retry = await until(() => deep(view, '[part="retry-button"]'), 'Try again')
    expect(text(deep(view, '[data-error]'))).to.equal('The code entry was closed')
    retry.click()
    await until(() => !deep(view, '[part="retry-button"]'), 'the entry shown again')
    await standIn.typeCode(PRIMARY_CODE)
    await until(() => deep(view, '[data-step="secondary"]'), 'the secondary code')
    expect(text(deep(view, '[data-intro]'))).to.equal(
      'Enter the code we sent to grace@example.org.',
    )
    await standIn.typeCode(SECONDARY_CODE)
    await until(() => $view.get().view === 'Account', 'back to Account')
    expect($activeAccount.get().connectedWalletInfo?.email).to.equal('grace@example.org')
    expect(storage.get('email')).to.equal('grace@example.org')
    expect(standIn.calls.filter((c) => c !== 'load').slice(-7)).to.deep.equal([
      'updateEmail:grace@example.org',
      'primary',
      'typed:999999',
      'primary',
      `typed:${PRIMARY_CODE}`,
      'secondary',
      `typed:${SECONDARY_CODE}`,
    ])
  })

  it('disconnect forgets the login (the provider signs out in the frame)', async () => {
    const { account } = await loggedIn(modal)
    storage.set('emailLoginUsed', true)
    ;(deep(account, '[part="disconnect-button"]') as HTMLButtonElement).click()
    await until(() => $activeAccount.get().status === 'disconnected', 'disconnected')
    expect(storage.get('emailLoginUsed')).to.equal(undefined)
    expect(storage.get('email')).to.equal(undefined)
  })

  it('says a mail that could not be sent in the current language', async () => {
    setLocale('de')
    await loadLocale('de')
    // The German part of the e-mail strings joins once loaded (their English is already here).
    await until(() => t('email.label') === german['email.label'], 'the German e-mail strings')
    const line = document.createElement('div')
    render(frameStatusLine('mail_failed', undefined, false), line)
    expect(text(line)).to.equal(german['error.EMAIL_SEND_FAILED'])
    setLocale('en')
  })
})

describe('ChangeRecovery', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    setLocale('en')
    resetAll()
  })

  async function openChange(account: Element) {
    ;(
      await until(() => deep(account, '[part="change-recovery-button"]'), 'Wallet recovery')
    ).click()
    return until(() => deep(modal, 'w3m-router', 'w3m-change-recovery-view'), 'ChangeRecovery')
  }

  it('changes the factor: code and factor chosen in the frame, the modal shows each step', async () => {
    const { standIn, account } = await loggedIn(modal, 'ada@example.com')
    const button = await until(() => deep(account, '[part="change-recovery-button"]'), 'button')
    expect(text(button)).to.equal('Wallet recovery')
    const view = await openChange(account)
    expect(text(deep(view, '[data-intro]'))).to.equal(
      'On a new device, only a passkey or passphrase that you hold recovers your wallet. To change it, confirm with a code we send to ada@example.com, then choose the new one in the secure window.',
    )
    await settle()
    await expect(modal).to.be.accessible()
    // Keyboard: the start button takes Enter.
    ;(deep(view, '[part="start-button"]') as HTMLButtonElement).focus()
    await sendKeys({ press: 'Enter' })
    await until(
      () => text(deep(view, '[data-pending]')) === 'Type the code in the secure window.',
      'the code step',
    )
    expect(text(deep(view, '[data-intro]'))).to.equal(
      'Enter the code we sent to ada@example.com in the secure window.',
    )
    // The code is typed in the frame: this page has no field for it.
    expect(deep(view, 'input')).to.equal(null)
    await standIn.typeCode(LOGIN_CODE)
    await until(
      () =>
        text(deep(view, '[data-pending]')) ===
        'Choose a passkey or a passphrase in the secure window.',
      'the factor step',
    )
    expect(deep(view, '[data-status]')?.dataset.status).to.equal('recovery')
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    standIn.chooseFactor('passkey')
    const done = await until(() => deep(view, '[data-done]'), 'the outcome')
    expect(text(done)).to.equal('Done. A new device now recovers your wallet with your passkey.')
    await until(() => focused() === deep(view, '[part="done-button"]'), 'focus on Back')
    expect(standIn.calls.slice(-3)).to.deep.equal([
      'changeRecovery',
      `typed:${LOGIN_CODE}`,
      'factor:passkey',
    ])
    await sendKeys({ press: 'Enter' })
    await until(() => $view.get().view === 'Account', 'back to Account')
  })

  it('a cancel in the frame changes nothing and says so; Try again restarts', async () => {
    const { standIn, account } = await loggedIn(modal, 'ada@example.com')
    const view = await openChange(account)
    ;(deep(view, '[part="start-button"]') as HTMLButtonElement).click()
    await standIn.typeCode(LOGIN_CODE)
    await until(() => deep(view, '[data-status="recovery"]'), 'the factor step')
    standIn.chooseFactor('cancel')
    const retry = await until(() => deep(view, '[part="retry-button"]'), 'Try again')
    expect(text(deep(view, '[data-error]'))).to.equal('Cancelled. Nothing was changed.')
    expect(deep(view, '[data-done]')).to.equal(null)
    // A code entry the visitor closed: the same, in the kit's words.
    retry.click()
    await until(() => deep(view, '[data-status="sent"]'), 'the code step again')
    standIn.cancelCode()
    await until(() => deep(view, '[part="retry-button"]'), 'Try again')
    expect(text(deep(view, '[data-error]'))).to.equal('The code entry was closed')
    ;(deep(view, '[part="retry-button"]') as HTMLButtonElement).click()
    await standIn.typeCode(LOGIN_CODE)
    await until(() => deep(view, '[data-status="recovery"]'), 'the factor step')
    standIn.chooseFactor('passphrase')
    await until(() => deep(view, '[data-done="passphrase"]'), 'changed')

    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await until(
      () =>
        text(deep(view, '[data-done]')) ===
        'تم. يسترد الجهاز الجديد محفظتك الآن بعبارة المرور الخاصة بك.',
      'Arabic',
    )
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('a device that just recovered the wallet is told until when it cannot change it', async () => {
    // What the host makes of the server's NEW_DEVICE_HOLD (packages/embedded host/errors.ts).
    const refusal = frameError('EMBEDDED_NEW_DEVICE_HOLD', {
      values: { time: '2026-11-30 22:19 UTC' },
      details: 'NEW_DEVICE_HOLD: This device recovered the wallet recently',
    })
    const { standIn, account } = await loggedIn(modal, 'ada@example.com', {
      changeRecoveryError: refusal,
    })
    const view = await openChange(account)
    ;(deep(view, '[part="start-button"]') as HTMLButtonElement).click()
    await until(() => deep(view, '[part="retry-button"]'), 'the refusal')
    expect(text(deep(view, '[data-error]'))).to.equal(
      'This device recovered the wallet recently. It can change the recovery method or the e-mail after 2026-11-30 22:19 UTC.',
    )
    expect(standIn.calls).to.include('changeRecovery')
    expect(deep(view, '[data-done]')).to.equal(null)
    // In the visitor's language, with the same time; never the server's English.
    setLocale('de')
    await loadLocale('de')
    await until(() => t('email.label') === german['email.label'], 'the German e-mail strings')
    ;(deep(view, '[part="retry-button"]') as HTMLButtonElement).click()
    const heldText = german['error.EMBEDDED_NEW_DEVICE_HOLD']?.replace(
      '{time}',
      '2026-11-30 22:19 UTC',
    )
    await until(() => text(deep(view, '[data-error]')) === heldText, 'the German refusal')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it("a 429 says when to try again, in the visitor's language", async () => {
    // What the host makes of the frame's refusal: the server's words, its Retry-After.
    const limited = new BaseError('Please try again after 12 seconds', {
      code: 'EMAIL_RATE_LIMITED',
      values: { seconds: 12 },
    })
    const { account } = await loggedIn(modal, 'ada@example.com', {
      changeRecoveryError: limited,
    })
    setLocale('de')
    await loadLocale('de')
    const view = await openChange(account)
    ;(deep(view, '[part="start-button"]') as HTMLButtonElement).click()
    await until(() => deep(view, '[data-error]'), 'the refusal', 5_000)
    expect(text(deep(view, '[data-error]'))).to.equal('Bitte versuche es in 12 Sekunden erneut')
    expect(deep(view, '[part="retry-button"]')).to.not.equal(null)
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('a frame that does not say it can change the factor shows no control', async () => {
    const { account } = await loggedIn(modal, 'ada@example.com', { changeRecovery: false })
    await until(() => deep(account, '[part="update-email-button"]'), 'Update email')
    await settle()
    expect(deep(account, '[part="change-recovery-button"]')).to.equal(null)
  })
})
