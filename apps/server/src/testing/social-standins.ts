// Stand-ins of the social login providers on loopback, answering with the real providers' shapes:
// Google is a real OpenID Provider (oidc-provider) whose login step signs in the account the
// test names; GitHub is a small server with GitHub's OAuth and REST shapes (docs.github.com:
// "Authorizing OAuth apps", "REST API endpoints for users" and "for emails"), PKCE included.
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

/**
 * GitHub's OAuth app endpoints and the two REST reads a login needs, on loopback.
 *
 * @example
 * const github = await startGitHubStandin()
 */
export async function startGitHubStandin(): Promise<Standin> {
  const codes = new Map<string, IssuedCode>()
  const tokens = new Map<string, StandinAccount>()
  const server = createServer()
  const url = await listen(server)
  const standin: Standin = {
    url,
    clientId: 'Iv1.standin',
    clientSecret: randomBytes(20).toString('hex'),
    account: {
      subject: '583231',
      login: 'octocat',
      email: 'octocat@github.com',
      emailVerified: true,
    },
    deny: false,
    close: () => close(server),
  }
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  // GitHub answers a refused token request with HTTP 200 and an error body.
  const tokenError = (
    res: import('node:http').ServerResponse,
    error: string,
    description: string,
  ) =>
    json(res, 200, {
      error,
      error_description: description,
      error_uri:
        'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors',
    })
  server.on('request', (req, res) => {
    const here = new URL(req.url ?? '/', url)
    if (req.method === 'GET' && here.pathname === '/login/oauth/authorize') {
      const redirect = new URL(here.searchParams.get('redirect_uri') ?? '')
      const state = here.searchParams.get('state')
      if (here.searchParams.get('client_id') !== standin.clientId) return json(res, 404, {})
      if (standin.deny) {
        redirect.searchParams.set('error', 'access_denied')
        redirect.searchParams.set(
          'error_description',
          'The user has denied your application access.',
        )
      } else {
        const code = randomBytes(10).toString('hex')
        const method = here.searchParams.get('code_challenge_method')
        codes.set(code, {
          clientId: standin.clientId,
          redirectUri: redirect.href,
          challenge:
            method === 'S256' ? (here.searchParams.get('code_challenge') ?? undefined) : undefined,
          account: { ...standin.account },
        })
        redirect.searchParams.set('code', code)
      }
      if (state) redirect.searchParams.set('state', state)
      res.writeHead(302, { location: redirect.href })
      return res.end()
    }
    if (req.method === 'POST' && here.pathname === '/login/oauth/access_token') {
      let raw = ''
      req.on('data', (chunk) => {
        raw += chunk
      })
      req.on('end', () => {
        const form = new URLSearchParams(raw)
        const code = codes.get(form.get('code') ?? '')
        // A code works once.
        codes.delete(form.get('code') ?? '')
        if (
          form.get('client_id') !== standin.clientId ||
          form.get('client_secret') !== standin.clientSecret
        ) {
          return tokenError(
            res,
            'incorrect_client_credentials',
            'The client_id and/or client_secret passed are incorrect.',
          )
        }
        if (!code || code.redirectUri !== form.get('redirect_uri')) {
          return tokenError(
            res,
            'bad_verification_code',
            'The code passed is incorrect or expired.',
          )
        }
        const verifier = form.get('code_verifier')
        if (code.challenge !== undefined || verifier !== null) {
          if (!verifier || code.challenge === undefined || s256(verifier) !== code.challenge) {
            return tokenError(
              res,
              'bad_verification_code',
              'The code passed is incorrect or expired.',
            )
          }
        }
        const token = `gho_${randomBytes(18).toString('hex')}`
        tokens.set(token, code.account)
        json(res, 200, { access_token: token, scope: 'read:user,user:email', token_type: 'bearer' })
      })
      return
    }
    const account = tokens.get((req.headers.authorization ?? '').replace(/^(Bearer|token) /, ''))
    if (req.method === 'GET' && (here.pathname === '/user' || here.pathname === '/user/emails')) {
      if (!account) {
        return json(res, 401, {
          message: 'Requires authentication',
          documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
          status: '401',
        })
      }
      if (here.pathname === '/user') {
        return json(res, 200, {
          login: account.login,
          id: Number(account.subject),
          node_id: 'MDQ6VXNlcjE=',
          avatar_url: 'https://github.com/images/error/octocat_happy.gif',
          type: 'User',
          name: 'monalisa octocat',
          // The public e-mail: often null, and never a proof of anything.
          email: null,
        })
      }
      return json(
        res,
        200,
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
      )
    }
    json(res, 404, { message: 'Not Found' })
  })
  return standin
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
