// The 1inch provider against its loopback stand-in: the parameters and key of each request,
// every field of each answer mapped into the swap API, 1inch's errors, and a missing key.
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { getAddress } from 'viem'
import { SWAP_NATIVE_ADDRESS } from '../api-types.js'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { call, startTestServer, testProject } from '../testing/harness.js'
import {
  ONE_INCH_ROUTER_V6,
  type OneInchStandIn,
  STAND_IN_USDC,
  startOneInchStandIn,
} from '../testing/one-inch-stand-in.js'
import { openTestPglite } from '../testing/pglite.js'

const KEY = 'stand-in-key'
const ORIGIN = 'https://app.example.com'
const ETH = SWAP_NATIVE_ADDRESS
const USDC = getAddress(STAND_IN_USDC.address)
const user = ANVIL_ADDRESSES[1]

let db: Db
let server: RunningServer
let keyless: RunningServer
let oneInch: OneInchStandIn

const getFrom =
  (target: RunningServer) =>
  (path: string, query: Record<string, string> = {}) =>
    call(
      `${target.url}${path}?${new URLSearchParams({ projectId: 'test-project', chainId: 'eip155:1', ...query })}`,
      { headers: { origin: ORIGIN } },
    )
const get = (path: string, query: Record<string, string> = {}) => getFrom(server)(path, query)
const last = () => oneInch.requests.at(-1)

before(async () => {
  ;[db, oneInch] = await Promise.all([openTestPglite(), startOneInchStandIn(KEY)])
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [
          {
            caipNetworkId: 'eip155:1',
            rpcUrls: ['http://127.0.0.1:9'],
            index: false,
            swap: { provider: '1inch' },
          },
        ],
      }),
    ],
  })
  ;[server, keyless] = await Promise.all([
    startTestServer(db, { swap: { oneInch: { apiKey: KEY, baseUrl: oneInch.url } } }),
    startTestServer(db),
  ])
})

beforeEach(() => {
  oneInch.requests.length = 0
})

after(async () => {
  await Promise.all([server.close(), keyless.close(), oneInch.close()])
  await db.close()
})

test('tokens: every token of the map, with its logo', async () => {
  const answer = await get('/v1/swap/tokens')
  assert.equal(answer.status, 200)
  assert.deepEqual(answer.body.tokens[1], {
    address: USDC,
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    logoUri: STAND_IN_USDC.logoURI,
  })
  assert.equal(answer.body.tokens[0].address, ETH)
  assert.equal(last()?.path, '/swap/v6.0/1/tokens')
  assert.equal(last()?.headers.authorization, `Bearer ${KEY}`)
})

test('quote: src, dst, amount, tokens info and gas asked; dstAmount, tokens and gas read', async () => {
  const answer = await get('/v1/swap/quote', { from: ETH, to: USDC, amount: '1000000000000000000' })
  assert.equal(answer.status, 200)
  assert.deepEqual(last()?.query, {
    src: ETH,
    dst: USDC,
    amount: '1000000000000000000',
    includeTokensInfo: 'true',
    includeGas: 'true',
  })
  assert.equal(last()?.path, '/swap/v6.0/1/quote')
  assert.equal(answer.body.provider, '1inch')
  assert.equal(answer.body.toAmount, '3012345678')
  assert.equal(answer.body.gas, '182243')
  assert.equal(answer.body.from.symbol, 'ETH')
  assert.equal(answer.body.to.address, USDC)
  assert.equal(answer.body.priceImpact, null)
  assert.equal(answer.body.providerFee, null)
})

test('swap: from, origin and slippage sent; the tx and minimum read', async () => {
  const answer = await get('/v1/swap/transaction', {
    from: ETH,
    to: USDC,
    amount: '1000000000000000000',
    userAddress: user,
    slippage: '0.5',
  })
  assert.equal(answer.status, 200)
  assert.deepEqual(last()?.query, {
    src: ETH,
    dst: USDC,
    amount: '1000000000000000000',
    from: user,
    origin: user,
    slippage: '0.5',
  })
  assert.deepEqual(answer.body.tx, {
    to: ONE_INCH_ROUTER_V6,
    data: `0x07ed2379${'00'.repeat(64)}`,
    value: '1000000000000000000',
    gas: '182243',
  })
  assert.equal(answer.body.toAmount, '3012345678')
  assert.equal(answer.body.minAmountOut, String((3012345678n * 9950n) / 10000n))
})

test('allowance, spender and the approve transaction', async () => {
  const allowance = await get('/v1/swap/allowance', { tokenAddress: USDC, userAddress: user })
  assert.deepEqual(allowance.body, { allowance: '1000000', spender: ONE_INCH_ROUTER_V6 })
  const paths = oneInch.requests.map((r) => r.path).sort()
  assert.deepEqual(paths, ['/swap/v6.0/1/approve/allowance', '/swap/v6.0/1/approve/spender'])
  const approve = await get('/v1/swap/approve', { tokenAddress: USDC, amount: '5000000' })
  assert.equal(approve.status, 200)
  assert.deepEqual(last()?.query, { tokenAddress: USDC, amount: '5000000' })
  assert.equal(approve.body.to, USDC)
  assert.equal(approve.body.value, '0')
  assert.match(approve.body.data, /^0x095ea7b3/)
})

test('gas price tiers from medium, high and instant; prices by address', async () => {
  const gas = await get('/v1/swap/gas-price')
  assert.deepEqual(gas.body, {
    standard: '16050000000',
    fast: '18000000000',
    instant: '32000000000',
  })
  assert.equal(last()?.path, '/gas-price/v1.5/1')
  const prices = await get('/v1/swap/prices', { addresses: `${ETH},${USDC},${user}` })
  assert.deepEqual(prices.body.prices, { [ETH]: 3012.42, [USDC]: 0.9998, [user]: null })
  assert.equal(last()?.query.currency, 'USD')
})

test("1inch's errors: insufficient liquidity, another refusal as text, a malformed answer", async () => {
  oneInch.answer('/swap/v6.0/quote', 400, {
    error: 'Bad Request',
    description: 'insufficient liquidity',
    statusCode: 400,
    requestId: 'a1b2',
    meta: [],
  })
  const none = await get('/v1/swap/quote', { from: ETH, to: USDC, amount: '1' })
  assert.equal(none.status, 400)
  assert.equal(none.body.code, 'NO_LIQUIDITY')
  oneInch.answer('/swap/v6.0/swap', 400, {
    error: 'Bad Request',
    description: '<b>Not enough ETH balance</b>',
    statusCode: 400,
  })
  const refused = await get('/v1/swap/transaction', {
    from: ETH,
    to: USDC,
    amount: '1',
    userAddress: user,
  })
  assert.equal(refused.status, 502)
  assert.deepEqual(refused.body, {
    code: 'SWAP_PROVIDER_ERROR',
    message: '1inch: <b>Not enough ETH balance</b>',
  })
  oneInch.answer('/swap/v6.0/quote', 200, { dstAmount: 'lots' })
  const malformed = await get('/v1/swap/quote', { from: ETH, to: USDC, amount: '1' })
  assert.equal(malformed.status, 502)
  assert.match(malformed.body.message, /^1inch: unexpected answer/)
})

test('without a key on the server: 502, and the stand-in is never asked', async () => {
  const answer = await getFrom(keyless)('/v1/swap/tokens')
  assert.equal(answer.status, 502)
  assert.equal(answer.body.message, '1inch: no API key is configured on the server')
  assert.equal(oneInch.requests.length, 0)
})
