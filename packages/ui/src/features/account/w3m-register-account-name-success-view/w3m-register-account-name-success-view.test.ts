// RegisterAccountNameSuccess: the name just registered (core's $registeredName) and the way
// back to Account.

import { expect, fixture, html } from '@open-wc/testing'
import { $registeredName, $view } from '@openmodal/core/internal'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import { deep, resetAll, settle, setupConnected, showView, until } from '../../../test/helpers.js'

const HOSTILE = '<img src=x onerror="window.__pwned=1">'
const ADDRESS = '0x7777777777777777777777777777777777777777'

const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''

describe('RegisterAccountNameSuccess view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => {
    $registeredName.set(undefined)
    resetAll()
  })

  it('Done goes back to the view below it (Account)', async () => {
    await setupConnected()
    $registeredName.set({ name: 'alice', address: ADDRESS })
    const view = await showView(
      modal,
      'w3m-register-account-name-success-view',
      'Account',
      'RegisterAccountNameSuccess',
    )
    ;(deep(view, '[part="done-button"]') as HTMLButtonElement).click()
    await until(() => $view.get().view === 'Account', 'back to Account')
    expect(deep(modal, 'w3m-router', 'w3m-register-account-name-success-view')).to.equal(null)
  })

  it('shows the name as text and the truncated address, and passes axe', async () => {
    await setupConnected()
    $registeredName.set({ name: HOSTILE, address: ADDRESS })
    const view = await showView(
      modal,
      'w3m-register-account-name-success-view',
      'Account',
      'RegisterAccountNameSuccess',
    )
    await until(() => deep(view, '[data-name]'), 'the name')
    expect(text(deep(view, '[data-name]'))).to.equal(`${HOSTILE} is yours`)
    expect(deep(view, '[data-name] img')).to.equal(null)
    expect(text(deep(view, '[data-address]'))).to.equal('The name now points to 0x77…777777.')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
