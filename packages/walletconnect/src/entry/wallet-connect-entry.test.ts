// The small `walletConnect()` entry through core, the EVM adapter and a real wallet sign-client
// on the local relay: listed first, loaded on demand, proposal from the modal's networks,
// rejection as "Connection rejected".
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  $activeAccount,
  $connectors,
  type BaseError,
  connect,
  createModalClient,
  disconnect,
} from '@openmodal/core/internal'
import { evmAdapter } from '@openmodal/evm'
import {
  type AnvilChains,
  createWalletHarness,
  type RelayInstance,
  startChains,
  startRelay,
  type WalletHarness,
} from '@openmodal/testing/node'
import { metadata, networkOf } from '../testing/setup.js'
import { MemoryStorage } from '../utils/memory-storage.js'
import { walletConnect } from './wallet-connect-entry.js'

describe('walletConnect() entry', () => {
  let relay: RelayInstance
  let anvil: AnvilChains
  let wallet: WalletHarness
  before(async () => {
    ;[relay, anvil] = await Promise.all([startRelay(), startChains()])
    wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
    })
  })
  after(async () => {
    await disconnect().catch(() => undefined)
    await wallet.close()
    await Promise.all([relay.stop(), anvil.stop()])
  })

  test('is listed first, loads on demand and connects through the EVM adapter', async () => {
    const target = new EventTarget()
    const entry = walletConnect({
      relayUrl: relay.url,
      verify: false,
      storage: new MemoryStorage(),
      customStoragePrefix: 'entry-test',
      target,
    })
    let loads = 0
    const load = entry.load.bind(entry)
    const networks = anvil.chains.map(networkOf)
    createModalClient({
      projectId: 'openmodal-test',
      networks,
      metadata,
      adapters: [evmAdapter({ target, legacy: false })],
      walletConnect: {
        ...entry,
        load: () => {
          loads++
          return load()
        },
      },
    })
    const stop = $connectors.listen(() => {})
    assert.equal($connectors.get()[0]?.type, 'WALLET_CONNECT')
    assert.equal(loads, 0, 'nothing loads before the visitor picks WalletConnect')

    const loaded = await load()
    const uris: string[] = []
    loaded.onUri(({ uri }) => {
      uris.push(uri)
      void wallet.pair(uri)
    })

    wallet.proposalMode = 'reject'
    const rejected = await connect({ connectorId: entry.id }).then(
      () => undefined,
      (error: BaseError) => error,
    )
    assert.equal(rejected?.shortMessage, 'Connection rejected')
    assert.equal($activeAccount.get().status, 'disconnected')

    wallet.proposalMode = 'approve'
    const started = performance.now()
    await connect({ connectorId: entry.id })
    console.log(`pair → approve: ${(performance.now() - started).toFixed(0)} ms`)
    assert.equal(uris.length, 2, 'a retry makes a new URI')
    assert.notEqual(uris[0], uris[1])
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($activeAccount.get().connectedWalletInfo?.name, 'WalletConnect')
    const asked = wallet.proposals.at(-1)?.optionalNamespaces.eip155
    assert.deepEqual(
      asked?.chains,
      networks.map((n) => n.caipNetworkId),
    )
    assert.ok(asked?.methods.includes('eth_signTypedData_v3'))
    stop()
  })
})
