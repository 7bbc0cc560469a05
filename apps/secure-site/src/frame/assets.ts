// ERC-7811 `wallet_getAssets` for the embedded wallet: what the visitor's account holds on the
// project's EVM chains, read by the frame itself from each chain's node (never taken from the
// page): the native balance, and the ERC-20 tokens the project names for the chain with a
// balance above zero, each with the name, symbol and decimals its contract answers. A token the
// page asks about in `assetFilter` is read too and answered even at zero. Loaded with the first
// request only.
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  isAddress,
  isHex,
  numberToHex,
} from 'viem'
import { RpcError } from './rpc-error.js'

/** One EVM chain the wallet reports assets on. */
export interface AssetChain {
  chainId: number
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** The ERC-20 contracts the project names for this chain. */
  tokens: readonly Hex[]
}

/** ERC-7811's asset (spec §3 discovered asset): balance in hex, metadata from the chain. */
export interface DiscoveredAsset {
  address: Hex | 'native'
  balance: Hex
  type: 'native' | 'erc20'
  metadata: { name: string; symbol: string; decimals: number }
}

/** At most this many assets asked per chain in `assetFilter`. */
export const MAX_ASKED_ASSETS = 100
/** How long one chain's node may take for one read. */
const READ_TIMEOUT_MS = 10_000

const invalid = (what: string) => new RpcError(-32602, `Invalid params: ${what}`)

interface Plan {
  chain: AssetChain
  native: boolean
  /** Token contracts to read, lower case; `asked` ones are answered even at zero. */
  tokens: { address: Hex; asked: boolean }[]
}

/** The request's `account` (the caller checks that the wallet owns it). */
export function assetsAccount(params: readonly unknown[]): Hex {
  const [request] = params
  const account = (request as { account?: unknown } | undefined)?.account
  if (typeof request !== 'object' || request === null) throw invalid('expected one object')
  if (typeof account !== 'string' || !isAddress(account)) {
    throw invalid('"account" must be an address')
  }
  return account
}

/** What to read on which chain, from ERC-7811's filters; refuses a malformed request. */
function plan(request: Record<string, unknown>, chains: readonly AssetChain[]): Plan[] {
  const { chainFilter, assetTypeFilter, assetFilter } = request
  if (
    chainFilter !== undefined &&
    (!Array.isArray(chainFilter) || !chainFilter.every((id) => typeof id === 'string' && isHex(id)))
  ) {
    throw invalid('"chainFilter" must be an array of hex chain ids')
  }
  if (
    assetTypeFilter !== undefined &&
    (!Array.isArray(assetTypeFilter) || !assetTypeFilter.every((t) => typeof t === 'string'))
  ) {
    throw invalid('"assetTypeFilter" must be an array of asset types')
  }
  const asked = new Map<number, { address: string; type: string }[]>()
  if (assetFilter !== undefined) {
    if (typeof assetFilter !== 'object' || assetFilter === null || Array.isArray(assetFilter)) {
      throw invalid('"assetFilter" must map hex chain ids to assets')
    }
    for (const [id, assets] of Object.entries(assetFilter)) {
      if (!isHex(id)) throw invalid('"assetFilter" must map hex chain ids to assets')
      if (!Array.isArray(assets) || assets.length > MAX_ASKED_ASSETS) {
        throw invalid(`"assetFilter" takes at most ${MAX_ASKED_ASSETS} assets per chain`)
      }
      for (const asset of assets as { address?: unknown; type?: unknown }[]) {
        if (
          typeof asset?.type !== 'string' ||
          typeof asset.address !== 'string' ||
          (asset.address !== 'native' && !isAddress(asset.address))
        ) {
          throw invalid('each asset of "assetFilter" needs an address (or "native") and a type')
        }
      }
      asked.set(Number(id), assets as { address: string; type: string }[])
    }
  }
  const types = assetTypeFilter as string[] | undefined
  const chainIds = (chainFilter as Hex[] | undefined)?.map(Number)
  const wants = (type: string) => !types || types.includes(type)
  return chains
    .filter(({ chainId }) => !chainIds || chainIds.includes(chainId))
    .filter(({ chainId }) => !assetFilter || asked.has(chainId))
    .map((chain) => {
      const filter = asked.get(chain.chainId)
      const tokens = filter
        ? filter
            .filter(({ type, address }) => type === 'erc20' && address !== 'native')
            .map(({ address }) => ({ address: address.toLowerCase() as Hex, asked: true }))
        : chain.tokens.map((address) => ({ address: address.toLowerCase() as Hex, asked: false }))
      return {
        chain,
        native: wants('native') && (!filter || filter.some(({ type }) => type === 'native')),
        tokens: wants('erc20')
          ? [...new Map(tokens.map((token) => [token.address, token])).values()]
          : [],
      }
    })
}

async function read(chain: AssetChain, method: string, params: unknown[]): Promise<unknown> {
  let body: { result?: unknown; error?: { message?: unknown } }
  try {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
    body = (await response.json()) as typeof body
  } catch (cause) {
    throw new RpcError(
      -32603,
      `The network eip155:${chain.chainId} did not answer: ${(cause as Error).message}`,
    )
  }
  if (body.error) throw new Error(String(body.error.message ?? 'RPC error'))
  return body.result
}

type Erc20Read = 'balanceOf' | 'decimals' | 'symbol' | 'name'

/** One ERC-20 read; undefined when the contract does not answer it. */
async function call(chain: AssetChain, token: Hex, functionName: Erc20Read, args: unknown[] = []) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as never)
  const result = await read(chain, 'eth_call', [{ to: token, data }, 'latest']).catch(
    (error: unknown) => {
      if (error instanceof RpcError) throw error // the node itself did not answer
      return undefined // the contract reverted
    },
  )
  if (typeof result !== 'string' || !isHex(result) || result === '0x') return undefined
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName, data: result } as never) as unknown
  } catch {
    return undefined
  }
}

type Metadata = DiscoveredAsset['metadata']
/** Token metadata per `chainId:address` (a contract's name, symbol and decimals do not change). */
const metadataCache = new Map<string, Promise<Metadata | undefined>>()

/** A token's name, symbol and decimals; undefined without symbol or with 0 decimals. */
function metadataOf(chain: AssetChain, token: Hex): Promise<Metadata | undefined> {
  const key = `${chain.chainId}:${token}`
  const known = metadataCache.get(key)
  if (known) return known
  const reading = Promise.all([
    call(chain, token, 'decimals'),
    call(chain, token, 'symbol'),
    call(chain, token, 'name'),
  ]).then(([decimals, symbol, name]) => {
    if (typeof decimals !== 'number' || decimals === 0 || typeof symbol !== 'string' || !symbol) {
      return undefined
    }
    return { name: typeof name === 'string' && name ? name : symbol, symbol, decimals }
  })
  metadataCache.set(key, reading)
  reading.catch(() => metadataCache.delete(key)) // the node failed: ask again next time
  return reading
}

async function assetsOn(account: Hex, { chain, native, tokens }: Plan) {
  const [nativeBalance, ...held] = await Promise.all([
    native
      ? read(chain, 'eth_getBalance', [account, 'latest']).catch((error: Error) => {
          if (error instanceof RpcError) throw error
          throw new RpcError(-32603, `The network eip155:${chain.chainId}: ${error.message}`)
        })
      : undefined,
    ...tokens.map(async ({ address, asked }): Promise<DiscoveredAsset | undefined> => {
      const [balance, metadata] = await Promise.all([
        call(chain, address, 'balanceOf', [account]),
        metadataOf(chain, address),
      ])
      if (typeof balance !== 'bigint' || !metadata || (balance === 0n && !asked)) return undefined
      return { address, balance: numberToHex(balance), type: 'erc20', metadata }
    }),
  ])
  const assets: DiscoveredAsset[] = []
  if (native) {
    if (typeof nativeBalance !== 'string' || !isHex(nativeBalance)) {
      throw new RpcError(-32603, `The network eip155:${chain.chainId} answered no balance`)
    }
    assets.push({
      address: 'native',
      balance: numberToHex(BigInt(nativeBalance)),
      type: 'native',
      metadata: { ...chain.nativeCurrency },
    })
  }
  for (const asset of held) if (asset) assets.push(asset)
  return assets
}

/**
 * Answers ERC-7811 `wallet_getAssets` for `account` (already checked to be the wallet's) on
 * `chains`, keyed by hex chain id.
 *
 * @example
 * await getAssets([{ account }], chains) // { '0x7a69': [{ address: 'native', balance: '0x…', … }] }
 */
export async function getAssets(
  params: readonly unknown[],
  chains: readonly AssetChain[],
): Promise<Record<Hex, DiscoveredAsset[]>> {
  const account = assetsAccount(params)
  const plans = plan(params[0] as Record<string, unknown>, chains)
  const answers = await Promise.all(plans.map((p) => assetsOn(account, p)))
  return Object.fromEntries(plans.map((p, i) => [numberToHex(p.chain.chainId), answers[i] ?? []]))
}
