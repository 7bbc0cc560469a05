// The general HTTP client of spec §7: GET, POST, PUT, DELETE and blob GET against our own
// server (apps/server), with the projectId and clientId appended as query parameters. A
// non-ok answer throws an ApiRequestError ("HTTP status code: N", spec §8) that carries the
// server's error code, so callers can map it to the spec's alerts.
import { BaseError } from '../errors/base.js'
import { httpStatusMessage } from '../errors/messages.js'
import { SERVER_ERROR_MESSAGES } from '../errors/server-messages.js'
import type { ApiError, ApiErrorCode } from './types.js'

/**
 * Where `createApiClient` goes without a `baseUrl`: the server `pnpm server` starts. The modal
 * never uses it by itself: without the host's `apiUrl` it calls no server at all.
 */
export const DEFAULT_API_URL = 'http://127.0.0.1:8787'

/** Spec §9 "Network RPC timeout 10 s", used for every call to our server. */
export const API_TIMEOUT_MS = 10_000

export type QueryValue = string | number | boolean | null | undefined
export type Query = Readonly<Record<string, QueryValue>>

export interface ApiClientOptions {
  /** Base URL of the server, without a trailing slash; default `DEFAULT_API_URL`. */
  baseUrl?: string
  projectId?: string
  /** A per-install id the server may use for rate limiting and analytics. */
  clientId?: string
  /** Milliseconds before a call is aborted; default `API_TIMEOUT_MS`. */
  timeoutMs?: number
  fetch?: typeof fetch
}

export interface RequestOptions {
  query?: Query
  body?: unknown
  signal?: AbortSignal
  headers?: Readonly<Record<string, string>>
}

/** A non-ok answer of our server (or no answer at all: `status` 0). */
export class ApiRequestError extends BaseError {
  override name = 'ApiRequestError'
  /** The HTTP status; 0 when the request failed before an answer (network, timeout). */
  readonly status: number
  /** The server's error code (`INVALID_APP_CONFIGURATION`, `RATE_LIMITED`, ...), when it sent one. */
  readonly apiCode: ApiErrorCode | undefined
  /** Seconds from `Retry-After`, when the server sent it. */
  readonly retryAfter: number | undefined

  constructor(
    status: number,
    params: { apiCode?: ApiErrorCode; details?: string; retryAfter?: number; cause?: unknown },
  ) {
    super(status === 0 ? SERVER_ERROR_MESSAGES.API_UNREACHABLE : httpStatusMessage(status), {
      code: status === 0 ? 'API_UNREACHABLE' : 'API_HTTP_ERROR',
      codeText: status === 0,
      ...(params.details ? { details: params.details } : {}),
      ...(params.cause === undefined ? {} : { cause: params.cause }),
    })
    this.status = status
    this.apiCode = params.apiCode
    this.retryAfter = params.retryAfter
  }
}

export interface ApiClient {
  readonly baseUrl: string
  /** The absolute URL of `path` with the query and the client's ids appended. */
  url(path: string, query?: Query): string
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, options?: RequestOptions): Promise<T>
  put<T>(path: string, options?: RequestOptions): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
  getBlob(path: string, options?: RequestOptions): Promise<Blob>
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * A client for our server's HTTP API.
 *
 * @example
 * const api = createApiClient({ baseUrl: 'http://127.0.0.1:8787', projectId: 'demo' })
 * const { data } = await api.get<WalletListResponse>('/v1/wallets', { query: { page: 1 } })
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_API_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS

  const url = (path: string, query: Query = {}) => {
    const target = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`)
    const all: Query = { projectId: options.projectId, clientId: options.clientId, ...query }
    for (const [key, value] of Object.entries(all)) {
      if (value !== undefined && value !== null) target.searchParams.set(key, String(value))
    }
    return target.toString()
  }

  /**
   * `method path` with the client's deadline over the whole exchange, head and body alike: a
   * server that stops sending half-way is "no answer", a cut connection "failed", and only a
   * body that came whole but is not JSON "invalid JSON".
   */
  async function send<T>(
    method: Method,
    path: string,
    request: RequestOptions,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const doFetch = options.fetch ?? globalThis.fetch
    const timeout = AbortSignal.timeout(timeoutMs)
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    const init: RequestInit = { method, headers, signal }
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(request.body)
    }
    const failed = (cause: unknown): never => {
      if (request.signal?.aborted) throw cause
      throw new ApiRequestError(0, {
        details: timeout.aborted ? `no answer within ${timeoutMs} ms` : `${method} ${path} failed`,
        cause,
      })
    }
    const response = await doFetch(url(path, request.query), init).catch(failed)
    if (!response.ok) throw await toError(response)
    return read(response).catch(failed)
  }

  async function json<T>(method: Method, path: string, request: RequestOptions = {}): Promise<T> {
    const text = await send(method, path, request, (response) =>
      response.status === 204 ? Promise.resolve(undefined) : response.text(),
    )
    if (text === undefined) return undefined as T
    try {
      return JSON.parse(text) as T
    } catch (cause) {
      throw new ApiRequestError(0, { details: `${method} ${path} answered invalid JSON`, cause })
    }
  }

  return {
    baseUrl,
    url,
    get: (path, request) => json('GET', path, request),
    post: (path, request) => json('POST', path, request),
    put: (path, request) => json('PUT', path, request),
    delete: (path, request) => json('DELETE', path, request),
    getBlob: (path, request = {}) => send('GET', path, request, (response) => response.blob()),
  }
}

async function toError(response: Response): Promise<ApiRequestError> {
  let body: Partial<ApiError> | undefined
  try {
    body = (await response.json()) as Partial<ApiError>
  } catch {
    body = undefined
  }
  const retryAfter = Number(response.headers.get('retry-after'))
  return new ApiRequestError(response.status, {
    ...(typeof body?.code === 'string' ? { apiCode: body.code as ApiErrorCode } : {}),
    ...(typeof body?.message === 'string' ? { details: body.message } : {}),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
  })
}
