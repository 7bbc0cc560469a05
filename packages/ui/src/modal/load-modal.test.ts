// The modal shell loads later than the page: `<w3m-modal>` stays undefined until the modal
// opens (or the page is idle), and a shell that fails to load is reported and
// retried. Its own file, so its own page: nothing is loaded when the tests start, and the
// tests run in order on that one page.

import { expect } from '@open-wc/testing'
import { $modal } from '@openmodal/core/internal'
import { createModal } from '../exports/index.js'
import { GROUPS } from '../features/groups.js'
import { groupStatus, provideGroups } from '../router/routes.js'
import { deep, mainnet, until } from '../test/helpers.js'

describe('the lazy modal shell', () => {
  const consoleError = console.error
  const reported: unknown[][] = []
  let instance: ReturnType<typeof createModal>

  before(() => {
    // The first loads fail, as a dropped connection would make them.
    provideGroups({ connect: () => Promise.reject(new TypeError('Failed to fetch')) })
    console.error = (...args: unknown[]) => {
      reported.push(args)
    }
  })

  after(() => {
    provideGroups(GROUPS)
    console.error = consoleError
    instance?.close()
  })

  it('appends an undefined <w3m-modal>: nothing of the shell runs before it is needed', () => {
    instance = createModal({ projectId: 'p', networks: [mainnet] })
    const modal = document.querySelector('w3m-modal')
    expect(modal, 'appended').to.not.equal(null)
    expect(customElements.get('w3m-modal')).to.equal(undefined)
    expect(modal?.shadowRoot ?? null).to.equal(null)
  })

  it('reports a shell that fails to load and closes the modal, so the next open retries', async () => {
    instance.open()
    await until(() => reported.length > 0, 'the console error')
    expect(String(reported[0]?.[0])).to.contain('the modal could not be loaded')
    expect(String(reported[0]?.[1])).to.contain('Failed to fetch')
    await until(() => !$modal.get().open, 'the modal to close')
    expect(customElements.get('w3m-modal')).to.equal(undefined)
    expect(groupStatus('connect')).to.equal('error')
  })

  it('loads the shell on the next open and shows the Connect view', async () => {
    provideGroups(GROUPS)
    instance.open()
    const modal = document.querySelector('w3m-modal') as Element
    await until(() => deep(modal, 'dialog')?.hasAttribute('open'), 'the open dialog')
    await until(() => deep(modal, 'w3m-router', 'w3m-connect-view'), 'the Connect view')
    expect(reported).to.have.length(1)
  })
})
