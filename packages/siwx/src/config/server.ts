// serverSiwx(): sessions on OpenModal's server (apps/server `/v1/auth/*`): the server issues
// single-use nonces, verifies the signed message and keeps the session; the browser keeps
// only each session's bearer token.
import { retryRequest } from '@openmodal/core/internal'
import { SiwxError, type SiwxErrorReason } from '../errors.js'
import type {
  AuthApiError,
  AuthAuthenticateResponse,
  AuthMeResponse,
  AuthNonceResponse,
} from './api-types.js'
import { loadMessages } from './lazy.js'
import { DEFAULT_SESSION_TTL_MS, type SiwxStorage } from './local-options.js'
import { pageDefaults } from './page.js'
import {
  type Cacao,
  isSameAccount,
  type SIWXConfig,
  type SIWXSession,
  toSiwxMessage,
} from './types.js'

export interface ServerSiwxOptions {
  /** Base URL of the OpenModal server. */
  apiUrl: string
  projectId: string
  /** The authority messages name; default `location.host` (the server checks it against Origin). */
  domain?: string | undefined
  /** Default `location.origin`. */
  uri?: string | undefined
  statement?: string | undefined
  /** Asked-for session lifetime (`Expiration Time`); default 7 days, the server may cap it. */
  expiresInMs?: number | undefined
  required?: boolean | undefined
  /** Where session tokens are kept; default `localStorage`. */
  storage?: SiwxStorage | undefined
  /** Default `fetch`. */
  fetch?: typeof fetch | undefined
  signOutOnDisconnect?: boolean | undefined
}

interface TokenEntry {
  chainId: string
  address: string
  token: string
}

/**
 * A SIWXConfig whose sessions live on OpenModal's server: nonces come from
 * `GET /v1/auth/nonce`, `addSession` posts the signed message to `/v1/auth/authenticate`,
 * `getSessions` asks `/v1/auth/me`, `revokeSession` posts `/v1/auth/sign-out`.
 *
 * @example
 * createModal({ …, siwx: serverSiwx({ apiUrl: 'https://api.example.com', projectId: 'demo' }) })
 */
export function serverSiwx(options: ServerSiwxOptions): SIWXConfig {
  const base = options.apiUrl.replace(/\/+$/, '')
  const key = `@openmodal/siwx/server/${options.projectId}`
  const nonceTokens = new Map<string, string>()
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const storage = (): SiwxStorage => {
    const store = options.storage ?? (globalThis as { localStorage?: SiwxStorage }).localStorage
    if (!store) throw new TypeError('serverSiwx: no localStorage here; pass `storage`')
    return store
  }
  const readTokens = (): TokenEntry[] => {
    try {
      const parsed = JSON.parse(storage().getItem(key) ?? '[]')
      return Array.isArray(parsed)
        ? parsed.filter((e) => typeof e?.token === 'string' && typeof e?.chainId === 'string')
        : []
    } catch {
      return []
    }
  }
  const writeTokens = (entries: readonly TokenEntry[]) => {
    if (entries.length) storage().setItem(key, JSON.stringify(entries))
    else storage().removeItem(key)
  }

  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    init: { body?: unknown; token?: string } = {},
  ): Promise<T> => {
    const url = `${base}${path}?projectId=${encodeURIComponent(options.projectId)}`
    let response: Response
    try {
      // A dropped connection or a 503 (the server shedding load, an instance restarting) is
      // sent again with the spec's backoff; the server completes a sign-in once.
      response = await retryRequest(() =>
        doFetch(url, {
          method,
          credentials: 'include',
          headers: {
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        }),
      )
    } catch (cause) {
      throw new SiwxError('server-error', `The sign-in server at ${base} could not be reached`, {
        cause,
      })
    }
    const body = (await response.json().catch(() => undefined)) as (T & AuthApiError) | undefined
    if (response.ok && body) return body
    const reason: SiwxErrorReason =
      response.status === 401 && body?.code === 'UNAUTHORIZED'
        ? 'unauthorized'
        : (body?.reason ??
          (body?.code === 'INVALID_NONCE'
            ? 'nonce-mismatch'
            : response.status === 400
              ? 'invalid-message'
              : 'server-error'))
    throw new SiwxError(reason, body?.message ?? `HTTP status code: ${response.status}`, {
      status: response.status,
    })
  }

  const signOut = async (entry: TokenEntry) => {
    await call('POST', '/v1/auth/sign-out', { token: entry.token })
  }

  const authenticate = async (session: SIWXSession) => {
    const nonce = /\nNonce: ([A-Za-z0-9]+)\n/.exec(session.message)?.[1] ?? ''
    const answer = await call<AuthAuthenticateResponse>('POST', '/v1/auth/authenticate', {
      body: {
        message: session.message,
        signature: session.signature,
        ...(nonceTokens.has(nonce) ? { token: nonceTokens.get(nonce) } : {}),
        ...(session.cacao ? { cacao: session.cacao } : {}),
      },
    })
    nonceTokens.delete(nonce)
    return answer
  }

  return {
    async createMessage(input) {
      const { domain, uri } = pageDefaults(options)
      const [{ nonce, token }, { createSiwxMessageData, formatSiwxMessage }] = await Promise.all([
        call<AuthNonceResponse>('GET', '/v1/auth/nonce'),
        loadMessages(),
      ])
      const data = createSiwxMessageData({
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain,
        uri,
        statement: options.statement,
        nonce,
        expiresInMs: options.expiresInMs ?? DEFAULT_SESSION_TTL_MS,
        ...(input.notBefore ? { notBefore: new Date(input.notBefore) } : {}),
      })
      nonceTokens.set(nonce, token)
      return toSiwxMessage(data, formatSiwxMessage(data))
    },

    async addSession(session) {
      const { token, session: stored } = await authenticate(session)
      const entries = readTokens()
      const replaced = entries.filter((e) =>
        isSameAccount(
          { chainId: e.chainId as `${string}:${string}`, accountAddress: e.address },
          stored.chainId,
          stored.address,
        ),
      )
      writeTokens([
        ...entries.filter((e) => !replaced.includes(e)),
        { chainId: stored.chainId, address: stored.address, token },
      ])
      // The older session of the same account is signed out; a failure leaves it to expire.
      await Promise.allSettled(replaced.map(signOut))
    },

    async revokeSession(chainId, address) {
      const entries = readTokens()
      const matching = entries.filter((e) =>
        isSameAccount(
          { chainId: e.chainId as `${string}:${string}`, accountAddress: e.address },
          chainId,
          address,
        ),
      )
      for (const entry of matching) {
        await signOut(entry)
        writeTokens(readTokens().filter((e) => e.token !== entry.token))
      }
    },

    async setSessions(sessions) {
      for (const entry of readTokens()) {
        await signOut(entry)
        writeTokens(readTokens().filter((e) => e.token !== entry.token))
      }
      for (const session of sessions) {
        const { token, session: stored } = await authenticate(session)
        writeTokens([...readTokens(), { chainId: stored.chainId, address: stored.address, token }])
      }
    },

    async getSessions(chainId, address) {
      const sessions: SIWXSession[] = []
      const { parseSiwxMessage } = await loadMessages()
      for (const entry of readTokens()) {
        if (
          !isSameAccount(
            { chainId: entry.chainId as `${string}:${string}`, accountAddress: entry.address },
            chainId,
            address,
          )
        )
          continue
        try {
          const { session } = await call<AuthMeResponse>('GET', '/v1/auth/me', {
            token: entry.token,
          })
          sessions.push({
            data: parseSiwxMessage(session.message),
            message: session.message,
            signature: session.signature,
            ...(session.cacao ? { cacao: session.cacao as unknown as Cacao } : {}),
          })
        } catch (error) {
          if (!(error instanceof SiwxError && error.reason === 'unauthorized')) throw error
          writeTokens(readTokens().filter((e) => e.token !== entry.token))
        }
      }
      return sessions
    },

    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
