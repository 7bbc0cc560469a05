// `pnpm demo`'s social login providers: loopback stand-ins answering with the real providers'
// shapes (src/testing/social-standins.ts: real OpenID Providers for Google and Apple (form_post,
// an ES256 client secret), GitHub's, Discord's,
// X's and Facebook's OAuth 2 and profile APIs, Telegram's login page with its signed result),
// each signing in one fixed visitor at once. It
// prints the project's `social` config for them, and serves a small control API on loopback
// for tests: `POST /<provider>/deny` makes the next authorization answer `access_denied`,
// `POST /<provider>/allow` undoes it, `POST /<provider>/account` (JSON) changes the visitor.
//
//   node --import tsx src/social-standins.ts --redirect-uri http://127.0.0.1:8787/v1/auth/social/callback [--out ready.json]
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import {
  appleStandinConfig,
  oauthStandinConfig,
  type Standin,
  type StandinAccount,
  startAppleStandin,
  startGoogleStandin,
  startOAuthStandin,
  startTelegramStandin,
  type TelegramAccount,
  type TelegramStandin,
} from './testing/social-standins.js'

const HOST = '127.0.0.1'
const { values } = parseArgs({
  options: {
    'redirect-uri': { type: 'string' },
    'control-port': { type: 'string', default: '0' },
    /** Also write the ready line's JSON to this file (for `pnpm demo`). */
    out: { type: 'string' },
  },
})
const redirectUri = values['redirect-uri']
if (!redirectUri || !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(redirectUri)) {
  console.error("--redirect-uri: the server's http://127.0.0.1:<port>/v1/auth/social/callback")
  process.exit(2)
}

const google = await startGoogleStandin(redirectUri)
const apple = await startAppleStandin(redirectUri)
const oauth = {
  github: await startOAuthStandin('github'),
  discord: await startOAuthStandin('discord'),
  x: await startOAuthStandin('x'),
  facebook: await startOAuthStandin('facebook'),
}
const telegram = await startTelegramStandin(() => Date.now())
const standins: Record<string, Standin | TelegramStandin> = { google, apple, ...oauth, telegram }
const social = {
  google: {
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    issuer: google.url,
    authorizationUrl: `${google.url}/auth`,
    tokenUrl: `${google.url}/token`,
    jwksUrl: `${google.url}/jwks`,
  },
  apple: appleStandinConfig(apple),
  ...Object.fromEntries(
    Object.entries(oauth).map(([name, standin]) => [name, oauthStandinConfig(standin)]),
  ),
  // The bot's domain at Telegram would be the secure site's; the stand-in checks `origin`
  // against `return_to` as Telegram does.
  telegram: { botToken: telegram.botToken, authorizationUrl: `${telegram.url}/auth` },
}

const control = createServer((request, response) => {
  const [, name, action] = new URL(request.url ?? '/', `http://${HOST}`).pathname.split('/')
  const standin = standins[name ?? '']
  if (request.method !== 'POST' || !standin) return void response.writeHead(404).end()
  let body = ''
  request.on('data', (chunk) => {
    body += chunk
  })
  request.on('end', () => {
    if (action === 'deny' || action === 'allow') standin.deny = action === 'deny'
    else if (action === 'account') {
      try {
        standin.account = JSON.parse(body) as StandinAccount & TelegramAccount
      } catch {
        return void response.writeHead(400).end()
      }
    } else return void response.writeHead(404).end()
    response.writeHead(204).end()
  })
})
await new Promise<void>((resolve) => control.listen(Number(values['control-port']), HOST, resolve))
const { port } = control.address() as AddressInfo
const ready = { msg: 'social stand-ins ready', control: `http://${HOST}:${port}`, social }
if (values.out) await writeFile(values.out, JSON.stringify(ready), { mode: 0o600 })
console.log(JSON.stringify(ready))

const stop = () => {
  control.close()
  control.closeAllConnections()
  void Promise.all(Object.values(standins).map((standin) => standin.close())).then(() =>
    process.exit(0),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
