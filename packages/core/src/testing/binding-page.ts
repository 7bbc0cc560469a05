// What the browser tests of the framework bindings (@openmodal/react, /vue, /svelte) share: a
// test wallet on two local networks behind a real modal client, a container in the document,
// and the listener counts of the stores a binding reads. Each test only mounts and unmounts its
// own framework's components around them.
import { disconnect } from '../actions/disconnect.js'
import { createModalClient, type ModalInstance } from '../client/create-modal.js'
import { $discovered } from '../stores/connectors.js'
import { closeModal } from '../stores/modal.js'
import { setThemeMode } from '../stores/theme.js'
import type { CaipNetwork } from '../types/network.js'
import { createTestAdapter, type TestAdapter } from './test-adapter.js'

/** The account the test wallet connects. */
export const TEST_ADDRESS = '0x2222222222222222222222222222222222222222'

/** The local chain (anvil's id) the modal starts on. */
export const localTestnet: CaipNetwork = {
  id: 31337,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Local Testnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
}

/** A second network to switch to, on the same local node. */
export const localOptimism: CaipNetwork = {
  ...localTestnet,
  id: 10,
  caipNetworkId: 'eip155:10',
  name: 'OP Mainnet',
  testnet: false,
}

/** One test's page: see `setUpBindingPage`. */
export interface BindingPage {
  readonly modal: ModalInstance
  readonly adapter: TestAdapter
  /** Where the test mounts its components; in the document. */
  readonly container: HTMLElement
  /** Removes the container and stops the modal, the wallet and the theme it changed. */
  teardown(): Promise<void>
}

/**
 * Sets up one binding test: clean storage, the test wallet (`TEST_ADDRESS`) on
 * `localTestnet` and `localOptimism`, a modal client, the discovered connectors watched, and a
 * container in the document. Unmount the framework's components before `teardown()`.
 *
 * @example
 * beforeEach(() => { page = setUpBindingPage() })
 * afterEach(async () => { app.unmount(); await page.teardown() })
 */
export function setUpBindingPage(): BindingPage {
  localStorage.clear()
  const adapter = createTestAdapter({
    wallets: [{ id: 'dev.openmodal.test', name: 'Test Wallet' }],
    accounts: [TEST_ADDRESS],
    chainId: 31337,
    knownChainIds: [31337, 10],
  })
  const modal = createModalClient({
    projectId: 'test',
    networks: [localTestnet, localOptimism],
    adapters: [adapter],
  })
  // Connecting needs the discovered connectors, which only exist while someone watches them.
  const stopDiscovery = $discovered.listen(() => {})
  const container = document.createElement('div')
  document.body.append(container)
  return {
    modal,
    adapter,
    container,
    async teardown() {
      container.remove()
      stopDiscovery()
      closeModal({ force: true })
      await disconnect().catch(() => {})
      setThemeMode('light')
    },
  }
}

/**
 * The number of listeners of each store, by name (nanostores' `lc`): compared before a
 * component mounts and after it unmounts, it shows the binding left no listener behind.
 *
 * @example
 * const before = listenerCounts({ $activeAccount, $theme })
 */
export function listenerCounts(
  stores: Readonly<Record<string, { readonly lc: number }>>,
): Record<string, number> {
  return Object.fromEntries(Object.entries(stores).map(([name, store]) => [name, store.lc]))
}
