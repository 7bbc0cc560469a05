// The part of autocannon 9 the benchmark uses (the package ships no types; @types/autocannon
// is not a dependency).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    body?: string
    /** Each request may be rewritten before it is sent (the history benchmark varies paths). */
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[]
  }
  interface Histogram {
    average: number
    /** Requests: how many were answered in all. */
    total: number
    p50: number
    p99: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
  export type { Options, Result }
}
