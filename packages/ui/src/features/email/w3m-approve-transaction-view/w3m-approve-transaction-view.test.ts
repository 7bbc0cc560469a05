import { expect, fixture, html } from '@open-wc/testing'
import { setLocale, setThemeMode } from '@openmodal/core/internal'
import { loadLocale } from '../../../i18n/index.js'
import '../../../test/define-modal.js'
import type { W3mModal } from '../../../modal/w3m-modal/w3m-modal.js'
import { deep, resetAll, settle, setupClient, showView } from '../../../test/helpers.js'

describe('ApproveTransaction', () => {
  let modal: W3mModal

  beforeEach(async () => {
    modal = await fixture<W3mModal>(html`<w3m-modal></w3m-modal>`)
  })

  afterEach(() => resetAll())

  it('says where to approve, announced politely, in light, dark and RTL', async () => {
    await loadLocale('ar')
    setupClient()
    const view = await showView(modal, 'w3m-approve-transaction-view', 'ApproveTransaction')
    const status = deep(view, '[part="status"]')
    expect(status?.getAttribute('role')).to.equal('status')
    expect(status?.textContent?.trim()).to.equal(
      'Review the request in the secure window. This screen returns when you answer.',
    )
    await settle()
    await expect(modal).to.be.accessible()
    setThemeMode('dark')
    await settle()
    await expect(modal).to.be.accessible()
    setLocale('ar')
    await settle()
    expect(deep(view, '.headline')?.textContent?.trim()).to.equal('وافق في النافذة الآمنة')
    expect(getComputedStyle(view).direction).to.equal('rtl')
    await expect(modal).to.be.accessible()
  })
})
