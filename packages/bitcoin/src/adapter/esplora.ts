// A minimal Esplora client for reads: plain fetch, 10 s timeout, retried 3 times 150 ms apart
// on the spec's transient HTTP statuses (spec §9), answers checked before use.
import { adapterError, buildError, chainError } from '@openmodal/core/internal'

const TIMEOUT_MS = 10_000
const RETRIES = 3
const RETRY_DELAY_MS = 150
const RETRY_STATUSES = new Set([403, 408, 413, 429, 500, 502, 503, 504])

/**
 * GETs `path` of the Esplora API at `baseUrl` and parses JSON.
 *
 * @example const stats = await esploraGet(url, `/address/${address}`)
 */
export async function esploraGet(baseUrl: string, path: string): Promise<unknown> {
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`
  for (let attempt = 0; ; attempt++) {
    let response: Response
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch (cause) {
      throw adapterError('RPC_UNREACHABLE', { details: `GET ${url} failed`, cause })
    }
    if (RETRY_STATUSES.has(response.status) && attempt < RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
      continue
    }
    if (!response.ok) {
      throw chainError('HTTP_ERROR', {
        values: { status: response.status },
        details: `GET ${url}: ${(await response.text().catch(() => '')).slice(0, 200)}`,
      })
    }
    try {
      return await response.json()
    } catch (cause) {
      throw buildError('NODE_UNEXPECTED_ANSWER', {
        details: `Esplora: GET ${url}`,
        cause,
      })
    }
  }
}

const sats = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? BigInt(value as number) : undefined

/**
 * The balance of `address` in sats: confirmed plus mempool, funded minus spent (Esplora's
 * `chain_stats` and `mempool_stats`).
 *
 * @example await addressBalance('https://mempool.space/api', 'bc1q…') // 12345n
 */
export async function addressBalance(baseUrl: string, address: string): Promise<bigint> {
  const body = await esploraGet(baseUrl, `/address/${encodeURIComponent(address)}`)
  let total = 0n
  for (const key of ['chain_stats', 'mempool_stats'] as const) {
    const stats = (body as Record<string, Record<string, unknown> | undefined> | null)?.[key]
    const funded = sats(stats?.funded_txo_sum)
    const spent = sats(stats?.spent_txo_sum)
    if (funded === undefined || spent === undefined) {
      throw buildError('NODE_UNEXPECTED_ANSWER', {
        details: `Esplora: ${key} of ${address}`,
      })
    }
    total += funded - spent
  }
  return total
}
