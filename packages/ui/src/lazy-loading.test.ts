// What loads later than the page: the first view's group (warmed when the page is idle) and
// the shipped non-English catalogs (on first use). Its own file, so its own page: nothing is
// loaded yet when the tests start.

import { expect } from '@open-wc/testing'
import { $locale, $modal, setLocale } from '@openmodal/core/internal'
import { createModal } from './exports/index.js'
import { loadLocale, t } from './i18n/index.js'
import { groupStatus } from './router/routes.js'
import { mainnet, resetAll, until } from './test/helpers.js'

describe('lazy loading', () => {
  afterEach(() => {
    for (const el of document.querySelectorAll('w3m-modal')) el.remove()
    setLocale('en')
    resetAll()
  })

  it('loads the Connect group once the page is idle, without opening the modal', async () => {
    expect(groupStatus('connect')).to.equal('idle')
    createModal({ projectId: 'p', networks: [mainnet] })
    await until(() => groupStatus('connect') === 'loaded')
    expect(customElements.get('w3m-connect-view')).to.not.equal(undefined)
    expect(groupStatus('account')).to.equal('idle')
    expect($modal.get().open).to.equal(false)
  })

  it('speaks English until the Arabic catalog arrives, then tells $locale listeners', async () => {
    let notified = 0
    const stop = $locale.listen(() => notified++)
    setLocale('ar-EG')
    expect(notified).to.equal(1)
    expect(t('modal.close')).to.equal('Close')
    await loadLocale('ar-EG')
    expect(notified).to.equal(2)
    expect(t('modal.close')).to.equal('إغلاق')
    stop()
  })
})
