// Chromium: a real Svelte 5 component reads the stores with `$store`, follows the real core
// stores, and unsubscribes when it is unmounted.

import { expect } from '@open-wc/testing'
import {
  TEST_ADDRESS as ADDRESS,
  type BindingPage,
  listenerCounts as countListeners,
  setUpBindingPage,
} from '@openmodal/core/adapter-contract'
import {
  $accounts,
  $activeAccount,
  $activeNetwork,
  $isConnected,
  $locale,
  $networks,
  $publicState,
  $theme,
  type AccountState,
  type ModalInstance,
  setLocale,
  setThemeMode,
} from '@openmodal/core/internal'
import { defineElements } from '@openmodal/ui'
import { flushSync, mount, unmount } from 'svelte'
import { get, type Readable } from 'svelte/store'
import { activeAccount, isConnected, modalState, networks } from './exports/index.js'
import Probe from './test/probe.svelte'

// The stores keep Svelte's store type; a `set` is not part of it (both checked by typecheck).
const typed: Readable<AccountState> = activeAccount
// @ts-expect-error read-only: the host cannot write a store the kit derives
activeAccount.set

/** Every store the component reads, to count their listeners. */
const STORES = {
  $accounts,
  $activeAccount,
  $activeNetwork,
  $isConnected,
  $locale,
  $networks,
  $publicState,
  $theme,
}
const listenerCounts = () => countListeners(STORES)

let container: HTMLElement
let component: ReturnType<typeof mount> | undefined

const text = (testId: string) =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '(missing)'

describe('@openmodal/svelte in Chromium', () => {
  let modal: ModalInstance
  let page: BindingPage

  beforeEach(() => {
    page = setUpBindingPage()
    ;({ modal, container } = page)
  })

  afterEach(async () => {
    if (component) unmount(component)
    component = undefined
    await page.teardown()
    setLocale('en')
  })

  it('renders the stores with $store and follows every change', async () => {
    component = mount(Probe, { target: container })
    flushSync()
    expect(text('account')).to.equal('disconnected:-')
    expect(text('connected')).to.equal('false')
    expect(text('eip155')).to.equal('-')
    expect(text('network')).to.equal('eip155:31337/2')
    expect(text('view')).to.equal('closed:Connect')
    expect(text('theme')).to.equal('light')
    expect(text('locale')).to.equal('en')
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal([
      'Local Testnet',
      'OP Mainnet',
    ])

    modal.open({ view: 'Networks' })
    flushSync()
    expect(text('view')).to.equal('open:Networks')
    modal.close()
    setThemeMode('dark')
    setLocale('fr')
    await modal.switchNetwork('eip155:10')
    flushSync()
    expect(text('view')).to.equal('closed:Networks')
    expect(text('theme')).to.equal('dark')
    expect(text('locale')).to.equal('fr')
    expect(text('network')).to.equal('eip155:10/2')

    await modal.connect('dev.openmodal.test')
    flushSync()
    expect(text('account')).to.equal(`connected:${ADDRESS}`)
    expect(text('connected')).to.equal('true')
    expect(text('eip155')).to.equal('connected')

    await modal.disconnect()
    flushSync()
    expect(text('account')).to.equal('disconnected:-')
    expect(text('connected')).to.equal('false')
  })

  it('unsubscribes from every store when the component is unmounted', () => {
    const before = listenerCounts()
    component = mount(Probe, { target: container })
    flushSync()
    const mounted = listenerCounts()
    for (const [name, count] of Object.entries(mounted)) {
      expect(count, `${name} while mounted`).to.be.greaterThan(before[name] ?? 0)
    }
    unmount(component)
    component = undefined
    expect(listenerCounts()).to.deep.equal(before)
  })

  it('renders the real custom element, with its property set', async () => {
    defineElements()
    component = mount(Probe, { target: container })
    flushSync()
    const button = container.querySelector('w3m-button')
    expect(button).to.be.instanceOf(customElements.get('w3m-button') as CustomElementConstructor)
    expect(button?.label).to.equal('Pay with a wallet')
    await button?.updateComplete
    const inner = button?.shadowRoot?.querySelector('w3m-connect-button')
    await inner?.updateComplete
    expect(inner?.shadowRoot?.querySelector('button')?.textContent?.trim()).to.equal(
      'Pay with a wallet',
    )
  })

  it('works with svelte/store get() and leaves no listener behind', async () => {
    const before = listenerCounts()
    expect(get(typed).status).to.equal('disconnected')
    expect(get(networks).map((n) => n.caipNetworkId)).to.deep.equal(['eip155:31337', 'eip155:10'])
    modal.open()
    expect(get(modalState).open).to.equal(true)
    await modal.connect('dev.openmodal.test')
    expect(get(isConnected)).to.equal(true)
    expect(activeAccount.get().address).to.equal(ADDRESS)
    expect(listenerCounts()).to.deep.equal(before)
  })
})
