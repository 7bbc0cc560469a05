// Node test setup: the regtest ledger behind Esplora, its network, and sats-connect dev wallets
// registered on `globalThis` with unique provider paths and names.
import {
  type BitcoinDevWallet,
  type BitcoinDevWalletOptions,
  createBitcoinDevWallet,
} from '@openmodal/testing/bitcoin'
import { type BitcoinRegtest, startBitcoinRegtest } from '@openmodal/testing/node'
import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { Verifier } from 'bip322-js'
import { bitcoinRegtest } from '../networks/networks.js'

export const BTC = 100_000_000n

export async function startLocalBitcoin() {
  const regtest: BitcoinRegtest = await startBitcoinRegtest()
  return { regtest, network: bitcoinRegtest(regtest.url), stop: () => regtest.stop() }
}

let count = 0

/** A registered dev wallet with a unique provider path and name; `unregister()` removes it. */
export function registerDevWallet(
  options: BitcoinDevWalletOptions = {},
): BitcoinDevWallet & { unregister: () => void } {
  const n = ++count
  const wallet = createBitcoinDevWallet({
    id: `OpenModalBitcoinDev${n}.BitcoinProvider`,
    name: `OpenModal Bitcoin Dev ${n}`,
    ...options,
  })
  const unregister = wallet.register()
  return Object.assign(wallet, { unregister })
}

/** bip322-js's verdict (BIP-322 and BIP-137); false where it throws on a foreign shape. */
export function verifyBitcoinSignature(params: {
  address: string
  message: string
  signature: string
}): boolean {
  try {
    return Verifier.verifySignature(params.address, params.message, params.signature)
  } catch {
    return false
  }
}

/**
 * A wallet-standard registry (the `Wallets` of @wallet-standard/app) of its own, so tests do
 * not share the page-global one.
 */
export function createRegistry(): Wallets {
  const wallets = new Set<Wallet>()
  const listeners = {
    register: new Set<(...w: Wallet[]) => void>(),
    unregister: new Set<(...w: Wallet[]) => void>(),
  }
  return {
    get: () => [...wallets],
    on(event, listener) {
      const set = listeners[event] as Set<(...w: Wallet[]) => void>
      set.add(listener as (...w: Wallet[]) => void)
      return () => set.delete(listener as (...w: Wallet[]) => void)
    },
    register(...added) {
      for (const w of added) wallets.add(w)
      for (const l of listeners.register) l(...added)
      return () => {
        for (const w of added) wallets.delete(w)
        for (const l of listeners.unregister) l(...added)
      }
    },
  }
}
