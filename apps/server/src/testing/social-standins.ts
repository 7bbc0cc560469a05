// Stand-ins of the social login providers on loopback, answering with the real providers' shapes:
// Google is a real OpenID Provider (oidc-provider) whose login step signs in the account the
// test names; GitHub, Discord, X and Facebook are one small server each with that provider's
// documented OAuth 2 and profile shapes (paths, token answers, error bodies), PKCE included.
import { createHash, generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { telegramHash } from '../embedded/social/telegram.js'

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
 * What both oidc-provider stand-ins share: e-mail claims in the ID token, our interaction page
 * (no dev screens), fresh cookie keys, short lifetimes.
 */
const standinProviderOptions = () => ({
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

/** At the provider's interaction page: the visitor signs in as `account` and consents to what the client asked. */
function signInAndConsent(
  provider: Provider,
  standin: Standin,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
) {
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
}

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
    // Google and Apple put the e-mail claims in the ID token itself.
    ...standinProviderOptions(),
  })
  const handle = provider.callback()
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res)
    signInAndConsent(provider, standin, req, res)
  })
  return standin
}

export interface AppleStandin extends Standin {
  teamId: string
  keyId: string
  /** The team's Sign in with Apple key (`.p8`, PKCS #8 PEM): what the project config holds. */
  privateKey: string
  /** Apple's `email_verified` and `is_private_email` are the strings "true" / "false". */
  account: StandinAccount & { privateEmail?: boolean }
}

/**
 * A real OpenID Provider standing in for Apple: Apple's paths (`/auth/authorize`, `/auth/token`,
 * `/auth/keys`), `response_mode=form_post` required when `name` or `email` is asked (the code
 * comes back in a form POST), and a client secret that must be an ES256 JWT signed with the
 * team's key (`kid`, `iss` team, `sub` client, `aud` https://appleid.apple.com, at most six
 * months), answered with Apple's `{"error":"invalid_client"}` otherwise. The ID token carries
 * Apple's claims (`email_verified` as a string, `is_private_email`).
 *
 * @example
 * const apple = await startAppleStandin(`${server.url}/v1/auth/social/callback`)
 */
export async function startAppleStandin(redirectUri: string): Promise<AppleStandin> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  // oidc-provider checks a plain secret; the front below checks Apple's JWT and swaps it in.
  const innerSecret = randomBytes(16).toString('hex')
  const front = createServer()
  const inner = createServer()
  const url = await listen(front)
  const innerUrl = await listen(inner)
  const standin: AppleStandin = {
    url,
    clientId: 'com.example.openmodal.web',
    clientSecret: '',
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    account: {
      subject: '001234.abcdef0123456789.1234',
      email: 'x7k2p@privaterelay.appleid.com',
      emailVerified: true,
      privateEmail: true,
    },
    deny: false,
    close: async () => {
      await close(inner)
      await close(front)
    },
  }
  const provider = new Provider(url, {
    clients: [
      {
        client_id: standin.clientId,
        client_secret: innerSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    routes: { authorization: '/auth/authorize', token: '/auth/token', jwks: '/auth/keys' },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'name'],
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'is_private_email'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        ...(standin.account.email
          ? {
              email: standin.account.email,
              email_verified: String(standin.account.emailVerified ?? false),
              is_private_email: String(standin.account.privateEmail ?? false),
            }
          : {}),
      }),
    }),
    ...standinProviderOptions(),
  })
  const handle = provider.callback()
  inner.on('request', handle)

  /** Apple's check of the client secret: undefined when valid, else why not. */
  const refuseSecret = (secret: string, clientId: string | null): string | undefined => {
    const [header, payload, signature] = secret.split('.')
    if (!header || !payload || !signature) return 'not a JWT'
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString())
    const head = decode(header) as { alg?: string; kid?: string }
    const claims = decode(payload) as Record<string, unknown>
    if (head.alg !== 'ES256' || head.kid !== standin.keyId) return 'alg or kid'
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    if (!valid) return 'signature'
    const now = Math.floor(Date.now() / 1000)
    const [iat, exp] = [Number(claims.iat), Number(claims.exp)]
    if (claims.iss !== standin.teamId || claims.sub !== standin.clientId) return 'iss or sub'
    if (claims.sub !== clientId) return 'client_id'
    if (claims.aud !== 'https://appleid.apple.com') return 'aud'
    if (!(iat <= now + 60 && exp > now && exp - iat <= 15_777_000)) return 'iat or exp'
    return undefined
  }

  front.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', url).pathname
    if (path === '/auth/authorize') {
      const params = new URL(req.url ?? '/', url).searchParams
      const scopes = (params.get('scope') ?? '').split(' ')
      // Apple: "response_mode must be form_post when name or email scope is requested".
      if (
        (scopes.includes('name') || scopes.includes('email')) &&
        params.get('response_mode') !== 'form_post'
      ) {
        res.writeHead(400, { 'content-type': 'text/html' })
        return void res.end('<p>invalid_request: response_mode must be form_post</p>')
      }
      if (standin.deny) {
        // The visitor pressed Cancel: Apple posts `error=user_cancelled_authorize` back.
        return void formPost(res, params.get('redirect_uri') ?? '', {
          error: 'user_cancelled_authorize',
          state: params.get('state') ?? '',
        })
      }
    }
    if (path === '/auth/token' && req.method === 'POST') {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        const form = new URLSearchParams(body)
        let why: string | undefined
        try {
          why = refuseSecret(form.get('client_secret') ?? '', form.get('client_id'))
        } catch {
          why = 'unreadable'
        }
        if (why) return void json(res, 400, { error: 'invalid_client' })
        form.set('client_secret', innerSecret)
        void fetch(`${innerUrl}/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        })
          .then(async (answer) => {
            res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8' })
            res.end(await answer.text())
          })
          .catch((error: unknown) => json(res, 500, { error: String(error) }))
      })
      return
    }
    if (!path.startsWith('/interaction/')) return handle(req, res)
    signInAndConsent(provider, standin, req, res)
  })
  return standin
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A `response_mode=form_post` answer: a page whose form posts `fields` to `action`. */
function formPost(res: Res, action: string, fields: Record<string, string>) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  const inputs = Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`,
    )
    .join('')
  res.end(
    `<!doctype html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(action)}">${inputs}</form></body>`,
  )
}

/** The Apple stand-in's entry of a project's `social` config. */
export const appleStandinConfig = (apple: AppleStandin) => ({
  clientId: apple.clientId,
  teamId: apple.teamId,
  keyId: apple.keyId,
  privateKey: apple.privateKey,
  issuer: apple.url,
  authorizationUrl: `${apple.url}/auth/authorize`,
  tokenUrl: `${apple.url}/auth/token`,
  jwksUrl: `${apple.url}/auth/keys`,
})

/**
 * Follows redirects as a browser would (with cookies) from `url` to a `form_post` page, and
 * returns where its form posts and its fields.
 */
export async function followToFormPost(
  url: string,
): Promise<{ action: URL; fields: URLSearchParams }> {
  const page = await followUntil(url, () => false, true)
  const html = page.html ?? ''
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error(`no form_post form: ${html.slice(0, 300)}`)
  const fields = new URLSearchParams()
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  )) {
    fields.set(unescapeHtml(name ?? ''), unescapeHtml(value ?? ''))
  }
  return { action: new URL(unescapeHtml(action)), fields }
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

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
export async function followUntil(url: string, stop: (next: URL) => boolean): Promise<URL>
export async function followUntil(
  url: string,
  stop: (next: URL) => boolean,
  page: true,
): Promise<{ url: URL; html: string }>
export async function followUntil(
  url: string,
  stop: (next: URL) => boolean,
  page?: true,
): Promise<URL | { url: URL; html: string }> {
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
    // A form_post page (an error one answers 400).
    if (page && !location) return { url: current, html: await response.text() }
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

/** The visitor at Telegram: the fields its login result carries (core.telegram.org/widgets/login). */
export interface TelegramAccount {
  id: number
  first_name: string
  last_name?: string
  username?: string
  photo_url?: string
}

export interface TelegramStandin {
  url: string
  /** The bot's token, as BotFather gives it (`<bot id>:<secret>`). */
  botToken: string
  account: TelegramAccount
  /** Answer the next login with `tgAuthResult=false` (the visitor declined). */
  deny: boolean
  close(): Promise<void>
}

/**
 * oauth.telegram.org on loopback: `GET /auth?bot_id&origin&request_access&return_to` signs in
 * `account` at once and sends the browser to `return_to#tgAuthResult=<base64 of the JSON
 * result>`, the result signed as Telegram does (HMAC-SHA256 under SHA-256 of the bot token).
 * A `bot_id` other than its bot's, or a `return_to` off `origin`, gets Telegram's error text.
 *
 * @example
 * const telegram = await startTelegramStandin(() => Date.now())
 */
export async function startTelegramStandin(now: () => number): Promise<TelegramStandin> {
  const server = createServer()
  const url = await listen(server)
  const botId = String(7_000_000_000 + randomBytes(3).readUIntBE(0, 3))
  const standin: TelegramStandin = {
    url,
    botToken: `${botId}:${randomBytes(26).toString('base64url')}`,
    account: {
      id: 93_372_553,
      first_name: 'Pavel',
      username: 'pavel_tg',
      photo_url: 'https://t.me/i/userpic/320/pavel_tg.jpg',
    },
    deny: false,
    close: () => close(server),
  }
  server.on('request', (req, res) => {
    const here = new URL(req.url ?? '/', url)
    if (req.method !== 'GET' || here.pathname !== '/auth') return json(res, 404, {})
    const origin = here.searchParams.get('origin') ?? ''
    let returnTo: URL
    try {
      returnTo = new URL(here.searchParams.get('return_to') ?? '')
    } catch {
      returnTo = new URL('about:blank')
    }
    if (here.searchParams.get('bot_id') !== botId || returnTo.origin !== origin) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      return res.end('Bot domain invalid')
    }
    let result: unknown = false
    if (!standin.deny) {
      const fields = { ...standin.account, auth_date: Math.floor(now() / 1000) }
      result = { ...fields, hash: telegramHash(fields, standin.botToken) }
    }
    returnTo.hash = `tgAuthResult=${Buffer.from(JSON.stringify(result)).toString('base64')}`
    res.writeHead(302, { location: returnTo.href })
    res.end()
  })
  return standin
}
