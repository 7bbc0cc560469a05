// Chromium: the composables follow the real core stores inside real Vue apps, and stop
// listening when the component unmounts.

import { expect } from '@open-wc/testing'
import {
  TEST_ADDRESS as ADDRESS,
  type BindingPage,
  listenerCounts as countListeners,
  setUpBindingPage,
  type TestAdapter,
  localTestnet as testnet,
} from '@openmodal/core/adapter-contract'
import {
  $accounts,
  $activeAccount,
  $activeNetwork,
  $adapters,
  $networks,
  $publicState,
  $theme,
  type ChainNamespace,
  type ModalInstance,
  setThemeMode,
} from '@openmodal/core/internal'
import { type App, createApp, effectScope, h, nextTick, ref } from 'vue'
import {
  useDisconnect,
  useModal,
  useModalAccount,
  useModalEvents,
  useModalNetwork,
  useModalProvider,
  useModalState,
  useModalTheme,
  useWalletInfo,
} from './exports/index.js'

/** Every store the composables read, to count their listeners. */
const STORES = {
  $accounts,
  $activeAccount,
  $activeNetwork,
  $adapters,
  $networks,
  $publicState,
  $theme,
}
const listenerCounts = () => countListeners(STORES)

/** Renders every composable's values as text, with buttons calling their actions. */
const Probe = {
  setup() {
    const { isOpen, open, close } = useModal()
    const { status, address, isConnected } = useModalAccount()
    const { open: stateOpen, view } = useModalState()
    const { themeMode, setThemeMode } = useModalTheme()
    const { caipNetworkId, networks, switchNetwork } = useModalNetwork()
    const event = useModalEvents()
    const { walletInfo } = useWalletInfo()
    const { provider } = useModalProvider('eip155')
    const { disconnect } = useDisconnect()
    const span = (id: string, text: unknown) => h('span', { 'data-testid': id }, String(text))
    const button = (id: string, onClick: () => unknown) =>
      h('button', { type: 'button', 'data-testid': id, onClick })
    return () =>
      h('div', [
        span('is-open', isOpen.value),
        span('view', `${stateOpen.value ? 'open' : 'closed'}:${view.value}`),
        span('account', `${status.value}:${address.value ?? '-'}`),
        span('theme', themeMode.value),
        span('network', `${caipNetworkId.value}/${networks.value.length}`),
        span('event', event.value?.event ?? '-'),
        span('wallet', walletInfo.value?.name ?? '-'),
        span('provider', `${isConnected.value}:${typeof provider.value}`),
        button('open', () => open({ view: 'Networks' })),
        button('close', close),
        button('dark', () => setThemeMode('dark')),
        button('switch', () => switchNetwork('eip155:10')),
        button('disconnect', () => disconnect()),
      ])
  },
}

let app: App | undefined
let container: HTMLElement

async function mount(component: object): Promise<void> {
  app = createApp(component)
  app.mount(container)
  await nextTick()
}

const text = (testId: string) =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '(missing)'

async function click(testId: string): Promise<void> {
  container.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.click()
  // Let the action settle, then Vue flush the render it caused.
  await new Promise((resolve) => setTimeout(resolve))
  await nextTick()
}

describe('@openmodal/vue in Chromium', () => {
  let modal: ModalInstance
  let adapter: TestAdapter
  let page: BindingPage

  beforeEach(() => {
    page = setUpBindingPage()
    ;({ modal, adapter, container } = page)
  })

  afterEach(async () => {
    app?.unmount()
    app = undefined
    await page.teardown()
  })

  it('re-renders when core actions change the modal, theme and network stores', async () => {
    await mount(Probe)
    expect(text('is-open')).to.equal('false')
    expect(text('view')).to.equal('closed:Connect')
    expect(text('theme')).to.equal('light')
    expect(text('network')).to.equal('eip155:31337/2')

    modal.open()
    await nextTick()
    expect(text('is-open')).to.equal('true')
    expect(text('view')).to.equal('open:Connect')
    expect(text('event')).to.equal('MODAL_OPEN')

    modal.close()
    await nextTick()
    expect(text('view')).to.equal('closed:Connect')
    expect(text('event')).to.equal('MODAL_CLOSE')

    setThemeMode('dark')
    await nextTick()
    expect(text('theme')).to.equal('dark')

    await modal.switchNetwork('eip155:10')
    await nextTick()
    expect(text('network')).to.equal('eip155:10/2')
    expect(text('event')).to.equal('SWITCH_NETWORK')
  })

  it('the composables’ actions change the stores', async () => {
    await mount(Probe)
    await click('open')
    expect(text('view')).to.equal('open:Networks')
    expect(modal.getState().view).to.equal('Networks')
    await click('close')
    expect(modal.getState().open).to.equal(false)
    await click('dark')
    expect(text('theme')).to.equal('dark')
    await click('switch')
    expect(modal.getState().selectedNetworkId).to.equal('eip155:10')
  })

  it('follows a wallet connecting and disconnecting', async () => {
    await mount(Probe)
    expect(text('account')).to.equal('disconnected:-')
    expect(text('provider')).to.equal('false:undefined')

    await modal.connect('dev.openmodal.test')
    await nextTick()
    expect(text('account')).to.equal(`connected:${ADDRESS}`)
    expect(text('wallet')).to.equal('Test Wallet')
    expect(text('provider')).to.equal('true:object')
    expect(text('event')).to.equal('CONNECT_SUCCESS')

    await click('disconnect')
    expect(text('account')).to.equal('disconnected:-')
    expect(text('wallet')).to.equal('-')
    expect(text('provider')).to.equal('false:undefined')
    expect(adapter.calls).to.include('disconnect')
  })

  it('stops listening to every store and to the events when the component unmounts', async () => {
    const before = listenerCounts()
    let event: { readonly value: unknown } | undefined
    await mount({
      setup() {
        event = useModalEvents()
        return () => h(Probe)
      },
    })
    const mounted = listenerCounts()
    for (const [name, count] of Object.entries(mounted)) {
      expect(count, `${name} while mounted`).to.be.greaterThan(before[name] ?? 0)
    }

    app?.unmount()
    app = undefined
    expect(listenerCounts()).to.deep.equal(before)
    modal.open()
    expect(event?.value, 'no event after unmount').to.equal(undefined)
  })

  it('stops listening when the effect scope that ran them stops', () => {
    const before = listenerCounts()
    const scope = effectScope()
    const account = scope.run(() => useModalAccount())
    expect($activeAccount.lc).to.be.greaterThan(before.$activeAccount ?? 0)
    expect(account?.status.value).to.equal('disconnected')
    scope.stop()
    expect(listenerCounts()).to.deep.equal(before)
  })

  it('gives the stores’ own objects, not copies or proxies', () => {
    const scope = effectScope()
    scope.run(() => {
      const { network, networks } = useModalNetwork()
      expect(network.value).to.equal($activeNetwork.get())
      expect(networks.value).to.equal($networks.get())
      expect(networks.value[0]?.caipNetworkId).to.equal(testnet.caipNetworkId)
    })
    scope.stop()
  })

  it('reads the account of a namespace given as a ref, and follows the ref', async () => {
    const namespace = ref<ChainNamespace | undefined>('solana')
    await modal.connect('dev.openmodal.test')
    const scope = effectScope()
    const { status, address } = scope.run(() => useModalAccount(namespace)) ?? {}
    expect(status?.value).to.equal('disconnected')
    namespace.value = 'eip155'
    expect(status?.value).to.equal('connected')
    expect(address?.value).to.equal(ADDRESS)
    namespace.value = undefined
    expect(address?.value, 'the active namespace').to.equal(ADDRESS)
    scope.stop()
  })
})
