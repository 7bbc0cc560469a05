// Uniswap V2 on a local chain, from the unmodified compiled artifacts of the npm packages
// `@uniswap/v2-core` 1.0.1 (factory, pair) and `@uniswap/v2-periphery` 1.1.0-beta.0 (Router02,
// WETH9). The Pair's init code hash in those artifacts matches the one baked into Router02, so
// they work together without recompiling. GPL-3.0: these packages are devDependencies, read
// here at run time only (never bundled, never a dependency of a published package).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from './accounts.js'
import { TEST_TOKEN_ABI } from './test-token.js'
import { deployTestToken, type TestToken } from './token.js'

interface Artifact {
  abi: Abi
  bytecode: Hex
}

const ARTIFACTS = {
  factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  router: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  weth: '@uniswap/v2-periphery/build/WETH9.json',
} as const

/** Reads one artifact; a clear error when the (dev-only) Uniswap packages are not installed. */
function artifact(name: keyof typeof ARTIFACTS): Artifact {
  const require = createRequire(import.meta.url)
  let path: string
  try {
    path = require.resolve(ARTIFACTS[name])
  } catch {
    throw new Error(
      `deployUniswapV2: ${ARTIFACTS[name]} is missing; install @uniswap/v2-core@1.0.1 and @uniswap/v2-periphery@1.1.0-beta.0 as devDependencies`,
    )
  }
  const json = JSON.parse(readFileSync(path, 'utf8')) as { abi: Abi; bytecode: string }
  const bytecode = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`
  return { abi: json.abi, bytecode: bytecode as Hex }
}

/** One pool's starting reserves: `a` and `b` are token addresses, or `'ETH'` for WETH. */
export interface UniswapPoolSeed {
  a: Address | 'ETH'
  b: Address | 'ETH'
  amountA: bigint
  amountB: bigint
}

export interface DeployUniswapV2Options {
  /** Deployer and liquidity provider; default anvil account 0. */
  privateKey?: Hex
  /** Test tokens to pool; default "Test USD" (TUSD, 6 decimals) and "Test DAI" (TDAI, 18). */
  tokens?: readonly [TestToken, TestToken]
  /**
   * Pools to seed; default ETH/A at 1 ETH = 3000 A (100 ETH), ETH/B at 3000 B (100 ETH) and
   * A/B at 1:1 (100,000 each).
   */
  pools?: (tokens: readonly [TestToken, TestToken], weth: Address) => readonly UniswapPoolSeed[]
}

export interface UniswapV2Deployment {
  factory: Address
  router: Address
  weth: Address
  tokens: readonly [TestToken, TestToken]
  /** Addresses are checksummed. The router's ABI (from the artifact), for tests that call it directly. */
  routerAbi: Abi
  /** The pair's ABI (reserves, token0, token1). */
  pairAbi: Abi
  factoryAbi: Abi
}

const defaultPools = ([a, b]: readonly [TestToken, TestToken]): UniswapPoolSeed[] => [
  { a: 'ETH', b: a.address, amountA: parseEther('100'), amountB: parseUnits('300000', a.decimals) },
  { a: 'ETH', b: b.address, amountA: parseEther('100'), amountB: parseUnits('300000', b.decimals) },
  {
    a: a.address,
    b: b.address,
    amountA: parseUnits('100000', a.decimals),
    amountB: parseUnits('100000', b.decimals),
  },
]

/**
 * Deploys the Uniswap V2 factory, WETH9 and Router02, two test ERC-20s (the package's test
 * token) and seeds pools through the router (`addLiquidity` / `addLiquidityETH`). Waits for
 * every transaction.
 *
 * @example
 * const uniswap = await deployUniswapV2(anvil.rpcUrl)
 * const [tusd] = uniswap.tokens // 1 ETH ≈ 3000 TUSD in the default pools
 */
export async function deployUniswapV2(
  rpcUrl: string,
  options: DeployUniswapV2Options = {},
): Promise<UniswapV2Deployment> {
  const privateKey = options.privateKey ?? ANVIL_PRIVATE_KEYS[0]
  const account = privateKeyToAccount(privateKey)
  const client = createWalletClient({ account, transport: http(rpcUrl) }).extend(publicActions)
  const mined = async (hash: Hex, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`deployUniswapV2: ${what} failed in ${hash}`)
    return receipt
  }
  const deploy = async (name: keyof typeof ARTIFACTS, args: readonly unknown[]) => {
    const { abi, bytecode } = artifact(name)
    const hash = await client.deployContract({ abi, bytecode, args, chain: null })
    const receipt = await mined(hash, `deploying ${name}`)
    if (!receipt.contractAddress) throw new Error(`deployUniswapV2: no address for ${name}`)
    return getAddress(receipt.contractAddress)
  }

  const factory = await deploy('factory', [account.address])
  const weth = await deploy('weth', [])
  const router = await deploy('router', [factory, weth])
  const checksummed = (token: TestToken): TestToken => ({
    ...token,
    address: getAddress(token.address),
  })
  const tokens = options.tokens ?? [
    await deployTestToken(rpcUrl, { privateKey, supply: parseUnits('10000000', 6) }),
    await deployTestToken(rpcUrl, {
      privateKey,
      name: 'Test DAI',
      symbol: 'TDAI',
      decimals: 18,
      supply: parseUnits('10000000', 18),
    }),
  ]
  const pooled = [checksummed(tokens[0]), checksummed(tokens[1])] as const
  const routerAbi = artifact('router').abi
  for (const token of pooled) {
    const hash = await client.writeContract({
      address: token.address,
      abi: TEST_TOKEN_ABI,
      functionName: 'approve',
      args: [router, maxUint256],
      chain: null,
    })
    await mined(hash, `approving ${token.symbol}`)
  }
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
  for (const pool of (options.pools ?? defaultPools)(pooled, weth)) {
    const hash =
      pool.a === 'ETH' || pool.b === 'ETH'
        ? await client.writeContract({
            address: router,
            abi: routerAbi,
            functionName: 'addLiquidityETH',
            args: [
              pool.a === 'ETH' ? pool.b : pool.a,
              pool.a === 'ETH' ? pool.amountB : pool.amountA,
              0n,
              0n,
              account.address,
              deadline,
            ],
            value: pool.a === 'ETH' ? pool.amountA : pool.amountB,
            chain: null,
          })
        : await client.writeContract({
            address: router,
            abi: routerAbi,
            functionName: 'addLiquidity',
            args: [pool.a, pool.b, pool.amountA, pool.amountB, 0n, 0n, account.address, deadline],
            chain: null,
          })
    await mined(hash, 'adding liquidity')
  }
  return {
    factory,
    router,
    weth,
    tokens: pooled,
    routerAbi,
    pairAbi: artifact('pair').abi,
    factoryAbi: artifact('factory').abi,
  }
}
