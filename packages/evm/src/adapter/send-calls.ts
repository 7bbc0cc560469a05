// EIP-5792 batches from the connected account: a wallet with `wallet_sendCalls` gets one
// request (atomic when the wallet can); a wallet without it gets viem's fallback, one
// `eth_sendTransaction` per call (not atomic: a later call can fail after an earlier one
// landed), with viem's id format (the hashes, then its 0x5792… marker), so viem's
// `getCallsStatus` reads our ids and we read its. Written here rather than calling viem's
// `sendCalls`: that pulls viem's wallet client, `sendTransaction` and ABI code into the wallet
// chunk (measured with apps/size: +33 kB gzip); this is the same behaviour in ~1 kB. Loaded
// with the wallet actions, on first use.
import { adapterError, kitError, type SendTransactionParameters } from '@openmodal/core/internal'
import type { Address } from 'viem'
import { numberToHex } from 'viem/utils'
import { call, rpcErrorCode } from '../provider/errors.js'
import type { Eip1193Provider } from '../provider/types.js'
import { transactionStatus } from './fee.js'
import { transactionRequest } from './transfer.js'

/** viem's marker at the end of a fallback id (`fallbackMagicIdentifier`). */
const FALLBACK_MARKER = '5792'.repeat(16)
/** viem's stand-in hash for a call whose `eth_sendTransaction` failed. */
const FAILED_CALL = `0x${'0'.repeat(64)}`

export interface SentCalls {
  /** The bundle id for `callsStatus`. */
  id: string
  /** True when the wallet lacks EIP-5792 and each call went as its own transaction. */
  fallback: boolean
}

/** The answers on which viem's `sendCalls` falls back (a wallet without EIP-5792). */
function lacksEip5792(error: unknown): boolean {
  const code = rpcErrorCode(error)
  if (code === -32601 || code === -32004 || code === 4200) return true
  const message = String((error as { message?: unknown } | null)?.message ?? '').toLowerCase()
  return (
    message.includes('does not exist / is not available') ||
    message.includes('this request method is not supported') ||
    message.includes('eip-7702 not supported')
  )
}

/**
 * Sends `calls` as one EIP-5792 batch, or one transaction per call when the wallet lacks it.
 *
 * @example await sendCalls(provider, from, 1, [{ to, data }, { to, value: 1n }])
 */
export async function sendCalls(
  provider: Eip1193Provider,
  from: Address,
  chainId: number,
  calls: readonly SendTransactionParameters[],
): Promise<SentCalls> {
  if (calls.length === 0) {
    throw adapterError('INVALID_TRANSFER', { details: 'A batch needs at least one call' })
  }
  // The same checks as one transaction: an address `to`, hex `data`, a uint256 `value`.
  const checked = calls.map((c) => transactionRequest(from, c))
  try {
    const answer = await call(provider, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: numberToHex(chainId),
        from,
        atomicRequired: false,
        calls: checked.map(({ to, data, value }) => ({ to, data, value })),
      },
    ])
    const id = typeof answer === 'string' ? answer : (answer as { id?: unknown } | null)?.id
    if (typeof id !== 'string' || id === '') {
      throw kitError('UNKNOWN', { details: 'The wallet returned no batch id' })
    }
    return { id, fallback: false }
  } catch (error) {
    if (!lacksEip5792(error)) throw error
  }
  const hashes: string[] = []
  for (const request of checked) {
    try {
      hashes.push(String(await call(provider, 'eth_sendTransaction', [request])))
    } catch (error) {
      // Nothing sent yet: the batch fails as a whole; later, the failed call is marked.
      if (hashes.length === 0) throw error
      hashes.push(FAILED_CALL)
    }
  }
  const id = `0x${hashes.map((hash) => hash.slice(2)).join('')}${FALLBACK_MARKER}`
  return { id, fallback: true }
}

/**
 * Where batch `id` stands: `pending`, `success` (every call), or `failed`.
 *
 * @example await callsStatus(provider, id) // 'success'
 */
export async function callsStatus(
  provider: Eip1193Provider,
  id: string,
): Promise<'pending' | 'success' | 'failed'> {
  const lower = id.toLowerCase()
  if (lower.endsWith(FALLBACK_MARKER)) {
    const body = lower.slice(2, -FALLBACK_MARKER.length)
    const hashes = body.match(/[0-9a-f]{64}/g) ?? []
    if (hashes.length === 0 || hashes.join('') !== body) {
      throw kitError('UNKNOWN', { details: 'Not a batch id' })
    }
    const states = await Promise.all(
      hashes.map((hash) =>
        `0x${hash}` === FAILED_CALL ? 'failed' : transactionStatus(provider, `0x${hash}`),
      ),
    )
    if (states.includes('failed')) return 'failed'
    return states.includes('pending') ? 'pending' : 'success'
  }
  const answer = (await call(provider, 'wallet_getCallsStatus', [id])) as {
    status?: unknown
  } | null
  const status = Number(answer?.status)
  // EIP-5792: 1xx pending, 2xx confirmed, anything else failed.
  if (status >= 100 && status < 200) return 'pending'
  return status >= 200 && status < 300 ? 'success' : 'failed'
}
