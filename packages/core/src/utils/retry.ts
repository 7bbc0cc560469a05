// Retries of a call to the kit's own server when the call did not get through (spec §9, "retry
// backoff 1000 ms doubled, capped 30000 ms, 3 retries"). The server sheds load with
// 503 + Retry-After, and an instance that dies mid-request drops the connection; the server
// completes each flow once however often it is asked (apps/server docs/production.md, the
// fault table), so the same request is simply sent again.
// Written here rather than taken from a library: the loop is a dozen lines, and the two things
// it must do (honour Retry-After, build a fresh request per attempt for the frame's one-time
// proofs) are exactly what generic retry helpers leave to a callback anyway.

/** The spec's backoff: 3 retries, waiting 1 s, then 2 s, then 4 s (never more than 30 s). */
export const REQUEST_RETRY = { retries: 3, firstDelayMs: 1_000, maxDelayMs: 30_000 } as const

/**
 * The status that says "not now" rather than "no": the server shedding load before doing any
 * work. Not 502 or 504: the server answers 502 for a failed upstream of its own (a mail that
 * could not be sent, a provider's error) that a second try does not mend, and a proxy in front
 * of several instances tries the next one itself.
 */
const RETRY_STATUS = 503

/**
 * How long to wait before retry number `retry` (1 for the first): the doubled backoff, or the
 * server's `Retry-After` when it asks for longer, never more than 30 s.
 *
 * @example retryDelayMs(1) // 1000
 * @example retryDelayMs(1, '2') // 2000
 */
export function retryDelayMs(retry: number, retryAfter?: string | null): number {
  const backoff = REQUEST_RETRY.firstDelayMs * 2 ** (retry - 1)
  const asked = Number(retryAfter) * 1000
  const wait = Number.isFinite(asked) && asked > backoff ? asked : backoff
  return Math.min(wait, REQUEST_RETRY.maxDelayMs)
}

export interface RetryOptions {
  signal?: AbortSignal
  /**
   * Whether the request may run twice (default true). A request that must not (a share
   * rotation, whose replay the server refuses) is sent again only after a 503, which the
   * server answers before doing anything; a dropped connection may come after the server did
   * the work, so it is handed back at once for the caller to settle.
   */
  idempotent?: boolean
  /** The waiting between attempts (tests record it instead). */
  wait?: typeof sleep
}

/**
 * Runs `attempt` (one HTTP request, built afresh each time) and sends it again while it fails
 * to get through: a 503 answer, or a network error (when `idempotent`). Any other answer, ok
 * or not, is returned as it is, and so is the last one once the retries are spent; the last
 * network error is thrown. An abort of `signal` ends the waiting at once with its reason.
 *
 * @example
 * const response = await retryRequest(() => fetch(url, { method: 'POST', body }))
 */
export async function retryRequest(
  attempt: () => Promise<Response>,
  { signal, idempotent = true, wait = sleep }: RetryOptions = {},
): Promise<Response> {
  for (let retry = 1; ; retry++) {
    let response: Response
    try {
      response = await attempt()
    } catch (error) {
      const last = retry > REQUEST_RETRY.retries || !idempotent
      if (signal?.aborted || isAbort(error) || last) throw error
      await wait(retryDelayMs(retry), signal)
      continue
    }
    if (response.status !== RETRY_STATUS || retry > REQUEST_RETRY.retries) return response
    // The body of an answer we drop is never read: cancel it so the connection is freed.
    await response.body?.cancel().catch(() => {})
    await wait(retryDelayMs(retry, response.headers.get('retry-after')), signal)
  }
}

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
