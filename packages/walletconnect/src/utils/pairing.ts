// One pairing at a time for a wallet face of the session (the EIP-1193 provider, the Solana
// wallet-standard wallet): a new pairing aborts the previous one, and a refusal reaches the
// adapter as the wallet error it reads (EIP-1193 4001, "Connection rejected" in core).
import { errorMessage, isUserRejection } from '@openmodal/core/internal'
import type { WalletConnectClient } from '../client/create-client.js'
import { ProviderRpcError } from './rpc-error.js'

export interface Pairing {
  /** Pairs through `wc`, aborting a pairing this one started earlier. */
  pair(wc: Pick<WalletConnectClient, 'connect'>): Promise<void>
  /** Stops the pairing in progress, if any (it rejects with "Modal closed"). */
  cancel(): void
}

/** @example const pairing = createPairing(); await pairing.pair(wc) */
export function createPairing(): Pairing {
  let current: AbortController | undefined
  return {
    async pair(wc) {
      current?.abort()
      const mine = new AbortController()
      current = mine
      try {
        await wc.connect({ signal: mine.signal })
      } catch (error) {
        if (isUserRejection(error))
          throw new ProviderRpcError(4001, errorMessage(error), { cause: error })
        throw error
      } finally {
        if (current === mine) current = undefined
      }
    },
    cancel() {
      current?.abort()
      current = undefined
    },
  }
}
