// RegisterAccountName and RegisterAccountNameSuccess over real HTTP: the test server answers
// `POST /v1/names` as the contract says (201, 409 NAME_TAKEN, 401 INVALID_SIGNATURE, 400).

import { expect, fixture, html } from '@open-wc/testing'
import {
  $accounts,
  $view,
  connect,
  getAdapter,
  openModal,
  push,
  reset,
  setLocale,
} from '@openmodal/core/internal'
import { sendKeys } from '@web/test-runner-commands'
import { loadLocale } from '../../../i18n/index.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { deep, resetAll, settle, setupClient, until } from '../../../test/helpers.js'

// Its own account: names registered here stay on the test server for the whole run.
const ALICE = '0x7777777777777777777777777777777777777777'

async function openRegister(modal: W3mModal) {
  setupClient({ accounts: [ALICE] })
  await connect({ connectorId: 'io.alpha' })
  reset('Account')
  push('RegisterAccountName')
  openModal()
  await modal.updateComplete
  return until(() => deep(modal, 'w3m-router', 'w3m-register-account-name-view'), 'the view')
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

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

describe('RegisterAccountName', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('checks the name as it is typed: letters, digits and hyphens, at least 4', async () => {
    const view = await openRegister(modal)
    const submit = deep(view, '[part="submit-button"]') as HTMLButtonElement
    expect(text(deep(view, '[data-intro]'))).to.contain('0x77…777777')
    expect(submit.disabled).to.equal(true)
    const input = await type(view, 'abc')
    await until(() => deep(view, '[data-error]'), 'the rule')
    expect(text(deep(view, '[data-error]'))).to.equal(
      'Use at least 4 characters: letters, digits and hyphens only.',
    )
    expect(input.getAttribute('aria-invalid')).to.equal('true')
    expect(submit.disabled).to.equal(true)
    await settle()
    await expect(modal).to.be.accessible()
    await type(view, 'alice-01')
    await until(() => !deep(view, '[data-error]'), 'the rule to go')
    expect(input.getAttribute('aria-invalid')).to.equal('false')
    expect(submit.disabled).to.equal(false)
    await type(view, 'al.ce')
    await until(() => deep(view, '[data-error]'), 'the rule again')
    expect(submit.disabled).to.equal(true)
    await type(view, '<b>bold</b>')
    await until(() => deep(view, '[data-error]'), 'markup is not a name')
  })

  it('signs the registration message, registers the name and shows the success view', async () => {
    const view = await openRegister(modal)
    const adapter = getAdapter('eip155')
    if (!adapter) throw new Error('no adapter')
    const messages: string[] = []
    const sign = adapter.signMessage.bind(adapter)
    adapter.signMessage = async (params) => {
      messages.push(params.message)
      return sign(params)
    }
    const name = `alice-${Date.now().toString(36)}`
    await type(view, name)
    await sendKeys({ press: 'Enter' })
    const success = await until(
      () => deep(modal, 'w3m-router', 'w3m-register-account-name-success-view'),
      'the success view',
    )
    expect(messages).to.have.length(1)
    expect(messages[0]).to.match(new RegExp(`^Register ${name} for ${ALICE} at \\d+$`))
    expect($view.get().view).to.equal('RegisterAccountNameSuccess')
    await until(() => deep(success, '[data-name]'), 'the name')
    expect(text(deep(success, '[data-name]'))).to.equal(`${name} is yours`)
    expect(text(deep(success, '[data-address]'))).to.equal('The name now points to 0x77…777777.')
    // Mainnet is not a test network: the name is the account's identity now.
    expect($accounts.get().eip155?.profileName).to.equal(name)
    await settle()
    await expect(modal).to.be.accessible()
    ;(deep(success, '[part="done-button"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'Account', 'back to Account')
    const account = await until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'account')
    await until(() => text(deep(account, '[data-address]')) === name, 'the name on Account')
    expect(deep(account, '[part="choose-name-button"]')).to.equal(null)
  })

  it('says so when the name is taken (409)', async () => {
    const view = await openRegister(modal)
    await type(view, 'taken')
    ;(deep(view, '[part="submit-button"]') as HTMLButtonElement).click()
    await until(() => deep(view, '[data-error]'), 'the error')
    expect(text(deep(view, '[data-error]'))).to.equal('This name is already taken')
    expect($view.get().view).to.equal('RegisterAccountName')
    await settle()
    await expect(modal).to.be.accessible()
  })

  it('says so when another key signed (401) and when the wallet declines', async () => {
    const view = await openRegister(modal)
    const adapter = getAdapter('eip155')
    if (!adapter) throw new Error('no adapter')
    adapter.signMessage = async ({ message }) =>
      `signed:0x9999999999999999999999999999999999999999:${message}`
    await type(view, 'bob-the-builder')
    ;(deep(view, '[part="submit-button"]') as HTMLButtonElement).click()
    await until(() => deep(view, '[data-error]'), 'the signature error')
    expect(text(deep(view, '[data-error]'))).to.equal('The signature does not match this address.')

    adapter.signMessage = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await type(view, 'bob-the-builder-2')
    ;(deep(view, '[part="submit-button"]') as HTMLButtonElement).click()
    await until(() => text(deep(view, '[data-error]')) === 'Signature declined', 'declined')
    expect($view.get().view).to.equal('RegisterAccountName')
  })

  it('passes axe with a name that breaks the rules, in Arabic too', async () => {
    const view = await openRegister(modal)
    await type(view, 'a_b')
    await until(() => deep(view, '[data-error]'), 'the rule')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
