// EIP-5792 batches from the connected account through viem's `sendCalls`: a wallet with
// `wallet_sendCalls` gets one request (atomic when the wallet can); a wallet without it gets
// viem's fallback, one `eth_sendTransaction` per call (not atomic: a later call can fail after
// an earlier one landed). Loaded with the wallet actions, on first use.
import { adapterError, type SendTransactionParameters } from '@openmodal/core/internal'
import { type Address, createWalletClient, custom, defineChain } from 'viem'
import { getCallsStatus, sendCalls as viemSendCalls } from 'viem/actions'
import { asError } from '../provider/errors.js'
import type { Eip1193Provider } from '../provider/types.js'
import { transactionRequest } from './transfer.js'

// The suffix of the ids viem's fallback makes (the transaction hashes, then this marker); viem
// does not export it.
const FALLBACK_ID_SUFFIX = '5792'.repeat(16)

export interface SentCalls {
  /** The bundle id for `callsStatus`. */
  id: string
  /** True when the wallet lacks EIP-5792 and viem sent one transaction per call. */
  fallback: boolean
}

const clientFor = (provider: Eip1193Provider, from: Address, chainId: number) =>
  createWalletClient({
    account: from,
    // viem needs a chain object for the id only: the wallet's provider does every request.
    chain: defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    }),
    transport: custom(provider, { retryCount: 0 }),
  })

/**
 * Sends `calls` as one EIP-5792 batch (viem's `sendCalls` with its sequential fallback).
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
  const checked = calls.map((call) => transactionRequest(from, call))
  try {
    const { id } = await viemSendCalls(clientFor(provider, from, chainId), {
      calls: checked.map(({ to, data, value }) => ({
        to,
        ...(data ? { data } : {}),
        ...(value ? { value: BigInt(value) } : {}),
      })),
      experimental_fallback: true,
    })
    return { id, fallback: id.toLowerCase().endsWith(FALLBACK_ID_SUFFIX) }
  } catch (thrown) {
    throw asError(thrown)
  }
}

/**
 * Where batch `id` stands: `pending`, `success` (every call), or `failed`.
 *
 * @example await callsStatus(provider, from, 1, id) // 'success'
 */
export async function callsStatus(
  provider: Eip1193Provider,
  from: Address,
  chainId: number,
  id: string,
): Promise<'pending' | 'success' | 'failed'> {
  try {
    const { status } = await getCallsStatus(clientFor(provider, from, chainId), { id })
    return status === 'pending' ? 'pending' : status === 'success' ? 'success' : 'failed'
  } catch (thrown) {
    throw asError(thrown)
  }
}
