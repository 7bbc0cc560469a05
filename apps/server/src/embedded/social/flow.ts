// One social login attempt from start to session, the same for every provider: the server makes
// `state`, `nonce` and the PKCE verifier and keeps them; the provider sends the visitor back to
// the server's callback, which exchanges the code and reads the identity itself; the frame that
// started the attempt (its device key) collects the session by polling.
import * as client from 'openid-client'
import type { Queryable } from '../../db/db.js'
import { randomId, tokenHash } from '../crypto.js'
import { findOrCreateUser, type User } from '../sessions.js'
import {
  type BuiltProvider,
  clientSecretOf,
  type OAuthProvider,
  PROFILE_READERS,
  type ProviderConfig,
  resolveProvider,
  type SocialProfile,
} from './providers.js'
import { type TelegramConfig, telegramAuthUrl } from './telegram.js'

/** How long a started login may take at the provider. */
export const ATTEMPT_TTL_MS = 10 * 60_000
/** Every call to a provider gives up after this. */
const PROVIDER_TIMEOUT_MS = 10_000

export type AttemptStatus = 'pending' | 'exchanging' | 'done' | 'failed' | 'collected'

export interface AttemptRow extends Record<string, unknown> {
  id: string
  project_id: string
  provider: BuiltProvider
  dapp_origin: string
  jkt: string
  code_verifier: string
  nonce: string
  redirect_uri: string
  /** A login started in a Telegram mini app: the page to send the visitor back to. */
  return_to: string | null
  status: AttemptStatus
  error: string | null
  user_id: string | null
  expires_at: Date
}

/** Why a login through a provider did not complete (kept on the attempt; logged, never shown raw). */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError'
}

const isLoopbackHttp = (url: string) => {
  const { protocol, hostname } = new URL(url)
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname)
}

/** The OAuth client of a project's provider, with the provider's endpoints (or the overrides). */
function clientOf(provider: OAuthProvider, config: ProviderConfig) {
  const model = resolveProvider(provider, config)
  const { endpoints } = model
  const configuration = new client.Configuration(
    {
      issuer: endpoints.issuer,
      authorization_endpoint: endpoints.authorizationUrl,
      token_endpoint: endpoints.tokenUrl,
      ...(endpoints.jwksUrl ? { jwks_uri: endpoints.jwksUrl } : {}),
    },
    config.clientId,
    undefined,
    model.tokenAuth === 'basic'
      ? client.ClientSecretBasic(clientSecretOf(config, Date.now()))
      : client.ClientSecretPost(clientSecretOf(config, Date.now())),
  )
  // Plain http only for a stand-in on this machine.
  const urls = Object.values(endpoints).filter((url): url is string => typeof url === 'string')
  if (urls.some((url) => url.startsWith('http:'))) {
    if (!urls.every((url) => url.startsWith('https:') || isLoopbackHttp(url))) {
      throw new SocialLoginError('Provider endpoints must be https (or http on loopback)')
    }
    client.allowInsecureRequests(configuration)
  }
  configuration.timeout = PROVIDER_TIMEOUT_MS / 1000
  return { model, configuration }
}

/**
 * Starts an attempt for the frame's device key `jkt`: returns its id and the provider's
 * authorization URL (PKCE S256, state, and for OIDC a nonce).
 *
 * @example
 * const { attemptId, url } = await startAttempt(db, { projectId, provider: 'github', ... }, now)
 */
export async function startAttempt(
  db: Queryable,
  input: {
    projectId: string
    dappOrigin: string
    jkt: string
    redirectUri: string
    /** A Telegram mini app's page (on `dappOrigin`): the callback sends the visitor back there. */
    returnTo?: string | undefined
  } & (
    | { provider: OAuthProvider; config: ProviderConfig }
    | {
        provider: 'telegram'
        config: TelegramConfig
        /** The secure site: the bot's domain, and where Telegram sends the popup back. */
        secureOrigin: string
      }
  ),
  now: number,
): Promise<{ attemptId: string; url: string }> {
  const state = client.randomState()
  const nonce = client.randomNonce()
  const verifier = client.randomPKCECodeVerifier()
  const id = randomId()
  const insert = () =>
    db.query(
      `insert into embedded.social_attempts
         (id, state_hash, project_id, provider, dapp_origin, jkt, code_verifier, nonce,
          redirect_uri, status, created_at, expires_at, return_to)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12)`,
      [
        id,
        tokenHash(state),
        input.projectId,
        input.provider,
        input.dappOrigin,
        input.jkt,
        verifier,
        nonce,
        input.redirectUri,
        new Date(now),
        new Date(now + ATTEMPT_TTL_MS),
        input.returnTo ?? null,
      ],
    )
  if (input.provider === 'telegram') {
    const page = input.config.authorizationUrl
    if (page?.startsWith('http:') && !isLoopbackHttp(page)) {
      throw new SocialLoginError('Provider endpoints must be https (or http on loopback)')
    }
    // Telegram signs its result itself (no code, no PKCE); `state` names the attempt on the way
    // back: /loading forwards the fragment with it to the callback (`redirectUri`).
    await insert()
    const returnTo = new URL('/loading', input.secureOrigin)
    returnTo.searchParams.set('projectId', input.projectId)
    returnTo.searchParams.set('state', state)
    return {
      attemptId: id,
      url: telegramAuthUrl(input.config, input.secureOrigin, returnTo.href),
    }
  }
  const { model, configuration } = clientOf(input.provider, input.config)
  const challenge = await client.calculatePKCECodeChallenge(verifier)
  await insert()
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: model.scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(model.kind === 'oidc' ? { nonce } : {}),
    ...('responseMode' in model ? { response_mode: model.responseMode } : {}),
  })
  return { attemptId: id, url: url.href }
}

/**
 * Takes the pending attempt whose `state` came back, once: a second callback with the same
 * state (a replayed code) finds it no longer pending. Undefined for an unknown, used or expired
 * state.
 */
export async function claimAttempt(
  db: Queryable,
  state: string,
  now: number,
): Promise<AttemptRow | undefined> {
  const [row] = await db.query<AttemptRow>(
    `update embedded.social_attempts set status = 'exchanging'
     where state_hash = $1 and status = 'pending' and expires_at > $2
     returning *`,
    [tokenHash(state), new Date(now)],
  )
  return row
}

async function readJsonApi(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      // GitHub's recommended type; the other providers answer JSON to it too.
      accept: 'application/vnd.github+json, application/json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'OpenModal',
    },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  if (!response.ok) throw new SocialLoginError(`${url} answered HTTP ${response.status}`)
  return response.json()
}

/**
 * Exchanges the code of `callbackUrl` (its query, or the form of a POST) for the attempt's
 * identity: the token request carries the PKCE verifier, the ID token must carry the attempt's
 * nonce and the provider's signature, a profile API is read with the access token.
 */
export async function exchange(
  attempt: AttemptRow,
  config: ProviderConfig,
  params: URLSearchParams,
): Promise<SocialProfile> {
  const { model, configuration } = clientOf(attempt.provider as OAuthProvider, config)
  const current = new URL(attempt.redirect_uri)
  current.search = params.toString()
  const tokens = await client.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: attempt.code_verifier,
    expectedState: params.get('state') ?? '',
    ...(model.kind === 'oidc' ? { expectedNonce: attempt.nonce, idTokenExpected: true } : {}),
  })
  if (model.kind === 'oidc') {
    const claims = tokens.claims()
    if (!claims) throw new SocialLoginError('No ID token')
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined
    // Apple sends `email_verified` as the string "true" (its ID token documentation).
    const verified = claims.email_verified === true || claims.email_verified === 'true'
    return {
      subject: claims.sub,
      username: undefined,
      verifiedEmail: email && verified ? email : undefined,
    }
  }
  return PROFILE_READERS[model.provider as keyof typeof PROFILE_READERS](model.endpoints, (url) =>
    readJsonApi(url, tokens.access_token),
  )
}

/**
 * The user of a provider's identity in `realm`: the one it logged in before; else the user of
 * its e-mail when the provider verified that e-mail; else a new user without e-mail.
 */
export async function userOfIdentity(
  tx: Queryable,
  input: { realm: string; provider: BuiltProvider; profile: SocialProfile },
  now: number,
): Promise<{ user: User; isNew: boolean }> {
  const { realm, provider, profile } = input
  const [known] = await tx.query<{ id: string; email: string | null; locked_at: Date | null }>(
    `select u.id, u.email, u.locked_at from embedded.social_identities i
     join embedded.users u on u.id = i.user_id
     where i.realm = $1 and i.provider = $2 and i.subject = $3`,
    [realm, provider, profile.subject],
  )
  if (known) {
    await tx.query(
      `update embedded.social_identities set username = $4, email = $5
       where realm = $1 and provider = $2 and subject = $3`,
      [realm, provider, profile.subject, profile.username ?? null, profile.verifiedEmail ?? null],
    )
    return { user: { id: known.id, email: known.email, lockedAt: known.locked_at }, isNew: false }
  }
  let found: { user: User; isNew: boolean }
  if (profile.verifiedEmail) {
    found = await findOrCreateUser(tx, realm, profile.verifiedEmail, now)
  } else {
    const id = randomId()
    await tx.query(
      'insert into embedded.users (id, realm, email, created_at) values ($1, $2, null, $3)',
      [id, realm, new Date(now)],
    )
    found = { user: { id, email: null, lockedAt: null }, isNew: true }
  }
  await tx.query(
    `insert into embedded.social_identities
       (realm, provider, subject, user_id, username, email, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      realm,
      provider,
      profile.subject,
      found.user.id,
      profile.username ?? null,
      profile.verifiedEmail ?? null,
      new Date(now),
    ],
  )
  return found
}
