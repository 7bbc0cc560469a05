// Stand-ins of the social login providers on loopback, answering with the real providers' shapes:
// Google is a real OpenID Provider (oidc-provider) whose login step signs in the account the
// test names; GitHub, Discord, X and Facebook are one small server each with that provider's
// documented OAuth 2 and profile shapes (paths, token answers, error bodies), PKCE included.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface StandinAccount {
  subject: string
  email?: string
  emailVerified?: boolean
  /** GitHub: the login shown as the username. */
  login?: string
}

export interface Standin {
  url: string
  clientId: string
  clientSecret: string
  /** The account the next authorization signs in (the visitor at the provider). */
  account: StandinAccount
  /** GitHub: answer the next authorization with `error=access_denied` (the visitor said no). */
  deny: boolean
  close(): Promise<void>
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

/**
 * A real OpenID Provider standing in for Google, for the client `redirectUri` calls back to.
 *
 * @example
 * const google = await startGoogleStandin(`${server.url}/v1/auth/social/callback`)
 */
export async function startGoogleStandin(redirectUri: string): Promise<Standin> {
  const server = createServer()
  const url = await listen(server)
  const standin: Standin = {
    url,
    clientId: 'google-client',
    clientSecret: randomBytes(16).toString('hex'),
    account: { subject: '10001', email: 'ada@example.com', emailVerified: true },
    deny: false,
    close: () => close(server),
  }
  const provider = new Provider(url, {
    clients: [
      {
        client_id: standin.clientId,
        client_secret: standin.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Google requires nothing of the kind, but a stand-in that refuses a missing challenge
    // proves the server always sends one.
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        ...(standin.account.email
          ? { email: standin.account.email, email_verified: standin.account.emailVerified ?? false }
          : {}),
      }),
    }),
    // Google puts the e-mail claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  })
  const handle = provider.callback()
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res)
    // The visitor signs in as `account` and consents to what the client asked.
    void (async () => {
      const details = await provider.interactionDetails(req, res)
      const accountId = standin.account.subject
      const grant = new provider.Grant({ accountId, clientId: standin.clientId })
      grant.addOIDCScope(String(details.params.scope ?? 'openid'))
      const grantId = await grant.save()
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      )
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  return standin
}

interface IssuedCode {
  clientId: string
  redirectUri: string
  challenge: string | undefined
  account: StandinAccount
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

type Res = import('node:http').ServerResponse

const json = (res: Res, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

/** How each provider's OAuth 2 endpoints and profile API look (paths, errors, bodies). */
interface OAuthShape {
  authorizePath: string
  tokenPath: string
  /** `basic`: the client authenticates with HTTP Basic only (X). */
  tokenAuth: 'post' | 'basic'
  /** PKCE required (X): an authorization without a challenge is refused. */
  pkceRequired: boolean
  tokenAnswer(token: string): unknown
  tokenError(res: Res, description: string): void
  /** The profile routes: path → body for the signed-in account. */
  profile: Record<string, (account: StandinAccount) => unknown>
  /** Asked with the profile path (Facebook's `?fields=`). */
  profileQuery?: string
  account: StandinAccount
}

const SHAPES: Record<'github' | 'discord' | 'x' | 'facebook', OAuthShape> = {
  // docs.github.com: "Authorizing OAuth apps"; errors come as HTTP 200 bodies.
  github: {
    authorizePath: '/login/oauth/authorize',
    tokenPath: '/login/oauth/access_token',
    tokenAuth: 'post',
    pkceRequired: false,
    tokenAnswer: (token) => ({
      access_token: token,
      scope: 'read:user,user:email',
      token_type: 'bearer',
    }),
    tokenError: (res, description) =>
      json(res, 200, {
        error: 'bad_verification_code',
        error_description: description,
        error_uri:
          'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors',
      }),
    profile: {
      '/user': (account) => ({
        login: account.login,
        id: Number(account.subject),
        node_id: 'MDQ6VXNlcjE=',
        avatar_url: 'https://github.com/images/error/octocat_happy.gif',
        type: 'User',
        name: 'monalisa octocat',
        // The public e-mail: often null, and never a proof of anything.
        email: null,
      }),
      '/user/emails': (account) =>
        account.email
          ? [
              {
                email: account.email,
                primary: true,
                verified: account.emailVerified ?? false,
                visibility: 'private',
              },
            ]
          : [],
    },
    account: {
      subject: '583231',
      login: 'octocat',
      email: 'octocat@github.com',
      emailVerified: true,
    },
  },
  // discord.com/developers/docs: "OAuth2" and "User Object".
  discord: {
    authorizePath: '/oauth2/authorize',
    tokenPath: '/api/oauth2/token',
    tokenAuth: 'post',
    pkceRequired: false,
    tokenAnswer: (token) => ({
      access_token: token,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: randomBytes(15).toString('hex'),
      scope: 'identify email',
    }),
    tokenError: (res, description) =>
      json(res, 400, { error: 'invalid_grant', error_description: description }),
    profile: {
      '/api/users/@me': (account) => ({
        id: account.subject,
        username: account.login,
        discriminator: '0',
        global_name: 'Nelly',
        avatar: '8342729096ea3675442027381ff50dfe',
        verified: account.emailVerified ?? false,
        email: account.email ?? null,
        flags: 64,
        mfa_enabled: true,
      }),
    },
    account: {
      subject: '80351110224678912',
      login: 'nelly',
      email: 'nelly@example.com',
      emailVerified: true,
    },
  },
  // docs.x.com: "OAuth 2.0 Authorization Code Flow with PKCE" and "GET /2/users/me".
  x: {
    authorizePath: '/i/oauth2/authorize',
    tokenPath: '/2/oauth2/token',
    tokenAuth: 'basic',
    pkceRequired: true,
    tokenAnswer: (token) => ({
      token_type: 'bearer',
      expires_in: 7200,
      access_token: token,
      scope: 'users.read tweet.read',
    }),
    tokenError: (res, description) =>
      json(res, 400, { error: 'invalid_request', error_description: description }),
    profile: {
      '/2/users/me': (account) => ({
        data: { id: account.subject, name: 'X Dev', username: account.login },
      }),
    },
    account: { subject: '2244994945', login: 'XDevelopers' },
  },
  // developers.facebook.com: "Manually Build a Login Flow" and the Graph API `/me`.
  facebook: {
    authorizePath: '/v21.0/dialog/oauth',
    tokenPath: '/v21.0/oauth/access_token',
    tokenAuth: 'post',
    pkceRequired: false,
    tokenAnswer: (token) => ({ access_token: token, token_type: 'bearer', expires_in: 5183944 }),
    tokenError: (res, description) =>
      json(res, 400, {
        error: { message: description, type: 'OAuthException', code: 100, fbtrace_id: 'A1b2C3' },
      }),
    profileQuery: '?fields=id,name,email',
    profile: {
      '/v21.0/me': (account) => ({
        id: account.subject,
        name: account.login,
        email: account.email,
      }),
    },
    account: { subject: '10224242424242424', login: 'Mark Example', email: 'mark@example.com' },
  },
}

export type OAuthStandinName = keyof typeof SHAPES

/**
 * One OAuth 2 provider's endpoints and profile API on loopback, in its documented shapes,
 * with PKCE S256 checked as the provider does.
 *
 * @example
 * const github = await startOAuthStandin('github')
 */
export async function startOAuthStandin(
  name: OAuthStandinName,
): Promise<Standin & { paths: OAuthShape }> {
  const shape = SHAPES[name]
  const codes = new Map<string, IssuedCode>()
  const tokens = new Map<string, StandinAccount>()
  const server = createServer()
  const url = await listen(server)
  const standin = {
    url,
    clientId: `${name}-client`,
    clientSecret: randomBytes(20).toString('hex'),
    account: { ...shape.account },
    deny: false,
    close: () => close(server),
    paths: shape,
  }
  const bad = 'The code passed is incorrect or expired.'
  server.on('request', (req, res) => {
    const here = new URL(req.url ?? '/', url)
    if (req.method === 'GET' && here.pathname === shape.authorizePath) {
      const redirect = new URL(here.searchParams.get('redirect_uri') ?? '')
      const state = here.searchParams.get('state')
      if (here.searchParams.get('client_id') !== standin.clientId) return json(res, 404, {})
      const method = here.searchParams.get('code_challenge_method')
      const challenge = method === 'S256' ? here.searchParams.get('code_challenge') : null
      if (standin.deny || (shape.pkceRequired && !challenge)) {
        redirect.searchParams.set('error', standin.deny ? 'access_denied' : 'invalid_request')
      } else {
        const code = randomBytes(10).toString('hex')
        codes.set(code, {
          clientId: standin.clientId,
          redirectUri: redirect.href,
          challenge: challenge ?? undefined,
          account: { ...standin.account },
        })
        redirect.searchParams.set('code', code)
      }
      if (state) redirect.searchParams.set('state', state)
      res.writeHead(302, { location: redirect.href })
      return res.end()
    }
    if (req.method === 'POST' && here.pathname === shape.tokenPath) {
      let raw = ''
      req.on('data', (chunk) => {
        raw += chunk
      })
      req.on('end', () => {
        const form = new URLSearchParams(raw)
        const code = codes.get(form.get('code') ?? '')
        // A code works once.
        codes.delete(form.get('code') ?? '')
        const basic = (req.headers.authorization ?? '').replace(/^Basic /, '')
        const [basicId, basicSecret] = Buffer.from(basic, 'base64').toString().split(':')
        const client =
          shape.tokenAuth === 'basic'
            ? {
                id: decodeURIComponent(basicId ?? ''),
                secret: decodeURIComponent(basicSecret ?? ''),
              }
            : { id: form.get('client_id'), secret: form.get('client_secret') }
        if (client.id !== standin.clientId || client.secret !== standin.clientSecret) {
          return shape.tokenError(res, 'The client_id and/or client_secret passed are incorrect.')
        }
        if (!code || code.redirectUri !== form.get('redirect_uri'))
          return shape.tokenError(res, bad)
        const verifier = form.get('code_verifier')
        if (code.challenge !== undefined || verifier !== null) {
          if (!verifier || code.challenge === undefined || s256(verifier) !== code.challenge) {
            return shape.tokenError(res, bad)
          }
        }
        const token = randomBytes(18).toString('hex')
        tokens.set(token, code.account)
        json(res, 200, shape.tokenAnswer(token))
      })
      return
    }
    const read = req.method === 'GET' ? shape.profile[here.pathname] : undefined
    if (read) {
      const account = tokens.get((req.headers.authorization ?? '').replace(/^(Bearer|token) /, ''))
      if (!account) return json(res, 401, { message: 'Requires authentication' })
      return json(res, 200, read(account))
    }
    json(res, 404, { message: 'Not Found' })
  })
  return standin
}

/** The project's `social` entry for a stand-in: its client and its endpoints. */
export function oauthStandinConfig(standin: Standin & { paths: OAuthShape }) {
  const profile = Object.keys(standin.paths.profile)
  return {
    clientId: standin.clientId,
    clientSecret: standin.clientSecret,
    authorizationUrl: `${standin.url}${standin.paths.authorizePath}`,
    tokenUrl: `${standin.url}${standin.paths.tokenPath}`,
    profileUrl: `${standin.url}${profile[0]}${standin.paths.profileQuery ?? ''}`,
    ...(profile[1] ? { emailsUrl: `${standin.url}${profile[1]}` } : {}),
  }
}

/**
 * Follows redirects as a browser would (with cookies), from `url` until the next location is
 * one `stop` accepts; returns that location.
 *
 * @example
 * const callback = await followUntil(authorizationUrl, (u) => u.pathname.endsWith('/callback'))
 */
export async function followUntil(url: string, stop: (next: URL) => boolean): Promise<URL> {
  const jar = new Map<string, string>()
  let current = new URL(url)
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair?.indexOf('=') ?? -1
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const location = response.headers.get('location')
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(
        `${current.href} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
      )
    }
    await response.body?.cancel()
    const next = new URL(location, current)
    if (stop(next)) return next
    current = next
  }
  throw new Error('too many redirects')
}
