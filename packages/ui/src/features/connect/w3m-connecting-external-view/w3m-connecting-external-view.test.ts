// ConnectingExternal: asking an installed wallet (rejection, retry, a wallet that does not
// answer, silent close).

import { aTimeout, expect, fixture, html } from '@open-wc/testing'
import {
  $activeAccount,
  $modal,
  closeModal,
  openModal,
  push,
  reset,
  setLocale,
} from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import '../../../test/define-modal.js'
import { deep, resetAll, settle, setupClient, showView, until } from '../../../test/helpers.js'
import type { W3mConnectingExternalView } from './w3m-connecting-external-view.js'
import './w3m-connecting-external-view.js'

const openConnect = (modal: W3mModal) => showView(modal, 'w3m-connect-view', 'Connect')

describe('ConnectingExternal view', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('connecting: shows "Connection rejected" with Try again, then the retry connects and closes', async () => {
    const adapter = setupClient()
    const view = await openConnect(modal)
    const list = await until(() => deep(view, 'wui-wallet-list'), 'the list')
    adapter.rejectNextConnect({ code: 4001, message: 'User rejected the request.' })
    const alpha = await until(() => deep(list, 'button[data-id="io.alpha"]'), 'alpha')
    alpha.click()
    const connecting = await until(
      () => deep(modal, 'w3m-router', 'w3m-connecting-external-view'),
      'the connecting view',
    )
    expect(deep(modal, '#title')?.textContent?.trim()).to.equal('Alpha Wallet')
    expect(connecting.shadowRoot?.textContent).to.contain('Continue in Alpha Wallet')
    const error = await until(() => deep(connecting, '[data-error]'), 'the error')
    expect(error.textContent).to.equal('Connection rejected')
    await settle()
    await expect(modal).to.be.accessible()
    const retry = deep(connecting, '[part="retry-button"]') as HTMLButtonElement
    expect(retry.textContent?.trim()).to.equal('Try again')
    retry.click()
    await until(() => !$modal.get().open, 'the modal to close')
    expect($activeAccount.get().status).to.equal('connected')
    expect(adapter.calls.filter((c) => c === 'connect:io.alpha')).to.have.length(2)
  })
  it('connecting: any other failure reads "Failed to connect"', async () => {
    const adapter = setupClient()
    adapter.rejectNextConnect(new Error('wallet exploded'))
    openModal()
    const view = await fixture<W3mConnectingExternalView>(
      html`<w3m-connecting-external-view .data=${{ connectorId: 'io.beta' }}></w3m-connecting-external-view>`,
    )
    const error = await until(() => deep(view, '[data-error]'), 'the error')
    expect(error.textContent).to.equal('Failed to connect')
  })
  it('connecting: Try again while the wallet has not answered asks it again', async () => {
    const adapter = setupClient()
    const held = adapter.holdNextConnect()
    openModal()
    const view = await fixture<W3mConnectingExternalView>(
      html`<w3m-connecting-external-view .data=${{ connectorId: 'io.alpha' }}></w3m-connecting-external-view>`,
    )
    expect(view.connecting).to.equal(true)
    const retry = await until(
      () => deep<HTMLButtonElement>(view, '[part="retry-button"]'),
      'the retry button while waiting',
    )
    expect(retry.textContent?.trim()).to.equal('Try again')
    await expect(view).to.be.accessible()
    retry.click()
    await until(() => $activeAccount.get().status === 'connected', 'the second request to connect')
    expect(adapter.calls.filter((c) => c === 'connect:io.alpha')).to.have.length(2)
    // The first request answering late changes nothing on screen.
    held.release()
    await aTimeout(20)
    expect(view.error).to.equal(undefined)
    expect($activeAccount.get().status).to.equal('connected')
  })
  it('connecting: closing the modal meanwhile is silent', async () => {
    const adapter = setupClient()
    const held = adapter.holdNextConnect()
    openModal()
    const view = await fixture<W3mConnectingExternalView>(
      html`<w3m-connecting-external-view .data=${{ connectorId: 'io.alpha' }}></w3m-connecting-external-view>`,
    )
    expect(view.connecting).to.equal(true)
    closeModal()
    await aTimeout(20)
    held.release()
    await aTimeout(20)
    expect(view.connecting).to.equal(false)
    expect(view.error).to.equal(undefined)
    expect(deep(view, '[data-error]')).to.equal(null)
  })
  it('asks the picked wallet by name, and passes axe while it waits, in Arabic too', async () => {
    const adapter = setupClient()
    adapter.holdNextConnect()
    reset('Connect')
    push('ConnectingExternal', { connectorId: 'io.alpha' })
    openModal()
    const view = await until(
      () => deep(modal, 'w3m-router', 'w3m-connecting-external-view'),
      'the connecting view',
    )
    expect(deep(modal, '#title')?.textContent?.trim()).to.equal('Alpha Wallet')
    expect(view.shadowRoot?.textContent).to.contain('Continue in Alpha Wallet')
    await until(() => deep(view, 'wui-spinner'), 'the spinner')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await loadLocale('ar')
    await until(() => deep(modal, 'dialog')?.getAttribute('dir') === 'rtl', 'right to left')
    await settle()
    await expect(modal).to.be.accessible()
  })
})
