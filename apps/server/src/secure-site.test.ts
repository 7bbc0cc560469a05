// The secure site served by this server on its own origin: the pages' CSP and frame-ancestors,
// /frame-config from the project, the RPC proxy open to the secure origin, and, in Chromium,
// an allowed dapp framing it (the frame's script runs and answers the handshake) while a
// third origin cannot.
import assert from 'node:assert/strict'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildSecureSite } from '@openmodal/secure-site/serve'
import { type AnvilInstance, startAnvil } from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { prepareDatabase } from './bootstrap.js'
import { type Db, openPglite } from './db/db.js'
import { createSmtpMailer } from './embedded/mailer.js'
import { syncConfig } from './projects/config-file.js'
import type { RunningServer } from './server.js'
import { call, startTestServer, testProject } from './testing/harness.js'

const SITE_DIST = join(
  fileURLToPath(import.meta.resolve('@openmodal/secure-site/serve')),
  '../../dist',
)

/** A page server on 127.0.0.1 whose one page frames `frameUrl()` and tries the handshake. */
async function startDappPage(frameUrl: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(
      `<!doctype html><title>dapp</title><iframe title="Secure wallet" src="${frameUrl()}"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

let db: Db
let server: RunningServer
let anvil: AnvilInstance
let allowedDapp: { origin: string; server: Server }
let thirdOrigin: { origin: string; server: Server }
let secure: string

const frameUrl = () => `${secure}/frame?projectId=frame-project&chainId=31337`

before(async () => {
  // `pnpm test` builds it first (turbo: the server depends on the secure site).
  if (!existsSync(join(SITE_DIST, 'frame.html'))) await buildSecureSite({ outDir: SITE_DIST })
  ;[db, anvil, allowedDapp, thirdOrigin] = await Promise.all([
    openPglite(),
    startAnvil({ chainId: 31337 }),
    startDappPage(frameUrl),
    startDappPage(frameUrl),
  ])
  await prepareDatabase(db)
  await syncConfig(db, {
    projects: [
      testProject({
        projectId: 'frame-project',
        // Only the allowed dapp page, and a pattern CSP cannot express.
        allowedOrigins: [allowedDapp.origin, 'https://app.*.example.com'],
        chains: [
          { caipNetworkId: 'eip155:31337', rpcUrls: [anvil.rpcUrl] },
          {
            caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
            rpcUrls: ['https://solana.example'],
          },
        ],
      }),
      testProject({ projectId: 'closed-project', allowedOrigins: [] }),
    ],
  })
  const embedded = {
    authSecret: randomBytes(32),
    vaultKey: randomBytes(32),
    mailer: createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'test <t@localhost>' }),
  }
  // Listening on 127.0.0.1 but reached as localhost: another site than the dapp pages.
  const port = await freePort()
  secure = `http://localhost:${port}`
  server = await startTestServer(db, {
    secureSite: { dist: SITE_DIST, port, origin: secure },
    embedded,
  })
})

after(async () => {
  await server?.close()
  await db?.close()
  await anvil?.stop()
  for (const page of [allowedDapp, thirdOrigin]) page?.server.close()
})

const csp = async (projectId: string) => {
  const response = await fetch(`${secure}/frame?projectId=${projectId}`)
  assert.equal(response.status, 200)
  return response.headers.get('content-security-policy') ?? ''
}

describe('the secure site on its own origin', () => {
  test('serves /frame and /loading with the contract CSP and the project frame-ancestors', async () => {
    const policy = await csp('frame-project')
    assert.match(policy, /(^|; )script-src 'self'(;|$)/)
    assert.match(policy, /(^|; )object-src 'none'(;|$)/)
    assert.match(policy, new RegExp(`connect-src 'self' ${server.url}(;|$)`))
    // The pattern with a * in the middle has no CSP form: left out, not widened.
    assert.match(policy, new RegExp(`frame-ancestors ${allowedDapp.origin}$`))
    assert.match(await csp('closed-project'), /frame-ancestors 'none'$/)
    assert.match(await csp('no-such-project'), /frame-ancestors 'none'$/)
    const loading = await fetch(`${secure}/loading?projectId=frame-project`)
    assert.match(await loading.text(), /<om-loading>/)
    assert.equal(loading.headers.get('x-content-type-options'), 'nosniff')
  })

  test('answers /frame-config from the project: API, allowed origins, RPC proxy per chain', async () => {
    const { status, body } = await call(`${secure}/frame-config?projectId=frame-project`)
    assert.equal(status, 200)
    assert.deepEqual(body, {
      apiUrl: server.url,
      allowedOrigins: [allowedDapp.origin, 'https://app.*.example.com'],
      recovery: 'non-custodial',
      rpcUrls: {
        31337: `${server.url}/v1/rpc/frame-project/eip155:31337`,
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': `${server.url}/v1/rpc/frame-project/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`,
      },
    })
    const missing = await call(`${secure}/frame-config?projectId=no-such-project`)
    assert.equal(missing.status, 404)
    assert.equal(missing.body.code, 'PROJECT_NOT_FOUND')
    assert.equal((await call(`${secure}/frame-config`)).status, 404)
  })

  test('serves the built assets and nothing else on the secure origin', async () => {
    const html = await (await fetch(`${secure}/frame?projectId=frame-project`)).text()
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    assert.ok(script, 'the frame page names its script')
    const asset = await fetch(`${secure}${script}`)
    assert.equal(asset.status, 200)
    assert.match(asset.headers.get('content-type') ?? '', /javascript/)
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/)
    for (const path of ['/frame.html', '/assets/../package.json', '/health', '/v1/wallets']) {
      assert.equal((await fetch(`${secure}${path}`)).status, 404, path)
    }
    // And the API origin does not serve the site.
    assert.equal((await fetch(`${server.url}/frame?projectId=frame-project`)).status, 404)
  })

  test('lets the secure origin use the RPC proxy and the e-mail routes, not another origin', async () => {
    const rpc = (origin: string) =>
      call(`${server.url}/v1/rpc/frame-project/eip155:31337`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
    const fromFrame = await rpc(secure)
    assert.equal(fromFrame.status, 200)
    assert.equal(fromFrame.body.result, '0x7a69')
    assert.equal(fromFrame.headers.get('access-control-allow-origin'), secure)
    assert.equal((await rpc('https://evil.example')).status, 403)

    const preflight = (origin: string) =>
      fetch(`${server.url}/v1/auth/email/start`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const ok = await preflight(secure)
    assert.equal(ok.status, 204)
    assert.equal(ok.headers.get('access-control-allow-origin'), secure)
    assert.equal((await preflight(allowedDapp.origin)).status, 403)
  })

  test('takes its listener for the secure origin when no public origin is given', async () => {
    const plain = await startTestServer(db, { secureSite: { dist: SITE_DIST } })
    try {
      assert.equal(plain.secureSite?.origin, `http://127.0.0.1:${plain.secureSite?.port}`)
      const config = await call(`${plain.secureSite?.origin}/frame-config?projectId=frame-project`)
      assert.equal(config.body.apiUrl, plain.url)
    } finally {
      await plain.close()
    }
  })

  test('Chromium: the allowed dapp frames it and gets the handshake; a third origin cannot frame it', async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
    try {
      const handshake = async (dapp: string) => {
        const page = await browser.newPage()
        const refusals: string[] = []
        page.on('console', (message) => {
          if (/frame-ancestors/.test(message.text())) refusals.push(message.text())
        })
        await page.goto(`${dapp}/`)
        const iframe = await page.waitForSelector('iframe')
        const frame = await iframe.contentFrame()
        await frame?.waitForLoadState('load')
        // The dapp side of the handshake: to the exact secure origin, answered with a port.
        const answer = await page.evaluate(
          ([target, nonce]) =>
            new Promise<string>((resolve) => {
              const window_ = document.querySelector('iframe')?.contentWindow
              addEventListener('message', (event) => {
                if (event.origin === target && event.data?.nonce === nonce) {
                  resolve(`${event.data.type} ports=${event.ports.length}`)
                }
              })
              const timer = setInterval(
                () =>
                  window_?.postMessage(
                    { type: '@openmodal-frame/handshake', nonce },
                    target as string,
                  ),
                100,
              )
              setTimeout(() => {
                clearInterval(timer)
                resolve('no answer')
              }, 4000)
            }),
          [secure, randomUUID()],
        )
        const url = frame?.url() ?? ''
        await page.close()
        return { answer, url, refusals }
      }

      const allowed = await handshake(allowedDapp.origin)
      assert.equal(allowed.url, frameUrl())
      assert.equal(allowed.answer, '@openmodal-frame/handshake-accept ports=1')
      assert.deepEqual(allowed.refusals, [])

      const third = await handshake(thirdOrigin.origin)
      assert.notEqual(third.url, frameUrl(), 'the browser must not show the secure site')
      assert.equal(third.answer, 'no answer')
      assert.equal(third.refusals.length, 1, 'Chromium reports the frame-ancestors refusal')
    } finally {
      await browser.close()
    }
  })
})
