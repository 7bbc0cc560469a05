// Issue 19: without `apiUrl` the kit calls no server at all (local mode), says so once in
// development, and with one it asks that server, as before.
import assert from 'node:assert/strict'
import { afterEach, beforeEach, mock, test } from 'node:test'
import { loadRemoteConfig } from '../actions/load-remote-config.js'
import { unregisterAdapter } from '../adapters/registry.js'
import type { ProjectConfigResponse } from '../api/types.js'
import { $balances, fetchBalances } from '../stores/balances.js'
import { emitEvent } from '../stores/events.js'
import { lookupAccountName } from '../stores/names.js'
import { $nfts, fetchNfts } from '../stores/nfts.js'
import { $remoteConfig } from '../stores/project-config.js'
import { fetchRecommendedWallets, fetchWalletPage, resetWalletRegistry } from '../stores/wallets.js'
import { mainnet } from '../testing/fixtures.js'
import { resetStores } from '../testing/reset-stores.js'
import { createTestAdapter } from '../testing/test-adapter.js'
import { until } from '../testing/until.js'
import { readRpcUrls } from '../utils/read-urls.js'
import { createModalClient } from './create-modal.js'

const ALICE = '0x1111111111111111111111111111111111111111'
const API_URL = 'https://api.example'
const CONFIG = {
  projectId: 'p',
  features: {
    email: false,
    socials: false,
    swaps: true,
    onramp: false,
    activity: true,
    reownBranding: false,
  },
  chains: [{ caipNetworkId: 'eip155:1', rpcUrl: `${API_URL}/v1/rpc/p/eip155:1` }],
} as unknown as ProjectConfigResponse

let requests: string[] = []
let warnings: string[] = []

beforeEach(() => {
  requests = []
  warnings = []
  mock.method(globalThis, 'fetch', async (input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input))
    return Response.json(CONFIG)
  })
  mock.method(console, 'warn', (message: unknown) => warnings.push(String(message)))
})

afterEach(() => {
  mock.restoreAll()
  unregisterAdapter('eip155')
  resetWalletRegistry()
  resetStores()
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))
const localModeWarnings = () => warnings.filter((w) => w.includes('(no-api-url)'))

// First: a warning is issued once per process, and every later test creates modals too.
test('without apiUrl the development warning says how to add one, once', async () => {
  createModalClient({ projectId: 'p', networks: [mainnet] })
  createModalClient({ projectId: 'p', networks: [mainnet] })
  const [warning, ...others] = localModeWarnings()
  assert.match(warning ?? '', /No apiUrl set: OpenModal runs in local mode/)
  assert.match(warning ?? '', /Set apiUrl to your OpenModal server/)
  assert.equal(others.length, 0)
})

test('without apiUrl nothing asks any server: creation, reconnect, registry, config, analytics, balances', async () => {
  const adapter = createTestAdapter({ accounts: [ALICE] })
  const modal = createModalClient({
    projectId: 'p',
    networks: [mainnet],
    adapters: [adapter],
    features: { analytics: true },
  })
  await settle()
  assert.deepEqual($remoteConfig.get(), { status: 'disabled', reason: 'no-api' })

  await modal.connect('dev.openmodal.test')
  assert.equal(modal.getAccount().status, 'connected')
  await fetchWalletPage()
  await fetchRecommendedWallets()
  await loadRemoteConfig()
  emitEvent('MODAL_OPEN')
  await fetchBalances({ force: true })
  await fetchNfts()
  assert.equal(await lookupAccountName(ALICE), undefined)
  await settle()

  assert.deepEqual(requests, [])
  assert.equal($balances.get().error, false)
  assert.equal($nfts.get().error, false)
})

test('with apiUrl the project config comes from that server, with no local mode warning', async () => {
  createModalClient({ projectId: 'p', networks: [mainnet], apiUrl: API_URL })
  await until(() => $remoteConfig.get().status === 'loaded', 'the project config')
  await settle()
  // The config, then (behind its answer) the network's icon (actions/network-images.ts).
  assert.equal(requests.length, 2)
  assert.ok(requests[0]?.startsWith(`${API_URL}/v1/projects/p/config`), requests[0])
  assert.ok(requests[1]?.startsWith(`${API_URL}/v1/assets/networks/eip155%3A1?`), requests[1])
  assert.equal($remoteConfig.get().status, 'loaded')
  assert.deepEqual(localModeWarnings(), [])
  // Spec §7: the clientId on every call; reads of a chain the server serves go through its
  // RPC proxy first, with the same id.
  const id = new URL(requests[0] ?? '').searchParams.get('clientId')
  assert.match(id ?? '', /^[0-9a-f-]{36}$/)
  assert.deepEqual(readRpcUrls(mainnet), [
    `${API_URL}/v1/rpc/p/eip155:1?clientId=${id}`,
    ...mainnet.rpcUrls.default.http,
  ])
})

test('basic mode keeps its meaning with an apiUrl: no project config request', async () => {
  createModalClient({ projectId: 'p', networks: [mainnet], apiUrl: API_URL, basic: true })
  await settle()
  assert.deepEqual(requests, [])
  assert.deepEqual($remoteConfig.get(), { status: 'disabled', reason: 'basic' })
  assert.deepEqual(localModeWarnings(), [])
})
