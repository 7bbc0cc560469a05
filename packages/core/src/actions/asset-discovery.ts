// Token balances from the wallet itself (spec §7 "capabilities then wallet_getAssets for embedded
// EVM wallets"): the wallet is asked `wallet_getCapabilities`, and when it reports ERC-7811's
// `assetDiscovery` for the chain, `wallet_getAssets`; the answer (spec §3 discovered asset) is
// shape-checked (spec §5 "asset responses must have a valid shape") and turned into the balances
// our server would give. stores/balances.ts loads this module with import() on the first read of
// an embedded wallet's balances; like the account reads it imports only utils/units.ts, so it
// never makes the bundler split the page's entry (apps/size README).
import type { TokenBalance } from '../api/types.js'
import { formatUnitsFixed } from '../utils/units.js'

/** The connected wallet's EIP-1193 `request`. */
export type WalletRequest = (args: { method: string; params?: unknown }) => Promise<unknown>

/** Whatever the wallet answered, the answer is refused past these lengths. */
const MAX_ASSETS = 500
const MAX_NAME = 128
const MAX_SYMBOL = 32
const MAX_ICON_URL = 2048

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** The wallet's asset answer did not have ERC-7811's shape; the server is asked instead. */
export class InvalidAssetsError extends Error {
  override name = 'InvalidAssetsError'
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined

/** An http(s) icon URL, or null: anything else (javascript:, data:) is not shown. */
function iconUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_ICON_URL) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** `value` in whole units as a plain decimal string, every digit kept ('1.5', '0', '12'). */
function numeric(value: bigint, decimals: number): string {
  const fixed = formatUnitsFixed(value, decimals, decimals)
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed
}

/**
 * One ERC-7811 asset as a `TokenBalance` of `caipNetworkId`; throws `InvalidAssetsError` when it
 * lacks the discovered asset's shape (address, hex balance, type native or ERC-20, metadata with
 * name, symbol and integer decimals 0 to 255). A token of 0 decimals gives undefined: never shown
 * (spec §5).
 */
function toBalance(asset: unknown, caipNetworkId: string): TokenBalance | undefined {
  const invalid = (what: string) => new InvalidAssetsError(`wallet_getAssets: ${what}`)
  if (!isRecord(asset)) throw invalid('an asset is not an object')
  const type = typeof asset.type === 'string' ? asset.type.toLowerCase() : undefined
  if (type !== 'native' && type !== 'erc20') throw invalid('an asset type is not native or erc20')
  const address = asset.address
  if (
    type === 'native' ? address !== 'native' : typeof address !== 'string' || !ADDRESS.test(address)
  ) {
    throw invalid('an asset address is not an address (or "native")')
  }
  if (typeof asset.balance !== 'string' || !QUANTITY.test(asset.balance)) {
    throw invalid('an asset balance is not a hex quantity')
  }
  const metadata = asset.metadata
  if (!isRecord(metadata)) throw invalid('an asset has no metadata')
  const symbol = text(metadata.symbol, MAX_SYMBOL)
  const name = metadata.name === undefined ? symbol : text(metadata.name, MAX_NAME)
  const decimals = metadata.decimals
  if (!symbol || !name) throw invalid('an asset has no name or symbol')
  if (
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 255
  ) {
    throw invalid('an asset has no decimals from 0 to 255')
  }
  if (decimals === 0) return undefined
  const quantity = numeric(BigInt(asset.balance), decimals)
  const price =
    typeof metadata.price === 'number' && Number.isFinite(metadata.price) && metadata.price >= 0
      ? metadata.price
      : null
  return {
    name,
    symbol,
    chainId: caipNetworkId,
    ...(type === 'erc20' ? { address: `${caipNetworkId}:${address}` } : {}),
    value: price === null ? null : price * Number(quantity),
    price,
    quantity: { decimals: String(decimals), numeric: quantity },
    iconUrl: iconUrl(metadata.iconUrl),
  }
}

/**
 * The token balances of `address` on `caipNetworkId` (an `eip155` network) as the wallet reports
 * them: native first, then by value (unknown last), then by symbol, as the server orders them.
 * Undefined when the wallet does not report `assetDiscovery` for the chain; rejects when it
 * fails or answers a malformed list (`InvalidAssetsError`): the caller asks the server then.
 *
 * @example
 * await discoverBalances(adapter.request, '0xf39f…', 'eip155:31337')
 * // [{ symbol: 'ETH', quantity: { decimals: '18', numeric: '1.5' }, … }]
 */
export async function discoverBalances(
  request: WalletRequest,
  address: string,
  caipNetworkId: string,
): Promise<TokenBalance[] | undefined> {
  const chainHex = `0x${BigInt(caipNetworkId.slice('eip155:'.length)).toString(16)}`
  const capabilities = await request({
    method: 'wallet_getCapabilities',
    params: [address, [chainHex]],
  })
  const ofChain = isRecord(capabilities) ? capabilities[chainHex] : undefined
  const discovery = isRecord(ofChain) ? ofChain.assetDiscovery : undefined
  if (!isRecord(discovery) || discovery.supported !== true) return undefined

  const answer = await request({
    method: 'wallet_getAssets',
    params: [{ account: address, chainFilter: [chainHex] }],
  })
  const assets = isRecord(answer) ? answer[chainHex] : undefined
  if (!Array.isArray(assets) || assets.length > MAX_ASSETS) {
    throw new InvalidAssetsError(`wallet_getAssets: no list of assets for ${chainHex}`)
  }
  const balances = assets
    .map((asset) => toBalance(asset, caipNetworkId))
    .filter((balance): balance is TokenBalance => balance !== undefined)
  const rank = (b: TokenBalance) => (b.address === undefined ? 0 : 1)
  return balances.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (b.value ?? -1) - (a.value ?? -1) ||
      a.symbol.localeCompare(b.symbol, 'en'),
  )
}
