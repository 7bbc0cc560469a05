// EmailLogin against a stand-in of the frame side (test/embedded-fixtures.ts); the real secure
// frame runs in @openmodal/embedded's browser tests and in the demo's end-to-end test.
import { expect, fixture, html } from '@open-wc/testing'
import {
  $activeAccount,
  $modal,
  $view,
  BaseError,
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
import { AUTH_ID, embeddedStandIn, LOGIN_CODE } from '../../../test/embedded-fixtures.js'
import { deep, resetAll, settle, setupClient, until } from '../../../test/helpers.js'

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

async function openLogin(modal: W3mModal, standIn = embeddedStandIn()) {
  setupClient({}, { embeddedWallet: standIn.entry })
  reset('Connect')
  openModal()
  await modal.updateComplete
  const connect = await until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'Connect')
  const row = await until(
    () => deep(connect, '[data-method="email"] button') as HTMLButtonElement | null,
    'the e-mail row',
  )
  expect(text(row)).to.equal('Continue with email')
  row.click()
  const view = await until(() => deep(modal, 'w3m-router', 'w3m-email-login-view'), 'EmailLogin')
  return { view, standIn }
}

async function type(view: HTMLElement, value: string) {
  const input = (await until(() => deep(view, 'input'), 'the input')) as HTMLInputElement
  input.focus()
  input.select()
  await sendKeys({ press: 'Backspace' })
  if (value) await sendKeys({ type: value })
  await until(() => input.value === value, `the input to read ${value}`)
  return input
}

describe('EmailLogin', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('is offered on Connect only with an embedded wallet and the email feature', async () => {
    const connectView = async () => {
      reset('Connect')
      openModal()
      await modal.updateComplete
      const view = await until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'Connect')
      await settle()
      return view
    }
    setupClient()
    expect(deep(await connectView(), '[data-method="email"]')).to.equal(null)
    setupClient({}, { embeddedWallet: embeddedStandIn().entry, features: { email: false } })
    expect(deep(await connectView(), '[data-method="email"]')).to.equal(null)
    const { calls, entry } = embeddedStandIn()
    setupClient({}, { embeddedWallet: entry })
    expect(deep(await connectView(), '[data-method="email"]')).to.not.equal(null)
    // Offering it loads nothing of the frame side.
    expect(calls).to.deep.equal([])
  })

  it('checks the e-mail as typed (spec §5) and sends nothing invalid', async () => {
    const { view, standIn } = await openLogin(modal)
    const submit = deep(view, '[part="submit-button"]') as HTMLButtonElement
    expect(submit.disabled).to.equal(true)
    const input = await type(view, 'ada@')
    input.blur()
    await until(() => deep(view, '[data-error]'), 'the rule')
    expect(text(deep(view, '[data-error]'))).to.equal('Invalid email')
    expect(input.getAttribute('aria-invalid')).to.equal('true')
    expect(submit.disabled).to.equal(true)
    await settle()
    await expect(modal).to.be.accessible()
    await type(view, 'ada@example.com')
    await until(() => !deep(view, '[data-error]'), 'the rule to go')
    expect(submit.disabled).to.equal(false)
    // The frame side loads when e-mail is picked (the code entry then shows at once); nothing
    // was sent.
    expect(standIn.calls).to.deep.equal(['load'])
  })

  it('logs in with the keyboard: e-mail, Enter, the code typed in the frame, connected', async () => {
    const { view, standIn } = await openLogin(modal)
    await type(view, 'ada@example.com')
    await sendKeys({ press: 'Enter' })
    const intro = await until(() => deep(view, '[data-intro]'), 'the code step')
    expect(text(intro)).to.equal('Enter the 6-digit code we sent to ada@example.com.')
    // The code is typed in the secure frame: this view has no code field, only the status.
    expect(deep(view, 'input')).to.equal(null)
    await until(
      () => text(deep(view, '[part="status"]')) === 'Type the code in the secure window.',
      'the status',
    )
    expect(storage.get('lastEmailLoginTime')).to.be.a('number')
    await settle()
    await expect(modal).to.be.accessible()

    // A wrong code: the frame says so in its own entry; the page hears only the status.
    await standIn.typeCode('000000')
    const shown = deep(view, '[data-login-status]')
    expect(shown?.getAttribute('data-login-status')).to.equal('sent')
    expect($activeAccount.get().status).to.equal('disconnected')

    await standIn.typeCode(LOGIN_CODE)
    await until(() => !$modal.get().open, 'the modal to close')
    expect(standIn.calls).to.deep.equal([
      'load',
      'load',
      'connectEmail:ada@example.com',
      'load',
      'connectOtp',
      'typed:000000',
      `typed:${LOGIN_CODE}`,
    ])
    // Nothing of the code went through the page's view.
    expect(view.shadowRoot?.innerHTML).to.not.include(LOGIN_CODE)
    const account = $activeAccount.get()
    expect(account.status).to.equal('connected')
    expect(account.connectedWalletInfo?.identifier).to.equal(AUTH_ID)
    expect(account.connectedWalletInfo?.email).to.equal('ada@example.com')
    // Spec §4: the flag is set and the last-login time removed.
    expect(storage.get('emailLoginUsed')).to.equal(true)
    expect(storage.get('lastEmailLoginTime')).to.equal(undefined)
    expect(storage.get('email')).to.equal('ada@example.com')
  })

  it("shows the frame's status: a failed mail at once, a closed code entry can be opened again", async () => {
    const { view, standIn } = await openLogin(modal)
    await type(view, 'ada@example.com')
    await sendKeys({ press: 'Enter' })
    await until(() => deep(view, '[data-intro]'), 'the code step')
    standIn.failMail()
    await until(() => deep(view, '[data-error]'), 'the mail failure')
    expect(text(deep(view, '[data-error]'))).to.equal('The e-mail could not be sent; try again')
    // The visitor closes the frame's code entry: the view offers to open it again.
    standIn.cancelCode()
    const retry = (await until(
      () => deep(view, '[part="retry-button"]'),
      'Try again',
    )) as HTMLButtonElement
    expect(text(deep(view, '[data-error]'))).to.equal('The code entry was closed')
    await settle()
    await expect(modal).to.be.accessible()
    retry.click()
    await until(() => !deep(view, '[part="retry-button"]'), 'the code entry again')
    await standIn.typeCode(LOGIN_CODE)
    await until(() => !$modal.get().open, 'the modal to close')
    expect(standIn.calls.filter((call) => call === 'connectOtp')).to.have.length(2)
    expect($activeAccount.get().status).to.equal('connected')
  })

  it('says so calmly when the frame keeps no storage: every visit is a new device', async () => {
    const note =
      'This browser keeps no wallet data for this site: each visit counts as a new device.'
    const logIn = async (standIn: ReturnType<typeof embeddedStandIn>) => {
      const { view } = await openLogin(modal, standIn)
      await type(view, 'ada@example.com')
      await sendKeys({ press: 'Enter' })
      await until(() => deep(view, '[data-intro]'), 'the code step')
      await standIn.typeCode(LOGIN_CODE)
      await until(() => !$modal.get().open, 'the modal to close')
      // What the flow shows next: Account, when the visitor opens the modal.
      reset('Account')
      openModal()
      await modal.updateComplete
      return until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
    }

    // A frame without lasting storage.
    const standIn = embeddedStandIn({ persistentStorage: false })
    const account = await logIn(standIn)
    const shown = await until(() => deep(account, '[data-storage-note]'), 'the note')
    expect(text(shown)).to.equal(note)
    expect(shown.children).to.have.length(0)
    await settle()
    await expect(modal).to.be.accessible()
    // Storage granted later (the frame's STORAGE event): the note goes.
    standIn.setStorage(true)
    await until(() => !deep(account, '[data-storage-note]'), 'the note to go')
    standIn.setStorage(false)
    await until(() => deep(account, '[data-storage-note]'), 'the note again')
  })

  it('shows no storage note when the frame keeps its storage', async () => {
    const { view, standIn } = await openLogin(modal)
    await type(view, 'ada@example.com')
    await sendKeys({ press: 'Enter' })
    await until(() => deep(view, '[data-intro]'), 'the code step')
    await standIn.typeCode(LOGIN_CODE)
    await until(() => !$modal.get().open, 'the modal to close')
    reset('Account')
    openModal()
    await modal.updateComplete
    const account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'Account')
    await until(() => deep(account, '[data-email]'), 'the e-mail')
    await settle()
    expect(deep(account, '[data-storage-note]')).to.equal(null)
  })

  it('throttles sends: 30 s between codes, said in the spec words', async () => {
    const { view, standIn } = await openLogin(modal)
    await type(view, 'ada@example.com')
    await sendKeys({ press: 'Enter' })
    await until(() => deep(view, '[data-intro]'), 'the code step')
    // The visitor closes the frame's code entry: the view's own buttons are for what follows.
    standIn.cancelCode()
    await until(() => deep(view, '[part="retry-button"]'), 'Try again')
    const resend = deep(view, '[part="resend-button"]') as HTMLButtonElement
    expect(resend.disabled).to.equal(true)
    expect(text(resend)).to.match(/^Resend code in (30|29) s$/)
    // Back to the e-mail: a second send within 30 s is refused with the spec's text.
    const change = [...(view.shadowRoot?.querySelectorAll('.link') ?? [])].at(-1) as HTMLElement
    change.click()
    await until(() => deep(view, 'input[type="email"]'), 'the e-mail step')
    ;(deep(view, 'form') as HTMLFormElement).requestSubmit()
    await until(() => deep(view, '[data-error]'), 'the throttle')
    expect(text(deep(view, '[data-error]'))).to.match(/^Please try again after (30|29) seconds$/)
    expect(standIn.calls.filter((c) => c.startsWith('connectEmail'))).to.have.length(1)
    // 31 s later a new code may go.
    storage.set('lastEmailLoginTime', Date.now() - 31_000)
    ;(deep(view, 'form') as HTMLFormElement).requestSubmit()
    await until(() => deep(view, '[data-intro]'), 'the code step again')
    expect(standIn.calls.filter((c) => c.startsWith('connectEmail'))).to.have.length(2)
  })

  it('asks a new device to be approved first (VERIFY_DEVICE), then the code', async () => {
    const { view, standIn } = await openLogin(modal, embeddedStandIn({ action: 'VERIFY_DEVICE' }))
    await type(view, 'ada@example.com')
    await sendKeys({ press: 'Enter' })
    await until(() => deep(view, '[data-intro]'), 'the code step')
    expect(standIn.calls).to.include('connectDevice')
    expect(standIn.calls.indexOf('connectDevice')).to.be.greaterThan(
      standIn.calls.indexOf('connectEmail:ada@example.com'),
    )
  })

  it('a frame that cannot load shows the spec alert in words, not an endless spinner', async () => {
    const loadError = new BaseError('Network Error - Could not load embedded wallet')
    const { view } = await openLogin(modal, embeddedStandIn({ loadError }))
    await type(view, 'ada@example.com')
    await sendKeys({ press: 'Enter' })
    await until(() => deep(view, '[data-error]'), 'the error')
    expect(text(deep(view, '[data-error]'))).to.equal(
      'Network Error - Could not load embedded wallet',
    )
    expect(deep(view, '[data-pending]')).to.equal(null)
    // The visitor can act on it: Continue is enabled again.
    expect((deep(view, '[part="submit-button"]') as HTMLButtonElement).disabled).to.equal(false)
    expect($view.get().view).to.equal('EmailLogin')
  })

  for (const [mode, locale] of [
    ['dark', 'en'],
    ['light', 'ar'],
  ] as const) {
    it(`is accessible in ${mode} mode, ${locale}`, async () => {
      if (locale !== 'en') await loadLocale(locale)
      const { view } = await openLogin(modal)
      setThemeMode(mode)
      setLocale(locale)
      await type(view, 'ada@example.com')
      await sendKeys({ press: 'Enter' })
      await until(() => deep(view, '[data-intro]'), 'the code step')
      await settle()
      await expect(modal).to.be.accessible()
      if (locale === 'ar') expect(getComputedStyle(view).direction).to.equal('rtl')
    })
  }
})
