// The 0x provider against its loopback stand-in (0x Swap API v2, allowance-holder) and a test
// token on anvil (metadata and allowance are read from the chain): request parameters and
// headers, the answer's fields, `issues.allowance` and `issues.balance` honoured, no liquidity.
import assert from 'node:assert/strict'
import { after, before, beforeEach, test } from 'node:test'
import { ANVIL_ADDRESSES, deployTestToken, TEST_TOKEN_ABI } from '@openmodal/testing'
import { type AnvilInstance, startAnvil } from '@openmodal/testing/node'
import { type Address, getAddress } from 'viem'
import { SWAP_NATIVE_ADDRESS } from '../api-types.js'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { testChain } from '../testing/chain.js'
import { call, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import {
  startZeroExStandIn,
  ZERO_EX_SETTLER,
  ZERO_EX_SWAP_DATA,
  type ZeroExStandIn,
} from '../testing/zero-ex-stand-in.js'
import { ZERO_EX_ALLOWANCE_HOLDER } from './zero-ex.js'

const KEY = 'zero-ex-key'
const ORIGIN = 'https://app.example.com'
const ETH = SWAP_NATIVE_ADDRESS
const user = ANVIL_ADDRESSES[1]

let db: Db
let anvil: AnvilInstance
let server: RunningServer
let zeroEx: ZeroExStandIn
let tusd: Address

const get = (path: string, query: Record<string, string> = {}) =>
  call(
    `${server.url}${path}?${new URLSearchParams({ projectId: 'test-project', chainId: 'eip155:31337', ...query })}`,
    { headers: { origin: ORIGIN } },
  )
const last = () => zeroEx.requests.at(-1)

before(async () => {
  ;[db, anvil, zeroEx] = await Promise.all([
    openTestPglite(),
    startAnvil({ chainId: 31337 }),
    startZeroExStandIn(KEY),
  ])
  tusd = getAddress((await deployTestToken(anvil.rpcUrl)).address)
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [
          {
            caipNetworkId: 'eip155:31337',
            rpcUrls: [anvil.rpcUrl],
            index: false,
            swap: { provider: '0x', tokens: [tusd] },
          },
        ],
      }),
    ],
  })
  server = await startTestServer(db, { swap: { zeroEx: { apiKey: KEY, baseUrl: zeroEx.url } } })
})

beforeEach(() => {
  zeroEx.requests.length = 0
  zeroEx.setIssues({ allowance: null, balance: null })
})

after(async () => {
  await Promise.all([server.close(), zeroEx.close()])
  await anvil.stop()
  await db.close()
})

test('tokens from the chain; quote from /price with the key and version headers', async () => {
  const tokens = await get('/v1/swap/tokens')
  assert.deepEqual(
    tokens.body.tokens.map((t: { symbol: string }) => t.symbol),
    ['ETH', 'TUSD'],
  )
  const quote = await get('/v1/swap/quote', { from: tusd, to: ETH, amount: '1000000' })
  assert.equal(quote.status, 200)
  assert.equal(last()?.path, '/swap/allowance-holder/price')
  assert.deepEqual(last()?.query, {
    chainId: '31337',
    sellToken: tusd,
    buyToken: ETH,
    sellAmount: '1000000',
  })
  assert.equal(last()?.headers['0x-api-key'], KEY)
  assert.equal(last()?.headers['0x-version'], 'v2')
  assert.equal(quote.body.provider, '0x')
  assert.equal(quote.body.toAmount, String((1_000_000n - 1500n) * 2n))
  assert.equal(quote.body.providerFee, '1500')
  assert.equal(quote.body.gas, '171000')
  assert.equal(quote.body.from.symbol, 'TUSD')
})

test('swap from /quote with taker and slippageBps; the transaction and minBuyAmount read', async () => {
  const built = await get('/v1/swap/transaction', {
    from: ETH,
    to: tusd,
    amount: '1000000000000000000',
    userAddress: user,
    slippage: '0.5',
  })
  assert.equal(built.status, 200)
  assert.equal(last()?.path, '/swap/allowance-holder/quote')
  assert.equal(last()?.query.taker, user)
  assert.equal(last()?.query.slippageBps, '50')
  assert.deepEqual(built.body.tx, {
    to: getAddress(ZERO_EX_SETTLER),
    data: ZERO_EX_SWAP_DATA,
    value: '1000000000000000000',
    gas: '171000',
  })
  const buy = (10n ** 18n - (10n ** 18n * 15n) / 10_000n) * 2n
  assert.equal(built.body.toAmount, buy.toString())
  assert.equal(built.body.minAmountOut, ((buy * 9950n) / 10_000n).toString())
})

test('issues.allowance refuses the swap until approved; the allowance is read on chain', async () => {
  const allowance = await get('/v1/swap/allowance', { tokenAddress: tusd, userAddress: user })
  assert.deepEqual(allowance.body, { allowance: '0', spender: ZERO_EX_ALLOWANCE_HOLDER })
  zeroEx.setIssues({
    allowance: { actual: '0', spender: ZERO_EX_ALLOWANCE_HOLDER.toLowerCase() },
    balance: null,
  })
  const refused = await get('/v1/swap/transaction', {
    from: tusd,
    to: ETH,
    amount: '1000000',
    userAddress: user,
  })
  assert.equal(refused.status, 409)
  assert.equal(refused.body.code, 'ALLOWANCE_TOO_LOW')
  assert.equal(
    refused.body.message,
    `Approve ${ZERO_EX_ALLOWANCE_HOLDER} first: its allowance is 0`,
  )
  const approve = await get('/v1/swap/approve', { tokenAddress: tusd, amount: '1000000' })
  const chain = testChain(anvil.rpcUrl)
  await chain.sendData(1, approve.body.to, 0n, approve.body.data)
  const after = await chain.client.readContract({
    address: tusd,
    abi: TEST_TOKEN_ABI,
    functionName: 'allowance',
    args: [user, ZERO_EX_ALLOWANCE_HOLDER],
  })
  assert.equal(after, 1_000_000n)
})

test('issues.balance refuses the swap with the amounts; no liquidity is NO_LIQUIDITY', async () => {
  zeroEx.setIssues({
    allowance: null,
    balance: { token: tusd.toLowerCase(), actual: '5', expected: '1000000' },
  })
  const refused = await get('/v1/swap/transaction', {
    from: tusd,
    to: ETH,
    amount: '1000000',
    userAddress: user,
  })
  assert.equal(refused.status, 400)
  assert.deepEqual(refused.body, {
    code: 'INSUFFICIENT_BALANCE',
    message: 'Insufficient balance: 1000000 needed, 5 held',
  })
  zeroEx.answer('/swap/allowance-holder/price', 200, {
    liquidityAvailable: false,
    zid: '0x222222222222222222222222',
  })
  const none = await get('/v1/swap/quote', { from: tusd, to: ETH, amount: '1' })
  assert.equal(none.status, 400)
  assert.equal(none.body.code, 'NO_LIQUIDITY')
  zeroEx.answer('/swap/allowance-holder/price', 400, {
    name: 'INPUT_INVALID',
    message: 'Validation Failed',
    data: { zid: '0x3', details: [] },
  })
  const invalid = await get('/v1/swap/quote', { from: tusd, to: ETH, amount: '1' })
  assert.equal(invalid.status, 502)
  assert.equal(invalid.body.message, '0x: Validation Failed')
})
