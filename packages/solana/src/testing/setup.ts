// Node test setup: a `window` for the wallet-standard registry, the local Solana RPC
// (litesvm) and dev wallets with unique names (the registry is global to the process).
import type { CaipNetwork } from '@openmodal/core/internal'
import { type SolanaRpc, startSolanaRpc } from '@openmodal/testing/node'
import {
  createSolanaDevWallet,
  type SolanaDevWallet,
  type SolanaDevWalletOptions,
} from '@openmodal/testing/solana'
import { fetchSolanaLocalnet } from '../networks/networks.js'

// @wallet-standard/app binds to `window` on its first use; Node has none. A plain EventTarget
// is all it needs (it dispatches `app-ready` and listens for `register-wallet`).
const scope = globalThis as { window?: EventTarget }
scope.window ??= new EventTarget()

export const SOL = 1_000_000_000n

export interface LocalSolana {
  rpc: SolanaRpc
  network: CaipNetwork
  stop(): Promise<void>
}

/** Starts the local RPC and returns it with its network (CAIP id from its genesis hash). */
export async function startLocalSolana(): Promise<LocalSolana> {
  const rpc = await startSolanaRpc()
  const network = await fetchSolanaLocalnet(rpc.rpcUrl)
  return { rpc, network, stop: () => rpc.stop() }
}

let count = 0

/** A registered dev wallet with a unique name; `unregister()` removes it from the page. */
export function registerDevWallet(
  options: SolanaDevWalletOptions = {},
): SolanaDevWallet & { name: string; unregister: () => void } {
  const name = options.name ?? `OpenModal Dev ${++count}`
  const dev = createSolanaDevWallet({ ...options, name })
  const unregister = dev.register()
  return Object.assign(dev, { name, unregister })
}

/** Lamports of `address` as the runtime (litesvm) itself holds them. */
export function runtimeBalance(rpc: SolanaRpc, address: string): bigint {
  const svm = rpc.ledger.svm
  return BigInt(svm.getBalance(address as Parameters<typeof svm.getBalance>[0]) ?? 0n)
}
