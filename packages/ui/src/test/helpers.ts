// Shared by the UI tests (excluded from the build): networks, a fresh client with the core
// test adapter, store resets and shadow-DOM queries.

import {
  mainnet as coreMainnet,
  createTestAdapter,
  optimism,
  polygon,
  solana,
  type TestAdapter,
  type TestWallet,
} from '@openmodal/core/adapter-contract'
import {
  type CaipNetwork,
  closeModal,
  connect,
  createModalClient,
  disconnect,
  type ModalOptions,
  openModal,
  push,
  reset,
  resetStores,
  type SiwxConfigLike,
  stopSiwx,
  switchNetwork,
  unregisterAdapter,
  type View,
  watchSiwx,
} from '@openmodal/core/internal'
import type { W3mModal } from '../modal/w3m-modal/w3m-modal.js'

const icon = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="${fill}"/></svg>`)}`

/** Core's test networks; mainnet carries an icon and a block explorer to exercise both. */
export const mainnet: CaipNetwork = {
  ...coreMainnet,
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
  assets: { imageUrl: icon('#627eea') },
}
export { optimism, polygon, solana }

export const walletIcon = icon('#f6851b')

export const WALLETS: TestWallet[] = [
  { id: 'io.alpha', name: 'Alpha Wallet', rdns: 'io.alpha', imageUrl: walletIcon },
  { id: 'io.beta', name: 'Beta Wallet', rdns: 'io.beta', imageUrl: 'javascript:alert(1)' },
  { id: 'io.gamma', name: 'Gamma Wallet', rdns: 'io.gamma', type: 'EXTERNAL' },
]

/**
 * Puts every store back to a clean, closed, English, light state: the stores reset themselves
 * (each joins `resetStores` where it is defined); what is left here are teardowns, not state.
 */
export function resetAll(): void {
  stopSiwx()
  closeModal({ force: true })
  unregisterAdapter('eip155')
  unregisterAdapter('solana')
  resetStores()
  localStorage.clear()
  reset('Connect')
}

/** A fresh client over the core test adapter, connected to its first wallet. */
export async function setupConnected(): Promise<TestAdapter> {
  const adapter = setupClient()
  await connect({ connectorId: 'io.alpha' })
  return adapter
}

/**
 * Opens `modal` on `views` (a history, oldest first; Account when none) and waits for the
 * element `tag` of the last one in its router.
 */
export async function showView(modal: W3mModal, tag: string, ...views: View[]) {
  const [first, ...rest] = views
  reset(first ?? 'Account')
  for (const view of rest) push(view)
  openModal()
  await modal.updateComplete
  return until(() => deep(modal, 'w3m-router', tag), tag)
}

/** A promise with its resolve/reject, to hold an adapter call open. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A fresh client over the core test adapter. */
export function setupClient(
  adapterOptions: Parameters<typeof createTestAdapter>[0] = {},
  options: Partial<ModalOptions> = {},
  /** Kit storage an earlier visit left (`{ connectedConnectorIds: … }`): a reload. */
  stored: Record<string, unknown> = {},
): TestAdapter {
  resetAll()
  for (const [key, value] of Object.entries(stored)) {
    localStorage.setItem(`@openmodal/${key}`, JSON.stringify(value))
  }
  const adapter = createTestAdapter({
    wallets: WALLETS,
    knownChainIds: [1, 10],
    ...adapterOptions,
  })
  createModalClient({
    projectId: 'test-project',
    networks: [mainnet, optimism, polygon],
    adapters: [adapter],
    // The test server answers the blockchain API (src/test/blockchain-api-server.mjs) and
    // drops requests for the project config and the registry, like an unreachable server (no
    // alert, local options only). AllWallets tests pass the real server.
    apiUrl: location.origin,
    ...options,
  })
  // What the ui's createModal does for a host with `siwx`.
  if (options.siwx) watchSiwx(options.siwx as SiwxConfigLike, { disconnect, switchNetwork })
  return adapter
}

/** Follows `selectors` through nested shadow roots: `deep(modal, 'w3m-router', 'w3m-connect-view')`. */
export function deep<T extends Element = HTMLElement>(
  root: Element,
  ...selectors: string[]
): T | null {
  let current: Element | null = root
  for (const selector of selectors) {
    const scope: ParentNode | null | undefined = current?.shadowRoot ?? current
    current = scope?.querySelector(selector) ?? null
    if (!current) return null
  }
  return current as T | null
}

/** Like `deep` but returns every match of the last selector. */
export function deepAll<T extends Element = HTMLElement>(
  root: Element,
  ...selectors: string[]
): T[] {
  const last = selectors.pop() ?? '*'
  const parent = selectors.length ? deep(root, ...selectors) : root
  const scope = parent?.shadowRoot ?? parent
  return scope ? [...scope.querySelectorAll<T>(last)] : []
}

/** Polls `check` until it returns something truthy (or throws after `timeout` ms). */
export async function until<T>(
  check: () => T,
  message = 'condition',
  timeout = 3000,
): Promise<NonNullable<T>> {
  const start = performance.now()
  for (;;) {
    const value = check()
    if (value) return value as NonNullable<T>
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${message}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The focused element, through shadow roots. */
export function focused(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** Any CSS colour (including `color(srgb …)` from color-mix) as `[r, g, b]` 0-255. */
export function rgb(color: string): [number, number, number] {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 1
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2d context')
  context.fillStyle = color
  context.fillRect(0, 0, 1, 1)
  const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data
  return [r, g, b]
}

/** Animations of `root` and of every shadow tree inside it (document.getAnimations skips those). */
function allAnimations(root: Document | ShadowRoot): Animation[] {
  const found = root.getAnimations()
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) found.push(...allAnimations(element.shadowRoot))
  }
  return found
}

/** Waits for running finite animations and transitions (view fade-ins, colour fades). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
  const finite = allAnimations(document).filter(
    (a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
  )
  await Promise.all(finite.map((a) => a.finished.catch(() => {})))
}
