// The secure site served by this server on its own origin: the pages' CSP and frame-ancestors,
// /frame-config from the project, the RPC proxy open to the secure origin. The framing itself,
// in Chromium, is `secure-site.browser.test.ts`.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import * as v from 'valibot'
import { ChainSchema } from './projects/schema.js'
import { bundlerOrigins, frameConfig, framePage } from './routes/secure-site.js'
import { call, startTestServer } from './testing/harness.js'
import {
  type SecureSiteStack,
  SITE_DIST,
  startSecureSiteStack,
} from './testing/secure-site-stack.js'

let stack: SecureSiteStack
let db: SecureSiteStack['db']
let server: SecureSiteStack['server']
let allowedDapp: SecureSiteStack['allowedDapp']
let secure: string

before(async () => {
  stack = await startSecureSiteStack()
  ;({ db, server, allowedDapp, secure } = stack)
})

after(() => stack?.close())

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

  test('the frame page carries its project config as data; no value can end the element', async () => {
    const page = await (await fetch(`${secure}/frame?projectId=frame-project`)).text()
    const [, inlined] =
      /<script type="application\/json" id="frame-config">([^<]*)<\/script>/.exec(page) ?? []
    const served = await call(`${secure}/frame-config?projectId=frame-project`)
    assert.deepEqual(JSON.parse(inlined ?? 'null'), served.body)
    const unknown = await (await fetch(`${secure}/frame?projectId=no-such-project`)).text()
    assert.doesNotMatch(unknown, /id="frame-config"/)
    // A currency name that closes the data block and runs a script of its own.
    const hostile = '</script><script>alert(1)</script><!--'
    const html = framePage('<head></head>', {
      ...(served.body as Parameters<typeof framePage>[1]),
      evmAssets: { 1: { nativeCurrency: { name: hostile, symbol: 'X', decimals: 18 } } },
    })
    assert.equal(html.match(/<script/gi)?.length, 1)
    const [, data] = /id="frame-config">(.*)<\/script><\/head>$/.exec(html) ?? []
    assert.equal(JSON.parse(data ?? 'null').evmAssets[1].nativeCurrency.name, hostile)
  })

  test('a chain with a bundler is smart-account-enabled, tokens go to the frame: frame-config and connect-src name them', () => {
    const project = {
      projectId: 'p',
      allowedOrigins: [],
      recovery: 'non-custodial',
      chains: [
        {
          caipNetworkId: 'eip155:31337',
          rpcUrls: ['http://127.0.0.1:8545'],
          bundlerUrl: 'http://127.0.0.1:4337/rpc',
          tokens: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
        },
        {
          caipNetworkId: 'eip155:1',
          rpcUrls: ['https://eth.example'],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
        {
          caipNetworkId: 'eip155:10',
          rpcUrls: ['https://op.example'],
          bundlerUrl: 'https://bundler.example/10',
          smartAccountMode: 'safe',
        },
        {
          caipNetworkId: 'eip155:17000',
          rpcUrls: ['https://holesky.example'],
          bundlerUrl: 'https://bundler.example/17000',
          smartAccountMode: 'eip7702',
          paymasterUrl: 'https://paymaster.example/v1/17000',
        },
      ],
    } as unknown as Parameters<typeof frameConfig>[0]
    const config = frameConfig(project, 'https://api.example')
    assert.deepEqual(config.bundlerUrls, {
      31337: 'http://127.0.0.1:4337/rpc',
      10: 'https://bundler.example/10',
      17000: 'https://bundler.example/17000',
    })
    // EIP-7702 or Safe mode where the project says so; ERC-4337 (the default) elsewhere.
    assert.deepEqual(config.smartAccountModes, { 10: 'safe', 17000: 'eip7702' })
    // What the frame's wallet_getAssets reads (ERC-7811): only chains that name either.
    assert.deepEqual(config.evmAssets, {
      31337: { tokens: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] },
      1: { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    })
    // ERC-7677: the chains the project sponsors, and their service among the origins.
    assert.deepEqual(config.paymasterUrls, { 17000: 'https://paymaster.example/v1/17000' })
    assert.deepEqual(bundlerOrigins(project), [
      'http://127.0.0.1:4337',
      'https://bundler.example',
      'https://paymaster.example',
    ])
    const parsed = v.safeParse(ChainSchema, {
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      rpcUrls: ['https://sol.example'],
      bundlerUrl: 'https://bundler.example',
    })
    assert.equal(parsed.success, false)
    assert.equal(parsed.issues?.[0]?.message, 'bundlerUrl is only for eip155 chains')
    const modeAlone = v.safeParse(ChainSchema, {
      caipNetworkId: 'eip155:1',
      rpcUrls: ['https://eth.example'],
      smartAccountMode: 'eip7702',
    })
    assert.equal(modeAlone.issues?.[0]?.message, 'smartAccountMode needs a bundlerUrl')
    const paymasterAlone = v.safeParse(ChainSchema, {
      caipNetworkId: 'eip155:1',
      rpcUrls: ['https://eth.example'],
      paymasterUrl: 'https://paymaster.example',
    })
    assert.equal(paymasterAlone.issues?.[0]?.message, 'paymasterUrl needs a bundlerUrl')
    const unknownMode = v.safeParse(ChainSchema, {
      caipNetworkId: 'eip155:1',
      rpcUrls: ['https://eth.example'],
      bundlerUrl: 'https://bundler.example',
      smartAccountMode: 'kernel',
    })
    assert.equal(unknownMode.success, false)
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
})
