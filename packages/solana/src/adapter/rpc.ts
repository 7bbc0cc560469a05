// A minimal Solana JSON-RPC client for reads (balances, rent, genesis): plain fetch, so
// reading a balance never loads @solana/web3.js. Timeout, retries and the fallback over every
// RPC URL follow spec §7 and §9.
import { adapterError, BaseError, chainError, kitError } from '@openmodal/core/internal'

const TIMEOUT_MS = 10_000
const RETRIES = 3
const RETRY_DELAY_MS = 150
const RETRY_STATUSES = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/** A JSON-RPC error answered by the node, with its code and data. */
export class SolanaRpcError extends BaseError {
  override name = 'SolanaRpcError'
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message, { code: 'RPC_ERROR', details: `JSON-RPC error ${rpcCode}` })
  }
}

let nextId = 0

/**
 * Calls `method` on the nodes at `rpcUrls` in order (spec §7 fallback among transports): the
 * next URL is asked when one cannot be reached, times out (10 s) or still answers a transient
 * HTTP status (403, 408, 413, 429, 500, 502, 503, 504) after 3 retries 150, 300 and 600 ms
 * apart (spec §9). An answer of the node itself (a JSON-RPC error) is final: another node
 * would answer the same.
 *
 * @example const { value } = await rpcCall<{ value: number }>([url, backup], 'getBalance', [address])
 */
export async function rpcCall<T>(
  rpcUrls: string | readonly string[],
  method: string,
  params: unknown[],
): Promise<T> {
  const urls = typeof rpcUrls === 'string' ? [rpcUrls] : rpcUrls
  let failure: unknown
  for (const url of urls) {
    try {
      return await callNode<T>(url, method, params)
    } catch (error) {
      if (error instanceof SolanaRpcError) throw error
      failure = error
    }
  }
  throw failure ?? kitError('NO_TRANSPORT_URL')
}

/** One node: `method` at `rpcUrl`, with the spec's timeout and retries. */
async function callNode<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (cause) {
      throw adapterError('RPC_UNREACHABLE', {
        details: `${method} on ${rpcUrl} failed`,
        cause,
      })
    }
    if (RETRY_STATUSES.has(response.status) && attempt < RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * 2 ** attempt))
      continue
    }
    if (!response.ok) {
      throw chainError('HTTP_ERROR', {
        values: { status: response.status },
        details: `${method} on ${rpcUrl}`,
      })
    }
    const body = (await response.json()) as {
      result?: T
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw new SolanaRpcError(body.error.code, body.error.message, body.error.data)
    return body.result as T
  }
}

/** The first HTTP RPC URL of a network, or a clear error. */
export function rpcUrlOf(network: { rpcUrls: { default: { http: readonly string[] } } }): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw kitError('NO_TRANSPORT_URL')
  return url
}
