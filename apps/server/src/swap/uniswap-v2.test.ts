// The swap API with the uniswap-v2 provider against a real Uniswap V2 (factory, WETH9, Router02
// from the npm artifacts) on anvil: tokens, quotes, approve only when the allowance is short,
// ETH → token and token → token swaps receiving at least the minimum, a slippage revert with
// the router's error, unsupported chains, no liquidity and bad input.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ANVIL_ADDRESSES, deployTestToken, TEST_TOKEN_ABI } from '@openmodal/testing'
import {
  type AnvilInstance,
  deployUniswapV2,
  startAnvil,
  type UniswapV2Deployment,
} from '@openmodal/testing/node'
import { type Address, getAddress, type Hex, maxUint256, parseEther, parseUnits } from 'viem'
import { SWAP_NATIVE_ADDRESS } from '../api-types.js'
import { staticPriceSource } from '../blockchain/prices.js'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { type AccountIndex, type TestChain, testChain } from '../testing/chain.js'
import { call, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'

const MAIN = 'eip155:31337'
const NO_SWAPS = 'eip155:31338'
const ORIGIN = 'https://app.example.com'
const ETH = SWAP_NATIVE_ADDRESS

let db: Db
let server: RunningServer
let anvil: AnvilInstance
let chain: TestChain
let uniswap: UniswapV2Deployment
let tusd: Address
let tdai: Address
/** A token with no pool at all. */
let lonely: Address

const get = (path: string, query: Record<string, string> = {}) =>
  call(`${server.url}${path}?${new URLSearchParams({ projectId: 'test-project', ...query })}`, {
    headers: { origin: ORIGIN },
  })

const balanceOf = (token: Address, owner: Address) =>
  chain.client.readContract({
    address: token,
    abi: TEST_TOKEN_ABI,
    functionName: 'balanceOf',
    args: [owner],
  })

/** Sends an API transaction from an anvil account and waits for a successful receipt. */
async function send(from: AccountIndex, tx: { to: string; data: string; value: string }) {
  const hash = await chain.sendData(from, tx.to as Address, BigInt(tx.value), tx.data as Hex)
  return chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}

before(async () => {
  ;[db, anvil] = await Promise.all([openTestPglite(), startAnvil({ chainId: 31337 })])
  chain = testChain(anvil.rpcUrl)
  uniswap = await deployUniswapV2(anvil.rpcUrl)
  ;[tusd, tdai] = [uniswap.tokens[0].address, uniswap.tokens[1].address]
  lonely = getAddress(
    (await deployTestToken(anvil.rpcUrl, { name: 'Lonely', symbol: 'LONE' })).address,
  )
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [
          {
            caipNetworkId: MAIN,
            rpcUrls: [anvil.rpcUrl],
            index: false,
            swap: { provider: 'uniswap-v2', router: uniswap.router, tokens: [tusd, tdai, lonely] },
          },
          { caipNetworkId: NO_SWAPS, rpcUrls: [anvil.rpcUrl], index: false },
        ],
      }),
    ],
  })
  server = await startTestServer(db, { prices: staticPriceSource({ ETH: 3000 }) })
})

after(async () => {
  await server.close()
  await anvil.stop()
  await db.close()
})

describe('chains and tokens', () => {
  test('lists the chains that have a provider, and their tokens with metadata', async () => {
    const chains = await get('/v1/swap/chains')
    assert.equal(chains.status, 200)
    assert.deepEqual(chains.body, { chains: [{ chainId: MAIN, provider: 'uniswap-v2' }] })
    const tokens = await get('/v1/swap/tokens', { chainId: MAIN })
    assert.equal(tokens.status, 200)
    assert.deepEqual(
      tokens.body.tokens.map((t: { symbol: string; decimals: number }) => [t.symbol, t.decimals]),
      [
        ['ETH', 18],
        ['TUSD', 6],
        ['TDAI', 18],
        ['LONE', 6],
      ],
    )
    assert.equal(tokens.body.tokens[0].address, ETH)
    assert.equal(tokens.body.tokens[1].address, tusd)
  })

  test('a chain without a provider answers the spec text, on every endpoint', async () => {
    for (const [path, query] of [
      ['/v1/swap/tokens', {}],
      ['/v1/swap/quote', { from: ETH, to: tusd, amount: '1' }],
      ['/v1/swap/gas-price', {}],
      ['/v1/swap/allowance', { tokenAddress: tusd, userAddress: ANVIL_ADDRESSES[1] }],
    ] as const) {
      for (const chainId of [NO_SWAPS, 'eip155:1']) {
        const answer = await get(path, { chainId, ...query })
        assert.equal(answer.status, 404, `${path} ${chainId}`)
        assert.deepEqual(answer.body, {
          code: 'SWAP_NOT_SUPPORTED',
          message: 'Network not supported for Swaps',
        })
      }
    }
  })
})

describe('quotes', () => {
  test('ETH → TUSD: the router amount, the 0.3 % fee and a small price impact', async () => {
    const amount = parseEther('1')
    const [, expected] = (await chain.client.readContract({
      address: uniswap.router,
      abi: uniswap.routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, [uniswap.weth, tusd]],
    })) as readonly bigint[]
    const quote = await get('/v1/swap/quote', {
      chainId: MAIN,
      from: ETH,
      to: tusd,
      amount: amount.toString(),
    })
    assert.equal(quote.status, 200)
    assert.equal(quote.body.provider, 'uniswap-v2')
    assert.equal(quote.body.toAmount, String(expected))
    assert.equal(quote.body.from.symbol, 'ETH')
    assert.equal(quote.body.to.symbol, 'TUSD')
    assert.equal(quote.body.providerFee, String((amount * 3n) / 1000n))
    // 1 ETH into a 100 ETH pool moves the price by about 1 %.
    assert.ok(quote.body.priceImpact > 0.9 && quote.body.priceImpact < 1.1, quote.body.priceImpact)
  })

  test('no pool holds the pair: NO_LIQUIDITY', async () => {
    const answer = await get('/v1/swap/quote', {
      chainId: MAIN,
      from: lonely,
      to: tusd,
      amount: '1000000',
    })
    assert.equal(answer.status, 400)
    assert.equal(answer.body.code, 'NO_LIQUIDITY')
    assert.match(answer.body.message, /^Not enough liquidity for this swap/)
  })

  test('more than the pool holds: NO_LIQUIDITY, not a crash', async () => {
    // The router reverts with an overflow for an amount beyond every reserve's reach.
    const answer = await get('/v1/swap/quote', {
      chainId: MAIN,
      from: ETH,
      to: tusd,
      amount: (maxUint256 / 2n).toString(),
    })
    assert.equal(answer.status, 400)
    assert.equal(answer.body.code, 'NO_LIQUIDITY')
  })

  test('bad input: 400 with the field named, nothing asked of the chain', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ from: ETH, to: tusd, amount: '0' }, /amount: Expected an amount above 0/],
      [{ from: ETH, to: tusd, amount: '1.5' }, /amount: Expected an amount in the smallest unit/],
      [{ from: ETH, to: tusd }, /amount: amount is required/],
      [{ from: 'eth', to: tusd, amount: '1' }, /from: Expected a 0x-prefixed/],
      [{ from: tusd, to: tusd, amount: '1' }, /from and to are the same token/],
    ]
    for (const [query, message] of cases) {
      const answer = await get('/v1/swap/quote', { chainId: MAIN, ...query })
      assert.equal(answer.status, 400, JSON.stringify(query))
      assert.match(answer.body.message, message)
    }
    const slippage = await get('/v1/swap/transaction', {
      chainId: MAIN,
      from: ETH,
      to: tusd,
      amount: '1',
      userAddress: ANVIL_ADDRESSES[1],
      slippage: '51',
    })
    assert.equal(slippage.status, 400)
    assert.match(slippage.body.message, /slippage: Expected a percentage from 0.01 to 50/)
  })
})

describe('swaps', () => {
  test('ETH → TUSD: no approval needed, received ≥ the minimum at 1 % slippage', async () => {
    const buyer = ANVIL_ADDRESSES[1]
    const allowance = await get('/v1/swap/allowance', {
      chainId: MAIN,
      tokenAddress: ETH,
      userAddress: buyer,
    })
    assert.equal(allowance.body.allowance, maxUint256.toString())
    const built = await get('/v1/swap/transaction', {
      chainId: MAIN,
      from: ETH,
      to: tusd,
      amount: parseEther('0.5').toString(),
      userAddress: buyer,
    })
    assert.equal(built.status, 200)
    assert.equal(built.body.slippage, 1)
    assert.equal(built.body.tx.to, uniswap.router)
    assert.equal(built.body.tx.value, parseEther('0.5').toString())
    assert.equal(BigInt(built.body.minAmountOut), (BigInt(built.body.toAmount) * 9900n) / 10_000n)
    assert.ok(built.body.tx.gas !== null, 'an ETH swap can be estimated at once')
    const before = await balanceOf(tusd, buyer)
    const receipt = await send(1, built.body.tx)
    assert.equal(receipt.status, 'success')
    const received = (await balanceOf(tusd, buyer)) - before
    assert.ok(received >= BigInt(built.body.minAmountOut), `${received}`)
    assert.equal(received, BigInt(built.body.toAmount))
  })

  test('TUSD → TDAI: approve when the allowance is short, then swap', async () => {
    const trader = ANVIL_ADDRESSES[2]
    const amount = parseUnits('100', 6)
    await chain.write(0, tusd, TEST_TOKEN_ABI, 'mint', [trader, amount])
    const allowance = await get('/v1/swap/allowance', {
      chainId: MAIN,
      tokenAddress: tusd,
      userAddress: trader,
    })
    assert.deepEqual(allowance.body, { allowance: '0', spender: uniswap.router })
    const approve = await get('/v1/swap/approve', {
      chainId: MAIN,
      tokenAddress: tusd,
      amount: amount.toString(),
    })
    assert.equal(approve.status, 200)
    assert.equal(approve.body.to, tusd)
    assert.equal((await send(2, approve.body)).status, 'success')
    const after = await get('/v1/swap/allowance', {
      chainId: MAIN,
      tokenAddress: tusd,
      userAddress: trader,
    })
    assert.equal(after.body.allowance, amount.toString())

    const built = await get('/v1/swap/transaction', {
      chainId: MAIN,
      from: tusd,
      to: tdai,
      amount: amount.toString(),
      userAddress: trader,
      slippage: '0.5',
    })
    assert.equal(built.status, 200)
    assert.equal(BigInt(built.body.minAmountOut), (BigInt(built.body.toAmount) * 9950n) / 10_000n)
    assert.equal((await send(2, built.body.tx)).status, 'success')
    const received = await balanceOf(tdai, trader)
    assert.ok(received >= BigInt(built.body.minAmountOut))
    assert.equal(await balanceOf(tusd, trader), 0n)
  })

  test('a competing swap between quote and send: the router refuses with its error', async () => {
    const victim = ANVIL_ADDRESSES[3]
    const built = await get('/v1/swap/transaction', {
      chainId: MAIN,
      from: ETH,
      to: tdai,
      amount: parseEther('1').toString(),
      userAddress: victim,
      slippage: '0.1',
    })
    // Someone else buys TDAI first and moves the price by several percent.
    const front = await get('/v1/swap/transaction', {
      chainId: MAIN,
      from: ETH,
      to: tdai,
      amount: parseEther('5').toString(),
      userAddress: ANVIL_ADDRESSES[4],
    })
    assert.equal((await send(4, front.body.tx)).status, 'success')
    await assert.rejects(
      chain.client.call({
        account: victim,
        to: built.body.tx.to,
        data: built.body.tx.data,
        value: BigInt(built.body.tx.value),
      }),
      /UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT/,
    )
    // A new quote reflects the moved price and goes through.
    const again = await get('/v1/swap/transaction', {
      chainId: MAIN,
      from: ETH,
      to: tdai,
      amount: parseEther('1').toString(),
      userAddress: victim,
      slippage: '0.1',
    })
    assert.ok(BigInt(again.body.toAmount) < BigInt(built.body.toAmount))
    assert.equal((await send(3, again.body.tx)).status, 'success')
  })
})

describe('prices and gas', () => {
  test('the native price from the source, a pooled token through its pool with WETH', async () => {
    const answer = await get('/v1/swap/prices', {
      chainId: MAIN,
      addresses: `${ETH},${tusd},${lonely}`,
    })
    assert.equal(answer.status, 200)
    assert.equal(answer.body.prices[ETH], 3000)
    // About 3000 TUSD per ETH in the pool: about 1 USD.
    assert.ok(Math.abs(answer.body.prices[tusd] - 1) < 0.1, answer.body.prices[tusd])
    assert.equal(answer.body.prices[lonely], null)
  })

  test('three gas price tiers from the chain', async () => {
    const answer = await get('/v1/swap/gas-price', { chainId: MAIN })
    assert.equal(answer.status, 200)
    for (const tier of ['standard', 'fast', 'instant']) assert.match(answer.body[tier], /^\d+$/)
  })
})
