// What an address holds and did on one chain: balances (RPC + indexed token list), history
// and NFTs (indexed transfers).
import { type Address, erc20Abi, formatUnits, getAddress, type PublicClient } from 'viem'
import type {
  Nft,
  TokenBalance,
  Transaction,
  TransactionOperationType,
  TransactionTransfer,
} from '../api-types.js'
import type { Queryable } from '../db/db.js'
import type { TransferKind } from '../indexer/decode.js'
import { ZERO_ADDRESS } from '../indexer/decode.js'
import { nftUris, type TokenMetadata, tokenMetadata } from '../indexer/tokens.js'
import type { ProjectChainConfig } from '../projects/store.js'
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

const spamList = (chain: ProjectChainConfig) =>
  (chain.spamContracts ?? []).map((address) => address.toLowerCase())

const checksum = (address: string) => getAddress(address)

// ---- Balances ----

/**
 * Native balance plus every ERC-20 the chain config names or the address's history shows,
 * with a non-zero balance. Tokens with 0 (or unknown) decimals are left out (spec §5).
 *
 * @example
 * const balances = await accountBalances(context, staticPriceSource())
 */
export async function accountBalances(
  context: AccountContext,
  prices: PriceSource,
): Promise<TokenBalance[]> {
  const { db, client, chain, address } = context
  const chainId = chain.caipNetworkId
  const native = chain.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY
  const seen = await db.query<{ contract: string }>(
    `select distinct contract from chain_transfers
     where chain_id = $1 and kind = 'erc20' and (to_address = $2 or from_address = $2)`,
    [chainId, address],
  )
  const contracts = [
    ...new Set([
      ...(chain.tokens ?? []).map((token) => token.toLowerCase()),
      ...seen.map((row) => row.contract),
    ]),
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
  const [nativeWei, ...tokenUnits] = await Promise.all([
    client.getBalance({ address: address as Address }),
    ...tokens.map((token) =>
      client.readContract({
        address: token.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Address],
      }),
    ),
  ])
  const held = tokens
    .map((token, i) => ({ token, units: tokenUnits[i] ?? 0n }))
    .filter(({ units }) => units > 0n)
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

// ---- History ----

export interface HistoryPage {
  data: Transaction[]
  next: string | null
}

interface HistoryCursor {
  block: bigint
  index: number
}

/** The opaque `next` cursor: base64url of `<block>.<txIndex>` of the last entry. */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(`${cursor.block}.${cursor.index}`).toString('base64url')
}

/** The position a cursor names, or undefined when it is not one of ours. */
export function decodeHistoryCursor(text: string): HistoryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(text)) return undefined
  const match = /^(\d{1,19})\.(\d{1,9})$/.exec(Buffer.from(text, 'base64url').toString('utf8'))
  if (!match) return undefined
  return { block: BigInt(match[1] ?? 0), index: Number(match[2]) }
}

interface TransferRecord extends Record<string, unknown> {
  tx_hash: string
  kind: TransferKind
  contract: string | null
  from_address: string
  to_address: string
  token_id: string | null
  amount: string
}

/**
 * One page of the address's transactions on the chain, newest first. Transactions whose
 * transfers (of this address) are all NFTs of spam-listed contracts are left out.
 *
 * @example
 * const page = await accountHistory(context, { limit: 20 })
 * const more = await accountHistory(context, { limit: 20, cursor: page.next })
 */
export async function accountHistory(
  context: AccountContext,
  page: { limit: number; cursor?: HistoryCursor | undefined },
): Promise<HistoryPage> {
  const { db, client, chain, address } = context
  const chainId = chain.caipNetworkId
  const spam = spamList(chain)
  // Every row of account_transactions has a transfer of the address; only a spam list can
  // hide one, so only then is the (costlier) check made.
  const params: unknown[] = [chainId, address, page.limit + 1]
  const after = page.cursor
    ? `and (a.block_number, a.tx_index) < ($${params.push(page.cursor.block.toString())}::bigint,
         $${params.push(page.cursor.index)}::integer)`
    : ''
  const notSpamOnly =
    spam.length === 0
      ? ''
      : `and exists (
           select 1 from chain_transfers t
           where t.chain_id = a.chain_id and t.tx_hash = a.tx_hash
             and (t.from_address = $2 or t.to_address = $2)
             and not (t.kind in ('erc721', 'erc1155')
               and t.contract = any($${params.push(spam)}::text[])))`
  const entries = await db.query<{ tx_hash: string; block_number: string; tx_index: number }>(
    `select a.tx_hash, a.block_number::text as block_number, a.tx_index
     from account_transactions a
     where a.chain_id = $1 and a.address = $2 ${after} ${notSpamOnly}
     order by a.block_number desc, a.tx_index desc
     limit $3`,
    params,
  )
  const shown = entries.slice(0, page.limit)
  const last = shown.at(-1)
  const next =
    entries.length > page.limit && last
      ? encodeHistoryCursor({ block: BigInt(last.block_number), index: last.tx_index })
      : null
  if (shown.length === 0) return { data: [], next }
  const hashes = shown.map((e) => e.tx_hash)
  // Native value first (the transaction's own, -1, then nested calls in trace order: -2, -3…),
  // then token transfers in log order.
  const [txs, transfers] = await Promise.all([
    db.query<{
      tx_hash: string
      mined_at: string
      from_address: string
      to_address: string | null
      success: boolean
    }>(
      `select tx_hash, mined_at::text as mined_at, from_address, to_address, success
       from chain_transactions where chain_id = $1 and tx_hash = any($2::text[])`,
      [chainId, hashes],
    ),
    db.query<TransferRecord>(
      `select tx_hash, kind, contract, from_address, to_address, token_id::text as token_id,
         amount::text as amount
       from chain_transfers
       where chain_id = $1 and tx_hash = any($2::text[])
         and (from_address = $3 or to_address = $3)
       order by tx_hash, log_index >= 0, abs(log_index), batch_index`,
      [chainId, hashes, address],
    ),
  ])
  const contracts = new Map<string, TransferKind>()
  for (const t of transfers) if (t.contract) contracts.set(t.contract, t.kind)
  const metadata = await tokenMetadata(
    db,
    client,
    chainId,
    [...contracts].flatMap(([contract, kind]) =>
      kind === 'native' ? [] : [{ address: contract, standard: kind }],
    ),
  )
  const nfts = transfers.filter((t) => t.kind === 'erc721' || t.kind === 'erc1155')
  const uris = await nftUris(
    db,
    client,
    chainId,
    nfts.map((t) => ({
      contract: t.contract ?? '',
      tokenId: BigInt(t.token_id ?? 0),
      standard: t.kind as 'erc721' | 'erc1155',
    })),
  ).catch(() => new Map<string, string | null>())
  const txByHash = new Map(txs.map((tx) => [tx.tx_hash, tx]))
  const native = chain.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY
  const data: Transaction[] = []
  for (const hash of hashes) {
    const tx = txByHash.get(hash)
    if (!tx) continue
    const own = transfers.filter((t) => t.tx_hash === hash)
    const items = own.map((t) =>
      toTransfer(t, address, metadata.get(t.contract ?? ''), native, spam, uris),
    )
    data.push({
      id: hash,
      metadata: {
        minedAt: new Date(Number(tx.mined_at) * 1000).toISOString(),
        chain: chainId,
        operationType: operationType(own, address),
        status: tx.success ? 'confirmed' : 'failed',
        sentFrom: checksum(tx.from_address),
        sentTo: checksum(tx.to_address ?? ZERO_ADDRESS),
        hash,
      },
      transfers: items,
    })
  }
  return { data, next }
}

function toTransfer(
  t: TransferRecord,
  address: string,
  token: TokenMetadata | undefined,
  native: { name: string; symbol: string; decimals: number },
  spam: readonly string[],
  uris: ReadonlyMap<string, string | null>,
): TransactionTransfer {
  const direction =
    t.from_address === address && t.to_address === address
      ? 'self'
      : t.from_address === address
        ? 'out'
        : 'in'
  const amount = BigInt(t.amount)
  if (t.kind === 'native') {
    return {
      direction,
      fungible_info: { name: native.name, symbol: native.symbol, icon: null },
      quantity: { numeric: formatUnits(amount, native.decimals) },
    }
  }
  const contract = checksum(t.contract ?? ZERO_ADDRESS)
  if (t.kind === 'erc20') {
    return {
      direction,
      fungible_info: {
        name: token?.name ?? token?.symbol ?? contract,
        symbol: token?.symbol ?? '',
        icon: null,
        address: contract,
      },
      quantity: { numeric: formatUnits(amount, token?.decimals ?? 0) },
    }
  }
  const tokenId = t.token_id ?? '0'
  const preview = nftImageUrl(uris.get(`${t.contract}:${tokenId}`) ?? null)
  return {
    direction,
    nft_info: {
      name: `${token?.name ?? token?.symbol ?? contract} #${tokenId}`,
      content: { preview: preview ? { url: preview } : null },
      flags: { is_spam: spam.includes(t.contract ?? '') },
      tokenId,
      address: contract,
    },
    quantity: { numeric: amount.toString() },
  }
}

/**
 * send / receive by direction; trade when value moved both ways; mint when everything came
 * from the zero address, burn when everything went to it.
 */
function operationType(
  transfers: readonly TransferRecord[],
  address: string,
): TransactionOperationType {
  if (transfers.length === 0) return 'execute'
  const incoming = transfers.filter((t) => t.to_address === address && t.from_address !== address)
  const outgoing = transfers.filter((t) => t.from_address === address && t.to_address !== address)
  if (incoming.length > 0 && outgoing.length > 0) return 'trade'
  if (incoming.length > 0 && incoming.every((t) => t.from_address === ZERO_ADDRESS)) return 'mint'
  if (outgoing.length > 0 && outgoing.every((t) => t.to_address === ZERO_ADDRESS)) return 'burn'
  if (incoming.length > 0) return 'receive'
  return 'send'
}

// ---- NFTs ----

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
  const rows = await db.query<{
    contract: string
    token_id: string
    kind: 'erc721' | 'erc1155'
    held: string
  }>(
    `select contract, token_id::text as token_id, kind, held::text as held from (
       select contract, token_id, kind,
         sum(case when to_address = $2 then amount else 0 end)
           - sum(case when from_address = $2 then amount else 0 end) as held
       from chain_transfers
       where chain_id = $1 and kind in ('erc721', 'erc1155')
         and (to_address = $2 or from_address = $2)
       group by contract, token_id, kind) owned
     where held > 0
     order by contract, token_id
     limit 1000`,
    [chainId, address],
  )
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
