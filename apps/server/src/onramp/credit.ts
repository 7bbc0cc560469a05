// The sandbox provider's "payment": the bought amount credited on a LOCAL chain. Only chains
// whose every RPC URL is on loopback qualify, and the node must be a development one (anvil
// for EVM, a Solana RPC that airdrops): a production node refuses these calls by design.
import { type Address, encodeFunctionData, type Hash, type Hex, isHash, parseAbi } from 'viem'
import type { ProjectChainConfig } from '../projects/store.js'

/** Who sends the sandbox's ETH on anvil (impersonated; its balance is topped up each time). */
export const SANDBOX_TREASURY: Address = '0x00000000000000000000000000000000005A4D00'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
const CREDIT_TIMEOUT_MS = 20_000

/** Whether every RPC URL of the chain is on loopback (a chain on this machine). */
export function isLoopbackChain(chain: ProjectChainConfig): boolean {
  return chain.rpcUrls.every((url) => {
    try {
      return LOOPBACK_HOSTS.has(new URL(url).hostname)
    } catch {
      return false
    }
  })
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(CREDIT_TIMEOUT_MS),
  })
  const body = (await response.json()) as { result?: T; error?: { message?: string } }
  if (body.error || !('result' in body)) {
    throw new Error(`${method} failed: ${body.error?.message ?? `HTTP ${response.status}`}`)
  }
  return body.result as T
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends `wei` to `to` on an anvil chain from the impersonated sandbox treasury and waits for
 * the receipt: a real transaction, so the indexer and Activity see it like any other.
 *
 * @example
 * const hash = await creditEvm(chain, '0xf39F…', 10n ** 16n)
 */
export async function creditEvm(
  chain: ProjectChainConfig,
  to: Address,
  wei: bigint,
): Promise<Hash> {
  return sendOnAnvil(chain, { from: SANDBOX_TREASURY, to, value: wei })
}

const ERC20_CREDIT_ABI = parseAbi([
  'function mint(address to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
])

/**
 * Credits `units` of an ERC-20 on an anvil chain: `transfer` from `holder` (impersonated) when
 * given, else the token's own `mint(to, units)` (a test token's) sent by the sandbox treasury.
 *
 * @example
 * const hash = await creditErc20(chain, { token: '0x5FbD…', to: '0xf39F…', units: 10n ** 6n })
 */
export async function creditErc20(
  chain: ProjectChainConfig,
  input: { token: Address; to: Address; units: bigint; holder?: Address | undefined },
): Promise<Hash> {
  const data = input.holder
    ? encodeFunctionData({
        abi: ERC20_CREDIT_ABI,
        functionName: 'transfer',
        args: [input.to, input.units],
      })
    : encodeFunctionData({
        abi: ERC20_CREDIT_ABI,
        functionName: 'mint',
        args: [input.to, input.units],
      })
  return sendOnAnvil(chain, {
    from: input.holder ?? SANDBOX_TREASURY,
    to: input.token,
    value: 0n,
    data,
  })
}

/** Sends a transaction from an impersonated account on anvil and waits for its success. */
async function sendOnAnvil(
  chain: ProjectChainConfig,
  tx: { from: Address; to: Address; value: bigint; data?: Hex },
): Promise<Hash> {
  if (!isLoopbackChain(chain)) throw new Error('the sandbox credits only chains on loopback')
  const url = chain.rpcUrls[0] as string
  const client = await rpc<string>(url, 'web3_clientVersion', [])
  if (!/^anvil\//i.test(client)) throw new Error(`the sandbox credits only anvil, not ${client}`)
  const balance = BigInt(await rpc<string>(url, 'eth_getBalance', [tx.from, 'latest']))
  const needed = tx.value + 10n ** 18n
  if (balance < needed) {
    await rpc(url, 'anvil_setBalance', [tx.from, `0x${(needed * 2n).toString(16)}`])
  }
  await rpc(url, 'anvil_impersonateAccount', [tx.from])
  const hash = await rpc<Hash>(url, 'eth_sendTransaction', [
    {
      from: tx.from,
      to: tx.to,
      value: `0x${tx.value.toString(16)}`,
      ...(tx.data ? { data: tx.data } : {}),
    },
  ])
  if (!isHash(hash)) throw new Error('eth_sendTransaction answered no hash')
  const deadline = Date.now() + CREDIT_TIMEOUT_MS
  while (Date.now() < deadline) {
    const receipt = await rpc<{ status: string } | null>(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`the credit ${hash} reverted`)
      return hash
    }
    await sleep(100)
  }
  throw new Error(`the credit ${hash} was not mined in time`)
}

/**
 * Airdrops `lamports` to `to` on a local Solana RPC and waits until it is confirmed.
 *
 * @example
 * const signature = await creditSolana(chain, 'Fg6P…', 10_000_000n)
 */
export async function creditSolana(
  chain: ProjectChainConfig,
  to: string,
  lamports: bigint,
): Promise<string> {
  if (!isLoopbackChain(chain)) throw new Error('the sandbox credits only chains on loopback')
  const url = chain.rpcUrls[0] as string
  const signature = await rpc<string>(url, 'requestAirdrop', [to, Number(lamports)])
  const deadline = Date.now() + CREDIT_TIMEOUT_MS
  while (Date.now() < deadline) {
    const statuses = await rpc<{
      value: ({ err: unknown; confirmationStatus?: string } | null)[]
    }>(url, 'getSignatureStatuses', [[signature]])
    const status = statuses.value[0]
    if (status) {
      if (status.err) throw new Error(`the airdrop ${signature} failed`)
      if (status.confirmationStatus !== 'processed') return signature
    }
    await sleep(100)
  }
  throw new Error(`the airdrop ${signature} was not confirmed in time`)
}
