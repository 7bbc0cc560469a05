// Shared set-up of the Node tests: a relay, anvil chains, a wallet harness (a real sign-client)
// and the dapp client under test, both on the local relay. Nothing here leaves the machine.
import type { CaipNetwork } from '@openmodal/core/internal'
import {
  type AnvilChains,
  createWalletHarness,
  type RelayInstance,
  type WalletHarness,
} from '@openmodal/testing/node'
import {
  createWalletConnectClient,
  type WalletConnectClient,
  type WalletConnectClientOptions,
} from '../client/create-client.js'
import type { Clock } from '../utils/clock.js'
import { MemoryStorage } from '../utils/memory-storage.js'

export const metadata = {
  name: 'OpenModal test dapp',
  description: 'Tests',
  url: 'http://127.0.0.1',
  icons: [],
}

export const networkOf = (chain: { chainId: number; rpcUrl: string }): CaipNetwork => ({
  id: chain.chainId,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${chain.chainId}`,
  name: `Anvil ${chain.chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [chain.rpcUrl] } },
  testnet: true,
})

let count = 0

export interface Pair {
  wallet: WalletHarness
  dapp: WalletConnectClient
  storage: MemoryStorage
  prefix: string
  networks: readonly CaipNetwork[]
  close(): Promise<void>
}

/** A wallet harness and a dapp client on `relay`, not yet paired. */
export async function createPair(
  relay: RelayInstance,
  anvil: AnvilChains,
  options: Partial<WalletConnectClientOptions> & {
    proposalMode?: 'approve' | 'reject'
    /** Whether the wallet supports one-click auth (default true). */
    oneClickAuth?: boolean
  } = {},
): Promise<Pair> {
  const { proposalMode, oneClickAuth, ...dappOptions } = options
  const networks = dappOptions.networks ?? anvil.chains.map(networkOf)
  const storage = new MemoryStorage()
  const prefix = `openmodal-dapp-test-${++count}`
  const [wallet, dapp] = await Promise.all([
    createWalletHarness({
      relayUrl: relay.url,
      chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
      ...(proposalMode ? { proposalMode } : {}),
      ...(oneClickAuth !== undefined ? { oneClickAuth } : {}),
    }),
    createWalletConnectClient({
      projectId: 'openmodal-test',
      relayUrl: relay.url,
      networks,
      metadata,
      verify: false,
      storage,
      customStoragePrefix: prefix,
      ...dappOptions,
    }),
  ])
  return {
    wallet,
    dapp,
    storage,
    prefix,
    networks,
    async close() {
      await Promise.all([wallet.close(), dapp.close()])
    },
  }
}

/** Connects a pair: the wallet pairs with each URI the dapp shows. */
export async function connectPair(pair: Pair) {
  const off = pair.dapp.on('uri', ({ uri }) => {
    void pair.wallet.pair(uri)
  })
  try {
    return await pair.dapp.connect()
  } finally {
    off()
  }
}

/** A clock whose time moves only when told to. */
export function fakeClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start
  let seq = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = ++seq
      timers.set(id, { at: now + ms, run })
      return id
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
    advance(ms) {
      now += ms
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue
        timers.delete(id)
        timer.run()
      }
    },
  }
}

/** Waits until `check` holds (polling every 10 ms), or fails after `ms`. */
export async function until(check: () => boolean, ms = 3_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
