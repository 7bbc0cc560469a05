// The on-ramp API against anvil, a local Solana RPC, PGlite and a Coinbase Onramp stand-in:
// options and limits (spec §3), quotes with fees (spec §9), the sandbox checkout page (credit
// once, safe page), Meld's URL, Coinbase's server-minted session, purchases in the history.
import assert from 'node:assert/strict'
import { createHmac, generateKeyPairSync } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import {
  ANVIL_ADDRESSES,
  deployTestToken,
  TEST_TOKEN_ABI,
  type TestToken,
} from '@openmodal/testing'
import {
  type AnvilInstance,
  type SolanaRpc,
  startAnvil,
  startSolanaRpc,
} from '@openmodal/testing/node'
import * as v from 'valibot'
import { createPublicClient, getAddress, http, parseEther, parseUnits } from 'viem'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import { ConfigFileSchema } from '../projects/schema.js'
import type { RunningServer } from '../server.js'
import { type CoinbaseStandIn, startCoinbaseOnramp } from '../testing/coinbase-onramp.js'
import { call, type Json, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { forgetCoinbaseOffers } from './coinbase.js'
import { verifyMeldSignature } from './meld-webhook.js'

const LOCAL = 'eip155:31337'
const BASE = 'eip155:8453'
const SOLANA = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const ORIGIN = 'https://app.example.com'
const SOL_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const alice = ANVIL_ADDRESSES[3] as `0x${string}`
const KEY_NAME = 'organizations/org-1/apiKeys/key-1'
const MELD_SECRET = 'meld-webhook-profile-secret'

let db: Db
let server: RunningServer
let anvil: AnvilInstance
let solana: SolanaRpc
let coinbase: CoinbaseStandIn
let tusd: TestToken

const get = (path: string, query: Record<string, string> = {}) =>
  call(`${server.url}${path}?${new URLSearchParams({ projectId: 'test-project', ...query })}`, {
    headers: { origin: ORIGIN },
  })
const post = (path: string, body: unknown) =>
  call(`${server.url}${path}?projectId=test-project`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const session = (body: Record<string, string>) =>
  post('/v1/onramp/sessions', {
    provider: 'sandbox',
    chainId: LOCAL,
    address: alice,
    asset: 'ETH',
    currency: 'USD',
    method: 'card',
    amount: '100',
    ...body,
  })
const pay = (url: string, amount: string, origin?: string) =>
  call(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin ? { origin } : {}),
    },
    body: new URLSearchParams({ amount }).toString(),
  })

before(async () => {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  ;[db, anvil, solana, coinbase] = await Promise.all([
    openTestPglite(),
    startAnvil({ chainId: 31337 }),
    startSolanaRpc(),
    startCoinbaseOnramp({
      keyName: KEY_NAME,
      publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    }),
  ])
  await prepareDatabase(db, { seed: false })
  tusd = await deployTestToken(anvil.rpcUrl)
  const config = v.parse(ConfigFileSchema, {
    projects: [
      {
        ...testProject({
          name: 'Shop <script>alert(1)</script>',
          features: { onramp: true },
          chains: [
            { caipNetworkId: LOCAL, rpcUrls: [anvil.rpcUrl], index: false },
            { caipNetworkId: BASE, rpcUrls: ['https://base.example/rpc'], index: false },
            { caipNetworkId: SOLANA, rpcUrls: [solana.rpcUrl] },
          ],
        }),
        onramp: {
          sandbox: true,
          meld: {
            publicKey: 'pk_meld_public',
            widgetUrl: 'https://sb.meldcrypto.com',
            webhookSecret: MELD_SECRET,
          },
          coinbase: {
            keyName: KEY_NAME,
            keySecret: keys.privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
            apiUrl: coinbase.url,
          },
          paymentCurrencies: ['USD', 'EUR', { id: 'GBP', card: { min: 20, max: 5000 } }],
          assets: [
            {
              chainId: LOCAL,
              address: tusd.address,
              symbol: tusd.symbol,
              name: tusd.name,
              decimals: tusd.decimals,
              usdPrice: 1,
            },
          ],
        },
      },
      testProject({
        projectId: 'no-onramp',
        restrictedTimezones: true,
        chains: [{ caipNetworkId: LOCAL, rpcUrls: [anvil.rpcUrl], index: false }],
      }),
    ],
  })
  await syncConfig(db, config)
  server = await startTestServer(db)
})

after(async () => {
  await server?.close()
  await Promise.all([db?.close(), anvil?.stop(), solana?.stop(), coinbase?.close()])
})

describe('options and quotes', () => {
  test('lists the providers of a chain with their fees and the spec §3 limits', async () => {
    const local = await get('/v1/onramp/options', { chainId: LOCAL })
    assert.equal(local.status, 200)
    assert.deepEqual(
      local.body.providers.map((p: Json) => [p.id, p.feePercent]),
      [
        ['sandbox', 1],
        ['meld', 1.5],
        ['coinbase', 2],
      ],
    )
    const spec = [
      { method: 'card', min: 10, max: 7500 },
      { method: 'bank', min: 10, max: 25000 },
    ]
    // Limits are in each currency's own units; GBP's card limit is the project's own.
    assert.deepEqual(local.body.paymentCurrencies, [
      { id: 'USD', limits: spec },
      { id: 'EUR', limits: spec },
      {
        id: 'GBP',
        limits: [
          { method: 'card', min: 20, max: 5000 },
          { method: 'bank', min: 10, max: 25000 },
        ],
      },
    ])
    assert.deepEqual(local.body.purchaseCurrencies, [
      { name: 'Ether', symbol: 'ETH', decimals: 18, networks: [LOCAL, BASE] },
      {
        name: 'Test USD',
        symbol: 'TUSD',
        decimals: 6,
        address: getAddress(tusd.address),
        networks: [LOCAL],
      },
    ])
    // A chain that is not on this machine never gets the sandbox; Solana has no Coinbase.
    const base = await get('/v1/onramp/options', { chainId: BASE })
    assert.deepEqual(
      base.body.providers.map((p: Json) => p.id),
      ['meld', 'coinbase'],
    )
    const sol = await get('/v1/onramp/options', { chainId: SOLANA })
    assert.deepEqual(
      sol.body.providers.map((p: Json) => p.id),
      ['sandbox', 'meld'],
    )
    assert.deepEqual(sol.body.purchaseCurrencies, [
      { name: 'Solana', symbol: 'SOL', decimals: 9, networks: [SOLANA] },
    ])
  })

  test('a project without on-ramp settings offers no provider', async () => {
    const answer = await call(
      `${server.url}/v1/onramp/options?projectId=no-onramp&chainId=${LOCAL}`,
    )
    assert.equal(answer.status, 200)
    assert.deepEqual(answer.body.providers, [])
  })

  test('the config answer carries the restricted time-zone rule only where a project sets it', async () => {
    const config = (projectId: string) =>
      call(`${server.url}/v1/projects/${projectId}/config`, { headers: { origin: ORIGIN } })
    const restricted = await config('no-onramp')
    assert.equal(restricted.body.restrictedTimezones, true, JSON.stringify(restricted.body))
    assert.equal('restrictedTimezones' in (await config('test-project')).body, false)
  })

  test('quotes each provider with its fee', async () => {
    const answer = await get('/v1/onramp/quote', {
      chainId: LOCAL,
      asset: 'ETH',
      currency: 'USD',
      method: 'card',
      amount: '300',
    })
    assert.equal(answer.status, 200)
    assert.deepEqual(
      answer.body.quotes.map((q: Json) => [q.provider, q.fee, q.cryptoAmount]),
      [
        ['sandbox', '3.00', '0.099'],
        ['meld', '4.50', '0.0985'],
        ['coinbase', '6.00', '0.098'],
      ],
    )
  })

  test('quotes in EUR with the sandbox rate; Coinbase, which takes USD only, is left out', async () => {
    const answer = await get('/v1/onramp/quote', {
      chainId: LOCAL,
      asset: 'ETH',
      currency: 'EUR',
      method: 'card',
      amount: '300',
    })
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    // 297 EUR × 1.08 USD/EUR / 3000 USD/ETH; Meld prices EUR on its own page.
    assert.deepEqual(
      answer.body.quotes.map((q: Json) => [q.provider, q.currency, q.fee, q.cryptoAmount]),
      [
        ['sandbox', 'EUR', '3.00', '0.10692'],
        ['meld', 'EUR', '4.50', null],
      ],
    )
    assert.ok(coinbase.optionsRequests.some((q) => q.country === 'US' && q.networks === 'ethereum'))
  })

  test('quotes the ERC-20 of the chain; a currency or asset not offered is refused', async () => {
    const quote = (query: Record<string, string>) =>
      get('/v1/onramp/quote', {
        chainId: LOCAL,
        asset: 'TUSD',
        currency: 'EUR',
        method: 'card',
        amount: '100',
        ...query,
      })
    const answer = await quote({})
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    assert.deepEqual(
      answer.body.quotes.map((q: Json) => [q.provider, q.asset, q.cryptoAmount]),
      [
        ['sandbox', 'TUSD', '106.92'],
        ['meld', 'TUSD', null],
      ],
    )
    const jpy = await quote({ currency: 'JPY' })
    assert.equal(jpy.status, 400)
    assert.equal(jpy.body.message, 'Invalid query: currency: Expected USD, EUR, GBP')
    const other = await quote({ asset: 'DAI' })
    assert.equal(other.status, 400)
    assert.equal(other.body.message, 'Invalid query: asset: eip155:31337 sells ETH, TUSD')
    // The limits are those of the chosen currency (GBP card: the project's 20 to 5000).
    const gbp = await quote({ currency: 'GBP', amount: '15' })
    assert.equal(gbp.body.message, 'Card payments are 20 to 5000 GBP')
    assert.equal((await quote({ currency: 'GBP', amount: '5000' })).status, 200)
  })

  test('Coinbase is quoted only within the limits of its own buy options', async () => {
    const saved = coinbase.buyOptions
    coinbase.buyOptions = {
      ...saved,
      payment_currencies: [{ id: 'USD', limits: [{ id: 'CARD', min: '5', max: '500' }] }],
    }
    forgetCoinbaseOffers()
    try {
      const quote = (method: string, amount: string) =>
        get('/v1/onramp/quote', { chainId: BASE, asset: 'ETH', currency: 'USD', method, amount })
      const providers = async (method: string, amount: string) =>
        (await quote(method, amount)).body.quotes.map((q: Json) => q.provider)
      assert.deepEqual(await providers('card', '400'), ['meld', 'coinbase'])
      assert.deepEqual(await providers('card', '600'), ['meld'])
      assert.deepEqual(await providers('bank', '100'), ['meld'])
      const refused = await session({ provider: 'coinbase', chainId: BASE, amount: '600' })
      assert.equal(refused.status, 400)
      assert.match(refused.body.message, /Coinbase does not sell ETH for 600 USD by card/)
    } finally {
      coinbase.buyOptions = saved
      forgetCoinbaseOffers()
    }
  })

  test('refuses amounts outside the card and bank limits with the limits in the message', async () => {
    const quote = (method: string, amount: string) =>
      get('/v1/onramp/quote', { chainId: LOCAL, asset: 'ETH', currency: 'USD', method, amount })
    for (const amount of ['9.99', '7500.01', '0']) {
      const answer = await quote('card', amount)
      assert.equal(answer.status, 400, amount)
      assert.equal(answer.body.message, 'Card payments are 10 to 7500 USD')
    }
    assert.equal((await quote('card', '10')).status, 200)
    assert.equal((await quote('card', '7500')).status, 200)
    assert.equal((await quote('bank', '25000')).status, 200)
    assert.equal(
      (await quote('bank', '25000.01')).body.message,
      'Bank transfers are 10 to 25000 USD',
    )
    assert.equal((await quote('card', '1e3')).status, 400)
    assert.equal((await quote('card', '-20')).status, 400)
  })

  test('refuses a session outside the limits and writes nothing', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from onramp_purchases')
    const answer = await session({ amount: '7600' })
    assert.equal(answer.status, 400)
    assert.equal(answer.body.message, 'Card payments are 10 to 7500 USD')
    const after = await db.query<{ n: number }>('select count(*)::int as n from onramp_purchases')
    assert.deepEqual(after, before)
  })
})

describe('sandbox checkout', () => {
  const balance = () =>
    createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address: alice })

  test('Pay credits the address once, the status and the history show it', async () => {
    const started = await session({ amount: '300' })
    assert.equal(started.status, 201)
    const { purchase, url } = started.body
    assert.equal(purchase.status, 'pending')
    assert.match(url, new RegExp(`^${server.url}/onramp/checkout/onr_[0-9a-f]{32}$`))

    const page = await call(url)
    assert.equal(page.status, 200)
    const csp = page.headers.get('content-security-policy') ?? ''
    assert.match(csp, /default-src 'none'/)
    assert.match(csp, /frame-ancestors 'none'/)
    assert.match(csp, /form-action 'self'/)
    assert.doesNotMatch(csp, /script-src|unsafe-inline/)
    // no-referrer would make Chromium send `Origin: null` with Pay, which the Origin check refuses.
    assert.equal(page.headers.get('referrer-policy'), 'same-origin')
    assert.doesNotMatch(page.body, /<script/i)
    assert.match(page.body, /Shop &lt;script&gt;alert\(1\)&lt;\/script&gt;/)

    const start = await balance()
    // Below and above the card limits: the form comes back with the reason, nothing paid.
    for (const amount of ['5', '8000', 'abc']) {
      const refused = await pay(url, amount)
      assert.equal(refused.status, 400, amount)
      assert.match(refused.body, /role="alert"/)
    }
    assert.equal(await balance(), start)

    // Another site cannot make the visitor's browser pay.
    assert.equal((await pay(url, '300', 'https://evil.example')).status, 403)

    const paid = await pay(url, '300', server.url)
    assert.equal(paid.status, 200)
    assert.match(paid.body, /Payment received: 0.099 ETH sent/)
    assert.equal((await balance()) - start, parseEther('0.099'))

    const again = await pay(url, '300', server.url)
    assert.equal(again.status, 200)
    assert.equal((await balance()) - start, parseEther('0.099'), 'a second Pay credits nothing')

    const status = await get(`/v1/onramp/sessions/${purchase.id}`)
    assert.equal(status.body.status, 'completed')
    assert.match(status.body.txHash, /^0x[0-9a-f]{64}$/)
    assert.equal(status.body.cryptoAmount, '0.099')

    const history = await get(`/v1/account/${alice}/history`, { chainId: LOCAL, onramp: 'sandbox' })
    assert.equal(history.status, 200)
    const [entry] = history.body.data
    assert.equal(entry.id, purchase.id)
    assert.equal(entry.metadata.operationType, 'buy')
    // The name Activity shows ("Via Sandbox checkout") comes from the server's provider list.
    assert.equal(entry.metadata.sentFrom, 'sandbox')
    assert.equal(entry.metadata.providerName, 'Sandbox checkout')
    assert.equal(entry.metadata.status, 'confirmed')
    assert.equal(entry.metadata.hash, status.body.txHash)
    assert.deepEqual(entry.transfers[0].quantity, { numeric: '0.099' })
  })

  test('two Pay clicks at once credit once', async () => {
    const { body } = await session({ amount: '30' })
    const start = await balance()
    const answers = await Promise.all([
      pay(body.url, '30'),
      pay(body.url, '30'),
      pay(body.url, '30'),
    ])
    assert.ok(answers.every((a) => a.status === 200))
    assert.equal((await balance()) - start, parseEther('0.0099'))
  })

  test('Pay for the ERC-20 in EUR mints the tokens to the address; the history lists them', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const tokens = () =>
      client.readContract({
        address: tusd.address,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [alice],
      }) as Promise<bigint>
    const start = await tokens()
    const started = await session({ asset: 'TUSD', currency: 'EUR', amount: '50' })
    assert.equal(started.status, 201, JSON.stringify(started.body))
    assert.equal(started.body.purchase.asset, 'TUSD')
    assert.equal(started.body.purchase.currency, 'EUR')
    const page = await call(started.body.url)
    assert.match(page.body, /Amount \(EUR, 10 to 7500\)/)
    const paid = await pay(started.body.url, '50', server.url)
    assert.equal(paid.status, 200, paid.body)
    // 49.50 EUR × 1.08 = 53.46 TUSD (usdPrice 1).
    assert.match(paid.body, /Payment received: 53.46 TUSD sent/)
    assert.equal((await tokens()) - start, parseUnits('53.46', 6))
    const history = await get(`/v1/account/${alice}/history`, { chainId: LOCAL, onramp: 'sandbox' })
    const row = history.body.data.find((t: Json) => t.id === started.body.purchase.id)
    assert.equal(row.metadata.status, 'confirmed')
    assert.equal(row.transfers[0].fungible_info.symbol, 'TUSD')
    assert.deepEqual(row.transfers[0].quantity, { numeric: '53.46' })
  })

  test('airdrops on the local Solana RPC', async () => {
    const started = await session({
      chainId: SOLANA,
      address: SOL_ADDRESS,
      asset: 'SOL',
      amount: '150',
    })
    assert.equal(started.status, 201, JSON.stringify(started.body))
    const paid = await pay(started.body.url, '150')
    assert.equal(paid.status, 200)
    const status = await get(`/v1/onramp/sessions/${started.body.purchase.id}`)
    assert.equal(status.body.status, 'completed')
    const lamports = await call(solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [SOL_ADDRESS] }),
    })
    assert.equal(lamports.body.result.value, 990_000_000)
  })

  test('is refused for a chain that is not on this machine, and unknown ids are 404', async () => {
    const remote = await session({ chainId: BASE })
    assert.equal(remote.status, 400)
    assert.match(remote.body.message, /sandbox does not serve eip155:8453/)
    assert.equal((await call(`${server.url}/onramp/checkout/onr_${'0'.repeat(32)}`)).status, 404)
    assert.equal((await call(`${server.url}/onramp/checkout/%3Cscript%3E`)).status, 404)
  })
})

describe('meld and coinbase', () => {
  test('Meld opens its widget with the public key and the purchase', async () => {
    const answer = await session({ provider: 'meld', chainId: BASE, amount: '250' })
    assert.equal(answer.status, 201)
    const url = new URL(answer.body.url)
    assert.equal(url.origin, 'https://sb.meldcrypto.com')
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      publicKey: 'pk_meld_public',
      destinationCurrencyCode: 'ETH',
      walletAddress: alice,
      sourceAmount: '250.00',
      sourceCurrencyCode: 'USD',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
      externalSessionId: answer.body.purchase.id,
    })
  })

  test("Meld's webhook signature: the documented example verifies, any change does not", () => {
    // Meld's "Webhooks Authentication" page: secret, profile URL, headers and body.
    const example = {
      secret: '42m4NMLS34WQ6BbMfo1KFKqMv4hy',
      url: 'https://example.meld.io/webhooks',
      timestamp: '2022-05-26T20:25:17.682818Z',
      body: '{"eventType":"WEBHOOK_TEST","eventId":"GDtv8pQgwzc9HuFFBQFrww","timestamp":"2022-05-26T20:23:45.908400Z","accountId":"W9jpQc1HKvwscqMPcLmzUS","profileId":null,"version":"2021-10-27","payload":{"requestId":"7aWW1GXTjWCCtNubzvVX7V"}}',
      signature: 'O4bN5E0U9s88l2DFc0kjt-0w3LLA3Zkv8hXhafc22Hg=',
    }
    assert.equal(verifyMeldSignature(example), true)
    assert.equal(
      verifyMeldSignature({ ...example, signature: example.signature.slice(0, -1) }),
      true,
    )
    for (const change of [
      { body: example.body.replace('WEBHOOK_TEST', 'WEBHOOK_TESt') },
      { url: 'https://example.meld.io/webhooks/' },
      { timestamp: '2022-05-26T20:25:17.682819Z' },
      { secret: '42m4NMLS34WQ6BbMfo1KFKqMv4hY' },
      { signature: `${example.signature.slice(0, -2)}!=` },
      { signature: '' },
    ]) {
      assert.equal(verifyMeldSignature({ ...example, ...change }), false, JSON.stringify(change))
    }
  })

  describe("Meld's status webhook settles the purchase it names", () => {
    const hookUrl = () => `${server.url}/v1/onramp/meld/webhook?projectId=test-project`
    const event = (eventType: string, purchaseId: string) =>
      JSON.stringify({
        eventType,
        eventId: `evt-${eventType}`,
        timestamp: new Date().toISOString(),
        accountId: 'W2aRZnYGPwhBWB94iFsZus',
        profileId: 'W9ka8vLE4ufBkSg3BEciZb',
        version: '2025-03-01',
        payload: {
          accountId: 'W2aRZnYGPwhBWB94iFsZus',
          paymentTransactionId: 'W9k9Tg12BFk1i68WpQYQY8',
          customerId: 'W9k9TfNSJRZ6rDBe95bUA2',
          externalSessionId: purchaseId,
          paymentTransactionStatus: eventType.endsWith('COMPLETE') ? 'SETTLED' : 'FAILED',
        },
        transactionType: 'CRYPTO_PURCHASE',
      })
    const deliver = (
      body: string,
      {
        secret = MELD_SECRET,
        url = hookUrl(),
        signedUrl = url,
        at = new Date(),
      }: { secret?: string; url?: string; signedUrl?: string; at?: Date } = {},
    ) => {
      const timestamp = at.toISOString()
      const signature = createHmac('sha256', secret)
        .update(`${timestamp}.${signedUrl}.${body}`)
        .digest('base64url')
      return call(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'meld-signature': `${signature}=`,
          'meld-signature-timestamp': timestamp,
        },
        body,
      })
    }
    const meldPurchase = async () => {
      const answer = await session({ provider: 'meld', chainId: BASE, amount: '40' })
      assert.equal(answer.status, 201)
      return answer.body.purchase.id as string
    }
    const statusOf = async (id: string) =>
      (await get(`/v1/onramp/sessions/${id}`)).body.status as string

    test('a forged, stale or misaddressed delivery is refused and changes nothing', async () => {
      const id = await meldPurchase()
      const complete = event('TRANSACTION_CRYPTO_COMPLETE', id)
      const forged = await deliver(complete, { secret: 'guessed' })
      assert.equal(forged.status, 401)
      const stale = await deliver(complete, { at: new Date(Date.now() - 10 * 60_000) })
      assert.equal(stale.status, 401)
      // Signed for another receiver (a delivery captured there and replayed here).
      const elsewhere = await deliver(complete, {
        signedUrl: 'https://other.example/v1/onramp/meld/webhook?projectId=test-project',
      })
      assert.equal(elsewhere.status, 401)
      const unsigned = await call(hookUrl(), { method: 'POST', body: complete })
      assert.equal(unsigned.status, 401)
      const otherProject = await deliver(complete, {
        url: `${server.url}/v1/onramp/meld/webhook?projectId=no-onramp`,
      })
      assert.equal(otherProject.status, 404)
      assert.equal(await statusOf(id), 'pending')
    })

    test('COMPLETE settles it once; the history lists it as confirmed', async () => {
      const id = await meldPurchase()
      const pending = await deliver(event('TRANSACTION_CRYPTO_PENDING', id))
      assert.deepEqual([pending.status, pending.body], [200, { settled: false }])
      assert.equal(await statusOf(id), 'pending')
      const done = await deliver(event('TRANSACTION_CRYPTO_COMPLETE', id))
      assert.deepEqual([done.status, done.body], [200, { settled: true }])
      assert.equal(await statusOf(id), 'completed')
      // A late FAILED (or a replay) does not turn it back.
      const late = await deliver(event('TRANSACTION_CRYPTO_FAILED', id))
      assert.deepEqual([late.status, late.body], [200, { settled: false }])
      assert.equal(await statusOf(id), 'completed')
      const history = await get(`/v1/account/${alice}/history`, { chainId: BASE, onramp: 'meld' })
      const row = history.body.data.find((tx: { id: string }) => tx.id === id)
      assert.equal(row.metadata.status, 'confirmed')
    })

    test('FAILED fails it; an event for a purchase of no Meld session settles nothing', async () => {
      const id = await meldPurchase()
      const failed = await deliver(event('TRANSACTION_CRYPTO_FAILED', id))
      assert.deepEqual([failed.status, failed.body], [200, { settled: true }])
      assert.equal(await statusOf(id), 'failed')
      const sandbox = (await session({})).body.purchase.id as string
      const foreign = await deliver(event('TRANSACTION_CRYPTO_COMPLETE', sandbox))
      assert.deepEqual([foreign.status, foreign.body], [200, { settled: false }])
      assert.equal(await statusOf(sandbox), 'pending')
      const garbage = await deliver('{"not":"meld"}')
      assert.equal(garbage.status, 400)
    })
  })

  test('Coinbase: a server-minted session token, the pay URL, then the status', async () => {
    const answer = await session({ provider: 'coinbase', chainId: BASE, amount: '100' })
    assert.equal(answer.status, 201, JSON.stringify(answer.body))
    assert.deepEqual(coinbase.refusals, [])
    const [request] = coinbase.tokenRequests
    assert.deepEqual(request?.body.addresses, [{ address: alice, blockchains: ['base'] }])
    assert.deepEqual(request?.body.assets, ['ETH'])
    assert.equal(request?.body.clientIp, '127.0.0.1')
    const url = new URL(answer.body.url)
    assert.equal(`${url.origin}${url.pathname}`, 'https://pay.coinbase.com/buy/select-asset')
    const id = answer.body.purchase.id
    assert.equal(url.searchParams.get('partnerUserRef'), id)
    assert.equal(url.searchParams.get('defaultNetwork'), 'base')
    assert.equal(url.searchParams.get('presetFiatAmount'), '100.00')
    assert.ok((url.searchParams.get('sessionToken') ?? '').length > 20)
    // The key never leaves the server.
    assert.doesNotMatch(JSON.stringify(answer.body), /PRIVATE KEY|keySecret/)

    assert.equal((await get(`/v1/onramp/sessions/${id}`)).body.status, 'pending')
    const hash = `0x${'ab'.repeat(32)}`
    coinbase.complete(id, { status: 'SUCCESS', txHash: hash, amount: '0.0326' })
    const done = await get(`/v1/onramp/sessions/${id}`)
    assert.equal(done.body.status, 'completed')
    assert.equal(done.body.txHash, hash)
    assert.equal(done.body.cryptoAmount, '0.0326')
    assert.deepEqual(coinbase.refusals, [])
  })

  test('the history with onramp=coinbase asks Coinbase about a pending purchase', async () => {
    const answer = await session({ provider: 'coinbase', chainId: BASE, amount: '50' })
    assert.equal(answer.status, 201, JSON.stringify(answer.body))
    const id = answer.body.purchase.id
    const row = async () =>
      (
        await get(`/v1/account/${alice}/history`, { chainId: BASE, onramp: 'coinbase' })
      ).body.data.find((t: { id: string }) => t.id === id)
    assert.equal((await row()).metadata.status, 'pending')
    // Nobody polls the purchase's own status: the history answer alone must see the outcome.
    coinbase.complete(id, { status: 'FAILED' })
    assert.equal((await row()).metadata.status, 'failed')
    assert.deepEqual(coinbase.refusals, [])
  })

  test('a Coinbase key the stand-in does not know fails the session with a 502', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const config = v.parse(ConfigFileSchema, {
      projects: [
        {
          ...testProject({
            projectId: 'wrong-key',
            chains: [{ caipNetworkId: BASE, rpcUrls: ['https://base.example/rpc'], index: false }],
          }),
          onramp: {
            coinbase: {
              keyName: KEY_NAME,
              keySecret: other.privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
              apiUrl: coinbase.url,
            },
          },
        },
      ],
    })
    await syncConfig(db, config)
    const answer = await call(`${server.url}/v1/onramp/sessions?projectId=wrong-key`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'coinbase',
        chainId: BASE,
        address: alice,
        asset: 'ETH',
        currency: 'USD',
        method: 'card',
        amount: '100',
      }),
    })
    assert.equal(answer.status, 502)
    assert.equal(answer.body.code, 'UPSTREAM_ERROR')
    assert.ok(coinbase.refusals.length > 0)
  })

  test('the config refuses a provider URL that is neither https nor loopback', () => {
    const result = v.safeParse(ConfigFileSchema, {
      projects: [
        {
          ...testProject(),
          onramp: { meld: { publicKey: 'pk', widgetUrl: 'http://meld.example' } },
        },
      ],
    })
    assert.equal(result.success, false)
  })
})
