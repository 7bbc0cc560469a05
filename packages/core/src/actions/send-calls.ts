// EIP-5792 batches a host asks the kit to send for the visitor: one `wallet_sendCalls` when the
// wallet has it, viem's sequential fallback (one transaction per call, not atomic) when it has
// not. The visitor is told about the fallback: the result says `fallback: true`, the
// `SEND_CALLS_SUCCESS` event carries it (the host hook), and the open modal shows a translated
// toast on that event. Nothing here runs until a host imports and calls it.
import { getAdapter } from '../adapters/registry.js'
import type { SendTransactionParameters, SentTransactionStatus } from '../adapters/types.js'
import { kitError } from '../errors/errors.js'
import { isUserRejection } from '../errors/rejection.js'
import { getAccountState } from '../stores/account.js'
import { $activeNetwork, isUnsupportedNetwork } from '../stores/chain.js'
import { emitEvent } from '../stores/events.js'

export interface SendCallsParameters {
  /** The calls, in order: `to`, and optionally `value` (smallest unit) and hex `data`. */
  calls: readonly SendTransactionParameters[]
}

export interface SendCallsReturnType {
  /** The batch id for `getCallsStatus`. */
  id: string
  /**
   * True when the wallet lacks EIP-5792 and each call went as its own transaction: not atomic
   * (a later call can fail after an earlier one landed), and the wallet asked once per call.
   */
  fallback: boolean
}

function batchingAdapter() {
  const network = $activeNetwork.get()
  const adapter = network && !isUnsupportedNetwork(network) && getAdapter(network.chainNamespace)
  if (!network || !adapter) throw kitError('UNSUPPORTED_CHAIN', { details: network?.caipNetworkId })
  if (getAccountState(network.chainNamespace).status !== 'connected') {
    throw kitError('PROVIDER_NOT_FOUND', { details: `${network.chainNamespace} is not connected` })
  }
  if (!adapter.sendCalls || !adapter.getCallsStatus) {
    throw kitError('UNSUPPORTED_CHAIN', {
      details: `${network.caipNetworkId} has no batched calls`,
    })
  }
  return { adapter, network }
}

/**
 * Sends `calls` from the connected account on the active network as one EIP-5792 batch; a
 * wallet without EIP-5792 gets viem's sequential fallback (`fallback: true`), and the visitor is
 * told so (the open modal's toast, the `SEND_CALLS_SUCCESS` event's `fallback`). A wallet's
 * "no" rejects with "Signature declined" and emits `SEND_CALLS_ERROR` with `declined: true`.
 *
 * @example
 * const { id, fallback } = await sendCalls({ calls: [{ to, data: approve }, { to: router, data: swap }] })
 */
export async function sendCalls(params: SendCallsParameters): Promise<SendCallsReturnType> {
  const { adapter, network } = batchingAdapter()
  const chainId = network.caipNetworkId
  let sent: SendCallsReturnType
  try {
    sent = await (adapter.sendCalls as NonNullable<typeof adapter.sendCalls>)({
      calls: params.calls,
    })
  } catch (error) {
    const declined = isUserRejection(error)
    emitEvent('SEND_CALLS_ERROR', { chainId, calls: params.calls.length, declined })
    throw declined ? kitError('SIGNATURE_DECLINED', { cause: error }) : error
  }
  emitEvent('SEND_CALLS_SUCCESS', {
    chainId,
    calls: params.calls.length,
    id: sent.id,
    fallback: sent.fallback,
  })
  return { id: sent.id, fallback: sent.fallback }
}

/**
 * Where a batch of `sendCalls` stands on the active network's wallet: `pending`, `success`
 * (every call), or `failed` (any call failed or reverted).
 *
 * @example await getCallsStatus(id) // 'success'
 */
export function getCallsStatus(id: string): Promise<SentTransactionStatus> {
  const { adapter } = batchingAdapter()
  return (adapter.getCallsStatus as NonNullable<typeof adapter.getCallsStatus>)(id)
}
