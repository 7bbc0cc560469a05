import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from './accounts.js'
import { TEST_TOKEN_ABI } from './test-token.js'
import { deployUniswapV2, type UniswapV2Deployment } from './uniswap.js'

let anvil: AnvilInstance
let uniswap: UniswapV2Deployment
before(async () => {
  anvil = await startAnvil()
  uniswap = await deployUniswapV2(anvil.rpcUrl)
})
after(() => anvil.stop())

test('the unmodified artifacts quote and swap ETH for a test token through Router02', async () => {
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  const [tusd] = uniswap.tokens
  const path = [uniswap.weth, tusd.address]
  const amounts = (await client.readContract({
    address: uniswap.router,
    abi: uniswap.routerAbi,
    functionName: 'getAmountsOut',
    args: [parseEther('1'), path],
  })) as readonly [bigint, bigint]
  // 100 ETH : 300,000 TUSD with the 0.3 % fee: a little under 2970 TUSD for 1 ETH.
  assert.ok(amounts[1] > 2_900_000_000n && amounts[1] < 2_970_000_000n, `${amounts[1]}`)

  const buyer = ANVIL_ADDRESSES[1]
  const wallet = createWalletClient({
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]),
    transport: http(anvil.rpcUrl),
  })
  const hash = await wallet.writeContract({
    address: uniswap.router,
    abi: uniswap.routerAbi,
    functionName: 'swapExactETHForTokens',
    args: [amounts[1], path, buyer, BigInt(Math.floor(Date.now() / 1000) + 600)],
    value: parseEther('1'),
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  assert.equal(receipt.status, 'success')
  const balance = await client.readContract({
    address: tusd.address,
    abi: TEST_TOKEN_ABI,
    functionName: 'balanceOf',
    args: [buyer],
  })
  assert.equal(balance, amounts[1])
})

test('the token/token pool exists with the seeded reserves', async () => {
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  const [a, b] = uniswap.tokens
  const pair = await client.readContract({
    address: uniswap.factory,
    abi: uniswap.factoryAbi,
    functionName: 'getPair',
    args: [a.address, b.address],
  })
  const reserves = (await client.readContract({
    address: pair as `0x${string}`,
    abi: uniswap.pairAbi,
    functionName: 'getReserves',
  })) as readonly [bigint, bigint, number]
  const seeded = [100_000n * 10n ** 6n, 100_000n * 10n ** 18n].sort((x, y) => (x < y ? -1 : 1))
  assert.deepEqual(
    [reserves[0], reserves[1]].sort((x, y) => (x < y ? -1 : 1)),
    seeded,
  )
})
