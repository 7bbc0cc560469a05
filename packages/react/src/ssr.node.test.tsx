// Server rendering in plain Node: no `window`, no `document`. Lit's node build brings its own
// minimal DOM shim (HTMLElement, customElements) so the element classes can be imported.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import type { ModalOptions } from '@openmodal/core'
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'

// Imported only after the window check below, so importing the package is part of what is checked.
let api: typeof import('./exports/index.js')
let fixture: typeof import('./test/ssr-app.js')

/** Calls every hook: the server must render it without a window. */
function Everything() {
  const modal = api.useModal()
  const account = api.useModalAccount()
  const solana = api.useModalAccount('solana')
  const network = api.useModalNetwork()
  const state = api.useModalState()
  const theme = api.useModalTheme()
  const event = api.useModalEvents()
  const { disconnect } = api.useDisconnect()
  const { walletInfo } = api.useWalletInfo()
  const { provider, isConnected } = api.useModalProvider('eip155')
  const summary = {
    isOpen: modal.isOpen,
    status: account.status,
    accountConnected: account.isConnected,
    solana: solana.status,
    network: network.caipNetworkId ?? null,
    networks: network.networks.length,
    view: state.view,
    open: state.open,
    themeMode: theme.themeMode,
    event: event?.event ?? null,
    disconnect: typeof disconnect,
    walletInfo: walletInfo ?? null,
    provider: provider ?? null,
    providerConnected: isConnected,
  }
  return (
    <section>
      <api.W3mButton />
      <output>{JSON.stringify(summary)}</output>
    </section>
  )
}

function OpenState() {
  return <output>{String(api.useModal().isOpen)}</output>
}

function assertNoWindow(): void {
  assert.equal(typeof window, 'undefined', 'window must not exist on the server')
  assert.equal(typeof document, 'undefined', 'document must not exist on the server')
}

describe('server rendering (no window)', () => {
  before(async () => {
    assertNoWindow()
    api = await import('./exports/index.js')
    fixture = await import('./test/ssr-app.js')
    assertNoWindow()
  })
  after(assertNoWindow)

  const render = (element: ReactElement) => {
    assertNoWindow()
    const html = renderToString(element)
    assertNoWindow()
    return html
  }

  test('renders every component as its custom element tag', () => {
    const { W3mAccountButton, W3mButton, W3mConnectButton, W3mModal, W3mNetworkButton } = api
    const html = render(
      <div>
        <W3mButton />
        <W3mConnectButton />
        <W3mAccountButton />
        <W3mNetworkButton />
        <W3mModal />
      </div>,
    )
    for (const tag of [
      'w3m-button',
      'w3m-connect-button',
      'w3m-account-button',
      'w3m-network-button',
      'w3m-modal',
    ]) {
      assert.match(html, new RegExp(`<${tag}[ >][^]*?</${tag}>`), `${tag} in ${html}`)
    }
  })

  test('passes plain attributes through to the element', () => {
    const html = render(<api.W3mButton id="connect" className="cta" />)
    assert.match(html, /^<w3m-button id="connect" class="cta"><\/w3m-button>$/)
  })

  test('renders a component using every hook with the server snapshots', () => {
    const html = render(<Everything />)
    assert.match(html, /<w3m-button><\/w3m-button>/)
    const json = html.match(/<output>(.*)<\/output>/)?.[1]?.replaceAll('&quot;', '"')
    assert.deepEqual(JSON.parse(json ?? 'null'), {
      isOpen: false,
      status: 'disconnected',
      accountConnected: false,
      solana: 'disconnected',
      network: null,
      networks: 0,
      view: 'Connect',
      open: false,
      themeMode: 'light',
      event: null,
      disconnect: 'function',
      walletInfo: null,
      provider: null,
      providerConnected: false,
    })
  })

  test('server snapshots ignore browser-only state set on the server', async () => {
    // Even if the server process had an open modal, the HTML it sends must match the first
    // client render (hydration), which starts from the same defaults.
    const core = await import('@openmodal/core/internal')
    core.openModal()
    try {
      assert.equal(render(<OpenState />), '<output>false</output>')
    } finally {
      core.closeModal({ force: true })
    }
  })
  test('imports every entry of @openmodal/core, @openmodal/ui and @openmodal/react', async () => {
    const entries = ['core', 'ui', 'react'].flatMap((dir) => {
      const url = new URL(`../../${dir}/package.json`, import.meta.url)
      const { name, exports } = JSON.parse(readFileSync(url, 'utf8')) as {
        name: string
        exports: Record<string, unknown>
      }
      return Object.keys(exports).map((key) => name + key.slice(1))
    })
    assert.ok(entries.includes('@openmodal/ui/register'), entries.join())
    for (const entry of entries) {
      await assert.doesNotReject(import(entry), entry)
      assertNoWindow()
    }
  })

  test('createModal on the server returns an inert instance and touches no store', async () => {
    const core = await import('@openmodal/core/internal')
    const stores = [core.$options, core.$networks, core.$adapters, core.$remoteConfig]
    const before = stores.map((store) => store.get())
    const modal = api.createModal(fixture.options)
    assertNoWindow()
    // Nothing of the options reached the shared stores of the server process.
    assert.deepEqual(
      stores.map((store) => store.get()),
      before,
    )
    assert.deepEqual(core.$networks.get(), [])
    // Reads give the state the hooks' server snapshots render.
    const state = modal.getState()
    assert.deepEqual(state, {
      open: false,
      loading: false,
      view: 'Connect',
      selectedNetworkId: undefined,
      activeChain: undefined,
    })
    assert.deepEqual(modal.getAccount(), { status: 'disconnected', allAccounts: [] })
    assert.deepEqual(modal.getAccount('solana'), { status: 'disconnected', allAccounts: [] })
    // Opening, closing and the setters do nothing; subscriptions never fire.
    let calls = 0
    const unsubscribe = modal.subscribeState(() => calls++)
    const stopEvents = modal.subscribeEvents(() => calls++)
    modal.open({ view: 'Networks' })
    modal.setThemeMode('dark')
    modal.setThemeVariables({ '--w3m-accent': 'red' })
    modal.setLocale('ar')
    modal.close()
    unsubscribe()
    stopEvents()
    assert.equal(calls, 0)
    assert.equal(core.$modal.get().open, false)
    assert.equal(core.$theme.get().themeMode, 'light')
    assert.equal(core.$locale.get(), 'en')
    assert.deepEqual(modal.getState(), state)
    // Wallet actions: nothing to disconnect; connecting and switching say why they cannot.
    await modal.disconnect()
    await assert.rejects(modal.connect('dev.openmodal.test'), {
      name: 'OpenModalError',
      message: /connect\(\) runs in the browser only/,
    })
    await assert.rejects(
      modal.switchNetwork('eip155:31337'),
      /switchNetwork\(\) runs in the browser/,
    )
    assert.throws(() => modal.getProvider('eip155'), { code: 'PROVIDER_NOT_FOUND' })
    assertNoWindow()
  })

  test('createModal on the server still rejects invalid options', () => {
    const invalid = { projectId: 'x', networks: [] } as ModalOptions
    assert.throws(() => api.createModal(invalid), { name: 'InvalidOptionsError' })
  })

  test('renders the provider, the button and every hook to the same HTML every time', () => {
    const html = render(<fixture.SsrApp />)
    assert.match(html, /^<main><h1>Server page<\/h1><w3m-button><\/w3m-button><output /)
    const json = html.match(/<output[^>]*>(.*)<\/output>/)?.[1]?.replaceAll('&quot;', '"')
    assert.deepEqual(JSON.parse(json ?? 'null'), {
      isOpen: false,
      status: 'disconnected',
      accountConnected: false,
      solana: 'disconnected',
      network: null,
      networks: 0,
      view: 'Connect',
      open: false,
      selectedNetworkId: null,
      themeMode: 'light',
      event: null,
      disconnect: 'function',
      walletInfo: null,
      provider: null,
      providerConnected: false,
      locale: 'en',
    })
    // Deterministic: a second render, and one after createModal ran on the server, agree.
    assert.equal(render(<fixture.SsrApp />), html)
    api.createModal(fixture.options)
    assert.equal(render(<fixture.SsrApp />), html)
  })
})
