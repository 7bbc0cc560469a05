// An EIP-1193 provider over the secure frame: known methods go to the frame (which answers
// safe ones at once and asks the user about unsafe ones in its own UI); any other method is
// refused here with the spec's "Requested RPC call is not allowed".
import { adapterError, createEmitter } from '@openmodal/core/internal'
import { methodKind, unsupportedMessage } from '../protocol/methods.js'
import { ProviderRpcError } from './errors.js'
import type { SecureFrame } from './secure-frame.js'

export interface EmbeddedProviderEvents {
  accountsChanged: string[]
  chainChanged: string
}

export interface EmbeddedEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** Tells the page's listeners the active account changed (a ProfileWallets switch). */
  announceAccounts?(accounts: string[]): void
  on<E extends keyof EmbeddedProviderEvents>(
    event: E,
    listener: (payload: EmbeddedProviderEvents[E]) => void,
  ): void
  removeListener<E extends keyof EmbeddedProviderEvents>(
    event: E,
    listener: (payload: EmbeddedProviderEvents[E]) => void,
  ): void
}

/**
 * The EIP-1193 provider of the embedded wallet behind `frame`.
 *
 * @example
 * const client = createWalletClient({ transport: custom(createEmbeddedProvider(frame)) })
 */
export function createEmbeddedProvider(frame: SecureFrame): EmbeddedEip1193Provider {
  const events = createEmitter<EmbeddedProviderEvents>()
  const offs = new Map<unknown, () => void>()
  return {
    async request({ method, params }) {
      const kind = methodKind(method)
      if (kind === 'unsupported') throw new ProviderRpcError(4200, unsupportedMessage(method))
      if (kind === 'unknown') {
        throw new ProviderRpcError(4200, adapterError('UNSUPPORTED_METHOD').shortMessage, {
          cause: adapterError('UNSUPPORTED_METHOD', { details: method }),
        })
      }
      const { result } = await frame.request('RPC_REQUEST', { method, params })
      if (method === 'wallet_switchEthereumChain') {
        const [{ chainId } = { chainId: undefined }] = (params ?? []) as [{ chainId?: string }?]
        if (chainId) events.emit('chainChanged', chainId)
      }
      return result
    },
    announceAccounts(accounts) {
      events.emit('accountsChanged', accounts)
    },
    on(event, listener) {
      offs.set(listener, events.on(event, listener as never))
    },
    removeListener(_event, listener) {
      offs.get(listener)?.()
      offs.delete(listener)
    },
  }
}
