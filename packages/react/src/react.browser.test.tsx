// Chromium: the hooks follow the real core stores, and the components render the real elements.

import { expect } from '@open-wc/testing'
import {
  TEST_ADDRESS as ADDRESS,
  type BindingPage,
  setUpBindingPage,
  type TestAdapter,
} from '@openmodal/core/adapter-contract'
import {
  disconnect,
  type ModalInstance,
  type SiwxConfigLike,
  type SiwxSessionLike,
  setThemeMode,
  stopSiwx,
  watchSiwx,
} from '@openmodal/core/internal'
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import {
  useDisconnect,
  useModal,
  useModalAccount,
  useModalEvents,
  useModalNetwork,
  useModalProvider,
  useModalState,
  useModalTheme,
  useSiwxSession,
  useWalletInfo,
  W3mButton,
  W3mModal,
  W3mNetworkButton,
} from './exports/index.js'

// Mocha's globals, typed here because @types/mocha is not a dependency.
type Hook = () => void | Promise<void>
const { describe, it, beforeEach, afterEach } = globalThis as unknown as {
  describe: (name: string, body: () => void) => void
  it: (name: string, body: Hook) => void
  beforeEach: (body: Hook) => void
  afterEach: (body: Hook) => void
}

// React's act() warns unless the environment says it is a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root
let container: HTMLElement

async function render(node: ReactNode): Promise<void> {
  await act(async () => root.render(node))
}

const text = (testId: string) =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '(missing)'

function Probe() {
  const { isOpen, open, close } = useModal()
  const account = useModalAccount()
  const state = useModalState()
  const { themeMode, setThemeMode } = useModalTheme()
  const { caipNetworkId, networks, switchNetwork } = useModalNetwork()
  const event = useModalEvents()
  const { walletInfo } = useWalletInfo()
  const { provider, isConnected } = useModalProvider('eip155')
  const { disconnect } = useDisconnect()
  return (
    <div>
      <span data-testid="is-open">{String(isOpen)}</span>
      <span data-testid="view">{`${state.open ? 'open' : 'closed'}:${state.view}`}</span>
      <span data-testid="account">{`${account.status}:${account.address ?? '-'}`}</span>
      <span data-testid="theme">{themeMode}</span>
      <span data-testid="network">{`${caipNetworkId}/${networks.length}`}</span>
      <span data-testid="event">{event?.event ?? '-'}</span>
      <span data-testid="wallet">{walletInfo?.name ?? '-'}</span>
      <span data-testid="provider">{`${isConnected}:${typeof provider}`}</span>
      <button type="button" data-testid="open" onClick={() => open({ view: 'Networks' })} />
      <button type="button" data-testid="close" onClick={close} />
      <button type="button" data-testid="dark" onClick={() => setThemeMode('dark')} />
      <button type="button" data-testid="switch" onClick={() => switchNetwork('eip155:10')} />
      <button type="button" data-testid="disconnect" onClick={() => disconnect()} />
    </div>
  )
}

function SiwxProbe() {
  const { session, status, signIn, signOut } = useSiwxSession()
  return (
    <div>
      <span data-testid="siwx">{`${status}:${session?.data.accountAddress ?? '-'}`}</span>
      <button type="button" data-testid="sign-in" onClick={() => signIn()} />
      <button type="button" data-testid="sign-out" onClick={() => signOut()} />
    </div>
  )
}

/** Polls `check` (letting React and the stores settle) until it holds. */
async function waitUntil(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (check()) return
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** Render counts of the two useModal components below. */
const renders = { reader: 0, opener: 0 }

function Reader() {
  renders.reader++
  return <span data-testid="reader">{String(useModal().isOpen)}</span>
}

function Opener() {
  renders.opener++
  const { open } = useModal()
  return <button type="button" data-testid="opener" onClick={() => open()} />
}

const click = (testId: string) =>
  act(async () => {
    container.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.click()
  })

describe('@openmodal/react in Chromium', () => {
  let modal: ModalInstance
  let adapter: TestAdapter
  let page: BindingPage

  beforeEach(async () => {
    page = setUpBindingPage()
    ;({ modal, adapter, container } = page)
    root = createRoot(container)
  })

  afterEach(async () => {
    await act(async () => root.unmount())
    await page.teardown()
  })

  it('re-renders when core actions change the modal, theme and network stores', async () => {
    await render(<Probe />)
    expect(text('is-open')).to.equal('false')
    expect(text('view')).to.equal('closed:Connect')
    expect(text('theme')).to.equal('light')
    expect(text('network')).to.equal('eip155:31337/2')

    await act(async () => modal.open())
    expect(text('is-open')).to.equal('true')
    expect(text('view')).to.equal('open:Connect')
    expect(text('event')).to.equal('MODAL_OPEN')

    await act(async () => modal.close())
    expect(text('view')).to.equal('closed:Connect')
    expect(text('event')).to.equal('MODAL_CLOSE')

    await act(async () => setThemeMode('dark'))
    expect(text('theme')).to.equal('dark')

    await act(async () => modal.switchNetwork('eip155:10'))
    expect(text('network')).to.equal('eip155:10/2')
    expect(text('event')).to.equal('SWITCH_NETWORK')
  })

  it('useModal re-renders on open and close only a component that reads isOpen', async () => {
    renders.reader = renders.opener = 0
    await render(
      <>
        <Reader />
        <Opener />
      </>,
    )
    const before = { ...renders }
    await click('opener')
    expect(text('reader')).to.equal('true')
    expect(renders.reader).to.be.greaterThan(before.reader)
    expect(renders.opener).to.equal(before.opener)
    await act(async () => modal.close())
    expect(text('reader')).to.equal('false')
    expect(renders.opener).to.equal(before.opener)
  })

  it('useSiwxSession follows the flow: unsigned, signIn stores, signOut revokes that session', async () => {
    const sessions: SiwxSessionLike[] = []
    const revoked: string[] = []
    const config: SiwxConfigLike = {
      async createMessage({ accountAddress, chainId }) {
        const data = { accountAddress, chainId, domain: 'app.example.org' }
        return Object.defineProperty(data, 'toString', { value: () => `sign in ${chainId}` })
      },
      addSession: async (session) => {
        sessions.push(session)
      },
      revokeSession: async (chainId, address) => {
        revoked.push(`${chainId}/${address}`)
      },
      getSessions: async (chainId, address) =>
        sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
      getRequired: () => false,
    }
    watchSiwx(config, { disconnect, switchNetwork: modal.switchNetwork })
    try {
      await render(<SiwxProbe />)
      expect(text('siwx')).to.equal('idle:-')
      await act(async () => modal.connect('dev.openmodal.test'))
      await waitUntil(() => text('siwx') === 'unsigned:-', 'unsigned')
      await click('sign-in')
      await waitUntil(() => text('siwx').startsWith('signed:'), 'signed')
      expect(text('siwx')).to.equal(`signed:${ADDRESS}`)
      expect(sessions[0]?.signature).to.equal(`signed:${ADDRESS}:sign in eip155:31337`)
      await click('sign-out')
      await waitUntil(() => text('siwx') === 'idle:-', 'signed out')
      expect(revoked).to.deep.equal([`eip155:31337/${ADDRESS}`])
    } finally {
      stopSiwx()
    }
  })

  it('the hooks’ actions change the stores', async () => {
    await render(<Probe />)
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
    await render(<Probe />)
    expect(text('account')).to.equal('disconnected:-')
    expect(text('provider')).to.equal('false:undefined')

    await act(() => modal.connect('dev.openmodal.test'))
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

  it('renders the real custom elements, upgraded, with props set as element properties', async () => {
    await render(
      <>
        <W3mButton id="main-button" className="cta" label="Pay with a wallet" />
        <W3mNetworkButton />
        <W3mModal embedded />
        <Probe />
      </>,
    )
    const button = container.querySelector('w3m-button')
    expect(button).to.be.instanceOf(customElements.get('w3m-button') as CustomElementConstructor)
    expect(button?.id).to.equal('main-button')
    expect(button?.className).to.equal('cta')
    expect(button?.label, 'label is set as a property').to.equal('Pay with a wallet')
    expect(button?.hasAttribute('label'), 'not as an attribute').to.equal(false)
    expect(container.querySelector('w3m-network-button')).to.be.instanceOf(
      customElements.get('w3m-network-button') as CustomElementConstructor,
    )
    // The modal shell loads when <W3mModal> mounts; until then `embedded` is its attribute.
    const embedded = container.querySelector('w3m-modal')
    expect(embedded?.hasAttribute('embedded')).to.equal(true)
    await customElements.whenDefined('w3m-modal')
    expect(embedded).to.be.instanceOf(customElements.get('w3m-modal') as CustomElementConstructor)
    expect(embedded?.embedded).to.equal(true)

    await button?.updateComplete
    const connect = button?.shadowRoot?.querySelector('w3m-connect-button')
    await connect?.updateComplete
    const inner = connect?.shadowRoot?.querySelector('button')
    expect(inner?.textContent?.trim()).to.equal('Pay with a wallet')
    await embedded?.updateComplete
    expect(embedded?.shadowRoot?.querySelector('[part="dialog"]'), 'embedded modal renders inline')
      .to.exist

    // The element and the hooks share the core stores: clicking the element opens the modal.
    await act(async () => inner?.click())
    expect(text('view')).to.equal('open:Connect')
  })
})
