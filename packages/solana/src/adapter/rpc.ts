// A minimal Solana JSON-RPC client for reads (balances, rent, genesis): plain fetch, so
// reading a balance never loads @solana/web3.js. Timeout and retries follow spec §9.
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
 * Calls `method` on the node at `rpcUrl` (10 s timeout; retried 3 times 150 ms apart on the
 * spec's transient HTTP statuses).
 *
 * @example const { value } = await rpcCall<{ value: number }>(url, 'getBalance', [address])
 */
export async function rpcCall<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
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
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
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
