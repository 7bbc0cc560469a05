// Forwarding one JSON-RPC payload to a chain's upstream URLs: per-attempt timeout, retries on
// the statuses of spec §9 (but 403), fallback between upstreams, exponential backoff between
// rounds, all within one total deadline.

export interface UpstreamOptions {
  /** Per attempt, body included (spec §9 "Network RPC timeout 10 s"). */
  timeoutMs: number
  /**
   * The whole request, every retry and backoff included: a client waits no longer than this
   * whatever the upstreams do (issue 24: a dead upstream held a request 47 s). Default 15 s.
   */
  totalTimeoutMs: number
  /** Retries of one upstream on a retryable status, and extra rounds over all upstreams. */
  retries: number
  /** Wait before retrying an upstream that answered a retryable status (spec §9: 150 ms). */
  statusRetryDelayMs: number
  /**
   * HTTP statuses retried on the same upstream: spec §9's list without 403, which is a refusal
   * (a key without rights, a blocked client) that the same request gets again.
   */
  retryStatuses: readonly number[]
  /** First wait between rounds, doubled each round (spec §9: 1000 ms). */
  backoffBaseMs: number
  /** Longest wait between rounds (spec §9: 30000 ms). */
  backoffMaxMs: number
  /** Injected so tests need not sleep. */
  sleep: (ms: number) => Promise<void>
  fetch: typeof fetch
}

export const DEFAULT_UPSTREAM_OPTIONS: Readonly<UpstreamOptions> = {
  timeoutMs: 10_000,
  totalTimeoutMs: 15_000,
  retries: 3,
  statusRetryDelayMs: 150,
  retryStatuses: [408, 413, 429, 500, 502, 503, 504],
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  fetch: (input, init) => fetch(input, init),
}

export type FailureKind = 'status' | 'network' | 'timeout' | 'garbage' | 'unsafe'

export interface UpstreamFailure {
  /** host[:port] only: upstream paths and queries often carry API keys. */
  upstream: string
  kind: FailureKind
  detail: string
  /** Worth another round later (network trouble, timeouts, retryable statuses). */
  transient: boolean
  attempts: number
}

export type UpstreamResult =
  | { ok: true; json: unknown; upstream: string }
  | { ok: false; failures: UpstreamFailure[] }

function hostOf(url: string): string {
  try {
    const parsed = new URL(url)
    if (!/^https?:$/.test(parsed.protocol)) return `${parsed.protocol}//${parsed.host}`
    return parsed.host
  } catch {
    return 'invalid URL'
  }
}

type Attempt =
  | { ok: true; json: unknown }
  | { ok: false; kind: FailureKind; detail: string; status?: number }

async function attempt(
  url: string,
  body: string,
  accept: (json: unknown) => boolean,
  options: UpstreamOptions,
  deadline: number,
): Promise<Attempt> {
  const timeoutMs = Math.max(1, Math.min(options.timeoutMs, deadline - Date.now()))
  try {
    const response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    if (!response.ok) {
      return {
        ok: false,
        kind: 'status',
        status: response.status,
        detail: `answered HTTP ${response.status}`,
      }
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return { ok: false, kind: 'garbage', detail: 'answered a body that is not JSON' }
    }
    if (!accept(json)) {
      return { ok: false, kind: 'garbage', detail: 'answered JSON that is not a JSON-RPC response' }
    }
    return { ok: true, json }
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, kind: 'timeout', detail: `did not answer within ${timeoutMs} ms` }
    }
    const cause = (error as { cause?: { code?: string } }).cause
    return { ok: false, kind: 'network', detail: `could not be reached (${cause?.code ?? name})` }
  }
}

/**
 * Sends `body` to the first upstream that answers something `accept` takes. A retryable
 * status is retried on the same upstream after `statusRetryDelayMs`, up to `retries` times;
 * a timeout, network error, other status or garbage moves on to the next upstream at once.
 * When all failed and some failure was transient, the list is tried again after
 * `backoffBaseMs` doubled per round (capped at `backoffMaxMs`), up to `retries` rounds.
 * Nothing starts after `totalTimeoutMs`, and a running attempt is cut at it. Only http(s)
 * upstreams are ever contacted.
 *
 * @example
 * const result = await forwardToUpstreams(body, ['https://a.example', 'https://b.example'], isResponse)
 */
export async function forwardToUpstreams(
  body: string,
  urls: readonly string[],
  accept: (json: unknown) => boolean,
  options: UpstreamOptions = DEFAULT_UPSTREAM_OPTIONS,
): Promise<UpstreamResult> {
  const deadline = Date.now() + options.totalTimeoutMs
  /** Sleeps `ms` when the deadline leaves room for it and another attempt, else false. */
  const wait = async (ms: number) => {
    if (Date.now() + ms >= deadline) return false
    await options.sleep(ms)
    return Date.now() < deadline
  }
  let failures: UpstreamFailure[] = []
  for (let round = 0; round <= options.retries; round++) {
    if (
      round > 0 &&
      !(await wait(Math.min(options.backoffBaseMs * 2 ** (round - 1), options.backoffMaxMs)))
    ) {
      break
    }
    failures = []
    for (const url of urls) {
      const upstream = hostOf(url)
      if (!/^https?:\/\//i.test(url)) {
        failures.push({
          upstream,
          kind: 'unsafe',
          detail: 'is not an http(s) URL and was not contacted',
          transient: false,
          attempts: 0,
        })
        continue
      }
      if (Date.now() >= deadline) {
        failures.push({
          upstream,
          kind: 'timeout',
          detail: `was not tried: the ${options.totalTimeoutMs} ms deadline passed`,
          transient: false,
          attempts: 0,
        })
        continue
      }
      let attempts = 0
      for (;;) {
        attempts++
        const result = await attempt(url, body, accept, options, deadline)
        if (result.ok) return { ok: true, json: result.json, upstream }
        const retryable =
          result.kind === 'status' && options.retryStatuses.includes(result.status ?? 0)
        if (retryable && attempts <= options.retries && (await wait(options.statusRetryDelayMs))) {
          continue
        }
        failures.push({
          upstream,
          kind: result.kind,
          detail: result.detail,
          transient: retryable || result.kind === 'network' || result.kind === 'timeout',
          attempts,
        })
        break
      }
    }
    if (!failures.some((failure) => failure.transient)) break
  }
  return { ok: false, failures }
}

/** One line for a JSON-RPC error message: what each upstream did last. */
export function describeFailures(failures: readonly UpstreamFailure[]): string {
  if (failures.length === 0) return 'Upstream RPC failed: the chain has no upstream URL'
  const parts = failures.map(
    (f) => `${f.upstream} ${f.detail}${f.attempts > 1 ? ` (${f.attempts} attempts)` : ''}`,
  )
  return `Upstream RPC failed: ${parts.join('; ')}`
}
