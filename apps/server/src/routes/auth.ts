// (6) Sign-In With X (issue 16): nonces, authentication, the current session, sign-out.
import { randomUUID } from 'node:crypto'
import {
  type AuthAuthenticateResponse,
  type AuthMeResponse,
  type AuthNonceResponse,
  type AuthSession,
  type AuthSignOutResponse,
  generateNonce,
  parseSiwxMessage,
  type SiwxChainId,
  SiwxError,
  verifySiwxMessage,
} from '@openmodal/siwx'
import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { PublicClient } from 'viem'
import { AUTH_BODY_MAX_BYTES, AuthenticateBodySchema } from '../auth/params.js'
import {
  createSession,
  deleteSession,
  findSession,
  insertNonce,
  isNonceUsable,
  type StoredSession,
  sharedSecret,
} from '../auth/store.js'
import { hashToken, newSessionToken, readNonceToken, signNonceToken } from '../auth/tokens.js'
import type { Db } from '../db/db.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError, parseInput } from '../http/errors.js'
import { CLOSE_CONNECTION, limitBody } from '../http/middleware.js'
import { readJsonBody } from '../http/params.js'
import { createChainClient } from '../indexer/rpc.js'
import type { Project } from '../projects/store.js'

export interface AuthOptions {
  /** How long a nonce can be used; default 5 minutes. */
  nonceTtlMs?: number | undefined
  /** Longest session, whatever the message's Expiration Time; default 7 days. */
  sessionTtlMs?: number | undefined
}

export interface AuthRoutesOptions extends AuthOptions {
  db: Db
  access: AccessControl
  /** The API's public base URL: the cookie is `Secure` unless it is plain-http loopback. */
  publicUrl?: string | undefined
  /** Clock (tests move it); default Date.now. */
  now?: (() => number) | undefined
}

export const AUTH_COOKIE = 'openmodal_siwx'
export const DEFAULT_NONCE_TTL_MS = 5 * 60 * 1000
export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether the session cookie is `Secure`: always, but for an API whose public URL is plain-http
 * loopback (local development, where a browser would drop a Secure cookie). Behind a
 * TLS-terminating proxy the request arrives as http on an internal host: still Secure.
 */
export function secureCookie(publicUrl: string): boolean {
  const url = new URL(publicUrl)
  return !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}

const toAnswer = (session: StoredSession): AuthSession => ({
  id: session.id,
  chainId: session.chainId,
  address: session.address,
  message: session.message,
  signature: session.signature,
  ...(session.cacao ? { cacao: session.cacao } : {}),
  expiresAt: session.expiresAt.toISOString(),
  createdAt: session.createdAt.toISOString(),
})

/**
 * `GET /v1/auth/nonce`, `POST /v1/auth/authenticate`, `GET /v1/auth/me`,
 * `POST /v1/auth/sign-out` (all `?projectId=`), with their preflights. Sessions are found by
 * `Authorization: Bearer <token>` or the httpOnly cookie set on authentication.
 *
 * @example
 * app.route('/', authRoutes({ db, access }))
 */
export function authRoutes(options: AuthRoutesOptions): Hono<AppEnv> {
  const { db, access } = options
  const now = () => new Date((options.now ?? Date.now)())
  const nonceTtlMs = options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS
  const sessionTtlMs = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS
  let secret: Promise<Buffer> | undefined
  const hmacKey = () => {
    secret ??= sharedSecret(db, 'auth_nonce_hmac').catch((error) => {
      secret = undefined
      throw error
    })
    return secret
  }
  const clients = new Map<string, PublicClient>()
  const clientFor = (project: Project, chainId: SiwxChainId) => {
    const chain = project.chains.find((c) => c.caipNetworkId === chainId)
    if (!chain || !chainId.startsWith('eip155:')) return undefined
    const key = chain.rpcUrls.join(' ')
    let client = clients.get(key)
    if (!client) {
      client = createChainClient(chain.rpcUrls)
      clients.set(key, client)
    }
    return client
  }

  /** Access with a required Origin, and the CORS credentials header for the cookie. */
  const authAccess = async (c: Context<AppEnv>) => {
    const project = await access.access(c, c.req.query('projectId'), {
      requireOrigin: true,
      credentials: true,
    })
    c.header('access-control-allow-credentials', 'true')
    c.header('cache-control', 'no-store')
    return project
  }
  const tokenOf = (c: Context<AppEnv>): string | undefined => {
    const header = c.req.header('authorization')
    const bearer = header?.match(/^Bearer ([A-Za-z0-9_-]{1,128})$/)?.[1]
    return bearer ?? getCookie(c, AUTH_COOKIE)
  }
  const secure = (c: Context<AppEnv>) => secureCookie(options.publicUrl ?? c.req.url)

  const app = new Hono<AppEnv>()
  const preflight = access.preflight(projectIdInQuery, {
    headers: ['authorization'],
    credentials: true,
  })
  for (const path of [
    '/v1/auth/nonce',
    '/v1/auth/authenticate',
    '/v1/auth/me',
    '/v1/auth/sign-out',
  ]) {
    app.options(path, preflight)
  }

  app.get('/v1/auth/nonce', async (c) => {
    const project = await authAccess(c)
    const issued = now()
    const expiresAt = new Date(issued.getTime() + nonceTtlMs)
    const nonce = generateNonce()
    await insertNonce(db, project.projectId, nonce, expiresAt, issued)
    const token = signNonceToken(await hmacKey(), {
      n: nonce,
      p: project.projectId,
      e: expiresAt.getTime(),
    })
    return c.json({ nonce, token, expiresAt: expiresAt.toISOString() } satisfies AuthNonceResponse)
  })

  app.post(
    '/v1/auth/authenticate',
    limitBody(AUTH_BODY_MAX_BYTES, () => {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Body exceeds ${AUTH_BODY_MAX_BYTES} bytes`, {
        headers: CLOSE_CONNECTION,
      })
    }),
    async (c) => {
      const project = await authAccess(c)
      const body = parseInput(AuthenticateBodySchema, await readJsonBody(c, 'body'), 'body')
      const time = now()

      let data: ReturnType<typeof parseSiwxMessage>
      try {
        data = parseSiwxMessage(body.message)
      } catch (error) {
        if (!(error instanceof SiwxError)) throw error
        const path = `message.${error.field ?? ''}`
        throw new HttpError(400, 'BAD_REQUEST', `Invalid body: ${path}: ${error.shortMessage}`, {
          issues: [{ path, message: error.shortMessage }],
          cause: error,
        })
      }

      const nonceRefused = (why: string) =>
        new HttpError(
          401,
          'INVALID_NONCE',
          `The nonce ${why}; ask GET /v1/auth/nonce for a new one`,
          {
            reason: 'nonce-mismatch',
          },
        )
      if (body.token !== undefined) {
        const payload = readNonceToken(await hmacKey(), body.token)
        if (!payload || payload.n !== data.nonce || payload.p !== project.projectId) {
          throw nonceRefused('token does not belong to this message')
        }
        if (payload.e <= time.getTime()) throw nonceRefused('has expired')
      }
      if (!(await isNonceUsable(db, project.projectId, data.nonce, time))) {
        throw nonceRefused('is unknown, used or expired')
      }

      // The domain the wallet showed must be the page's that asks (its Origin's host).
      const origin = new URL(c.req.header('origin') as string)
      try {
        await verifySiwxMessage({
          message: body.message,
          signature: body.signature,
          domain: origin.host,
          scheme: origin.protocol.slice(0, -1),
          nonce: data.nonce,
          chains: project.chains.map((chain) => chain.caipNetworkId as SiwxChainId),
          time,
          getClient: (chainId) => clientFor(project, chainId),
        })
      } catch (error) {
        if (!(error instanceof SiwxError)) {
          throw new HttpError(
            502,
            'UPSTREAM_ERROR',
            "Could not verify the signature through the chain's RPC",
            {
              cause: error,
            },
          )
        }
        throw new HttpError(401, 'SIWX_REFUSED', error.shortMessage, {
          reason: error.reason,
          cause: error,
        })
      }

      const token = newSessionToken()
      const messageExpiry = data.expirationTime
        ? Date.parse(data.expirationTime)
        : Number.POSITIVE_INFINITY
      const expiresAt = new Date(Math.min(messageExpiry, time.getTime() + sessionTtlMs))
      const session = await createSession(
        db,
        {
          id: randomUUID(),
          projectId: project.projectId,
          tokenHash: hashToken(token),
          nonce: data.nonce,
          chainId: data.chainId,
          address: data.accountAddress,
          message: body.message,
          signature: body.signature,
          cacao: body.cacao ?? null,
          expiresAt,
        },
        time,
      )
      if (!session) throw nonceRefused('was used by another request')
      setCookie(c, AUTH_COOKIE, token, {
        httpOnly: true,
        path: '/v1/auth',
        sameSite: 'Lax',
        secure: secure(c),
        maxAge: Math.max(1, Math.floor((expiresAt.getTime() - time.getTime()) / 1000)),
      })
      return c.json({ token, session: toAnswer(session) } satisfies AuthAuthenticateResponse, 201)
    },
  )

  app.get('/v1/auth/me', async (c) => {
    const project = await authAccess(c)
    const token = tokenOf(c)
    const session = token
      ? await findSession(db, project.projectId, hashToken(token), now())
      : undefined
    if (!session) throw new HttpError(401, 'UNAUTHORIZED', 'Not signed in')
    return c.json({ session: toAnswer(session) } satisfies AuthMeResponse)
  })

  app.post('/v1/auth/sign-out', async (c) => {
    const project = await authAccess(c)
    const token = tokenOf(c)
    const signedOut = token ? await deleteSession(db, project.projectId, hashToken(token)) : false
    if (getCookie(c, AUTH_COOKIE) === token) {
      deleteCookie(c, AUTH_COOKIE, { path: '/v1/auth', secure: secure(c) })
    }
    return c.json({ signedOut } satisfies AuthSignOutResponse)
  })

  return app
}
