// What an address holds on one chain: balances (RPC + indexed token list) and NFTs (indexed
// transfers). Its activity is history.ts.
import {
  type Address,
  BaseError,
  ContractFunctionZeroDataError,
  erc20Abi,
  formatUnits,
  getAddress,
  type PublicClient,
} from 'viem'
import type { Nft, TokenBalance } from '../api-types.js'
import type { Queryable } from '../db/db.js'
import { nftUris, type TokenMetadata, tokenMetadata } from '../indexer/tokens.js'
import type { ProjectChainConfig } from '../projects/store.js'
import { erc20ContractsOf, heldNfts } from './account-store.js'
import { MULTICALL_BATCH_SIZE, MULTICALL3_ADDRESS } from './multicall.js'
import { nftImageUrl } from './nft-image.js'
import type { PriceSource } from './prices.js'

export const DEFAULT_NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

export interface AccountContext {
  db: Queryable
  client: PublicClient
  chain: ProjectChainConfig
  /** Lower-case 0x address. */
  address: string
}

/** The chain's spam-listed NFT contracts, lower case. */
export const spamList = (chain: ProjectChainConfig): string[] =>
  (chain.spamContracts ?? []).map((address) => address.toLowerCase())

const checksum = (address: string) => getAddress(address)

export { MULTICALL_BATCH_SIZE, MULTICALL3_ADDRESS } from './multicall.js'

/**
 * `owner`'s balance of each of `tokens`, read through Multicall3 (`aggregate3`, chunks of
 * 1024 bytes of calldata: one `eth_call` for about 14 tokens instead of one each). A chain
 * without Multicall3 at its canonical address (the call answers no data) is read token by
 * token, as before. A failing `balanceOf` fails the whole read either way.
 *
 * @example await erc20Balances(client, [usdc, dai], owner) // [5_000_000n, 0n]
 */
export async function erc20Balances(
  client: PublicClient,
  tokens: readonly Address[],
  owner: Address,
): Promise<bigint[]> {
  if (tokens.length === 0) return []
  const contracts = tokens.map((token) => ({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf' as const,
    args: [owner] as const,
  }))
  try {
    return await client.multicall({
      contracts,
      allowFailure: false,
      batchSize: MULTICALL_BATCH_SIZE,
      multicallAddress: MULTICALL3_ADDRESS,
    })
  } catch (error) {
    const noMulticall =
      error instanceof BaseError &&
      error.walk((cause) => cause instanceof ContractFunctionZeroDataError) !== null
    if (!noMulticall) throw error
    return Promise.all(contracts.map((contract) => client.readContract(contract)))
  }
}

/**
 * Native balance plus every ERC-20 the chain config names or the address's history shows,
 * with a non-zero balance, and the tokens the host chose (`chosen`, the kit's `tokens` option)
 * even at zero. Tokens with 0 (or unknown) decimals are left out (spec §5).
 *
 * @example
 * const balances = await accountBalances(context, staticPriceSource(), ['0x5FbDB…0aa3'])
 */
export async function accountBalances(
  context: AccountContext,
  prices: PriceSource,
  chosen: readonly string[] = [],
): Promise<TokenBalance[]> {
  const { db, client, chain, address } = context
  const chainId = chain.caipNetworkId
  const native = chain.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY
  const seen = await erc20ContractsOf(db, chainId, address)
  const shown = new Set(chosen.map((token) => token.toLowerCase()))
  const contracts = [
    ...new Set([...(chain.tokens ?? []).map((token) => token.toLowerCase()), ...seen, ...shown]),
  ]
  const metadata = await tokenMetadata(
    db,
    client,
    chainId,
    contracts.map((contract) => ({ address: contract, standard: 'erc20' as const })),
  )
  const tokens = contracts
    .map((contract) => metadata.get(contract))
    .filter((t): t is TokenMetadata => t !== undefined && (t.decimals ?? 0) > 0)
  const [nativeWei, tokenUnits] = await Promise.all([
    client.getBalance({ address: address as Address }),
    erc20Balances(
      client,
      tokens.map((token) => token.address as Address),
      address as Address,
    ),
  ])
  const held = tokens
    .map((token, i) => ({ token, units: tokenUnits[i] ?? 0n }))
    .filter(({ token, units }) => units > 0n || shown.has(token.address.toLowerCase()))
  const [nativePrice, ...tokenPrices] = await prices.prices([
    { chainId, symbol: native.symbol },
    ...held.map(({ token }) => ({
      chainId,
      symbol: token.symbol ?? '',
      address: token.address,
    })),
  ])
  const balance = (
    numeric: string,
    decimals: number,
    price: number | null | undefined,
    fields: Pick<TokenBalance, 'name' | 'symbol'> & { address?: string },
  ): TokenBalance => ({
    ...fields,
    chainId,
    value: price == null ? null : price * Number(numeric),
    price: price ?? null,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: null,
  })
  const tokenBalances = held.map(({ token, units }, i) =>
    balance(formatUnits(units, token.decimals ?? 0), token.decimals ?? 0, tokenPrices[i], {
      name: token.name ?? token.symbol ?? checksum(token.address),
      symbol: token.symbol ?? '',
      address: `${chainId}:${checksum(token.address)}`,
    }),
  )
  tokenBalances.sort(
    (a, b) =>
      (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY) ||
      a.symbol.localeCompare(b.symbol),
  )
  return [
    balance(formatUnits(nativeWei, native.decimals), native.decimals, nativePrice, {
      name: native.name,
      symbol: native.symbol,
    }),
    ...tokenBalances,
  ]
}

/**
 * The NFTs the address holds now (incoming minus outgoing transfers), by contract and id.
 *
 * @example
 * const nfts = await accountNfts(context)
 */
export async function accountNfts(context: AccountContext): Promise<Nft[]> {
  const { db, client, chain, address } = context
  const chainId = chain.caipNetworkId
  const spam = spamList(chain)
  const rows = await heldNfts(db, chainId, address)
  const metadata = await tokenMetadata(
    db,
    client,
    chainId,
    [...new Map(rows.map((r) => [r.contract, r.kind]))].map(([contract, standard]) => ({
      address: contract,
      standard,
    })),
  )
  const uris = await nftUris(
    db,
    client,
    chainId,
    rows.map((r) => ({ contract: r.contract, tokenId: BigInt(r.token_id), standard: r.kind })),
  ).catch(() => new Map<string, string | null>())
  return rows.map((row) => {
    const token = metadata.get(row.contract)
    const contract = checksum(row.contract)
    const collection = token?.name ?? token?.symbol ?? contract
    return {
      chainId,
      contract,
      tokenId: row.token_id,
      standard: row.kind === 'erc721' ? 'ERC721' : 'ERC1155',
      amount: row.held,
      name: `${collection} #${row.token_id}`,
      collection,
      imageUrl: nftImageUrl(uris.get(`${row.contract}:${row.token_id}`) ?? null),
      isSpam: spam.includes(row.contract),
    }
  })
}
