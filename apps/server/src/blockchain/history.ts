// An address's activity on one chain (indexed transfers): pages of transactions, newest
// first, each with the transfers of the address, token metadata and NFT previews.
import { formatUnits, getAddress } from 'viem'
import type { Transaction, TransactionOperationType, TransactionTransfer } from '../api-types.js'
import { type TransferKind, ZERO_ADDRESS } from '../indexer/decode.js'
import { nftUris, type TokenMetadata, tokenMetadata } from '../indexer/tokens.js'
import { type AccountContext, DEFAULT_NATIVE_CURRENCY, spamList } from './account.js'
import {
  historyEntries,
  type TransactionRecord,
  type TransferRecord,
  transactionsByHash,
  transfersOf,
} from './account-store.js'
import { nftImageUrl } from './nft-image.js'

const checksum = (address: string) => getAddress(address)

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
  const entries = await historyEntries(db, chainId, address, {
    limit: page.limit + 1,
    before: page.cursor,
    spam,
  })
  const shown = entries.slice(0, page.limit)
  const last = shown.at(-1)
  const next =
    entries.length > page.limit && last
      ? encodeHistoryCursor({ block: BigInt(last.block_number), index: last.tx_index })
      : null
  if (shown.length === 0) return { data: [], next }
  const hashes = shown.map((e) => e.tx_hash)
  const [txs, transfers] = await Promise.all([
    transactionsByHash(db, chainId, hashes),
    transfersOf(db, chainId, hashes, address),
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
        ...parties(tx, own, address),
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
 * The row's two sides. When the address's transfers all go one way with one other party, that
 * party is the counterparty (an ERC-20 or NFT transfer's `to` or `from` topic, not the token
 * contract the transaction called); a mint's sender and a burn's receiver are the token
 * contract, never the zero address. Otherwise (trades, several parties, no transfer) the transaction's own from and to.
 */
function parties(
  tx: TransactionRecord,
  transfers: readonly TransferRecord[],
  address: string,
): { sentFrom: string; sentTo: string } {
  const incoming = transfers.filter((t) => t.to_address === address && t.from_address !== address)
  const outgoing = transfers.filter((t) => t.from_address === address && t.to_address !== address)
  const onlyOne = (sides: string[]) => (new Set(sides).size === 1 ? sides[0] : undefined)
  const from =
    outgoing.length === 0
      ? onlyOne(
          incoming.map((t) =>
            t.from_address === ZERO_ADDRESS ? (t.contract ?? ZERO_ADDRESS) : t.from_address,
          ),
        )
      : undefined
  if (from) return { sentFrom: checksum(from), sentTo: checksum(address) }
  const to =
    incoming.length === 0
      ? onlyOne(
          outgoing.map((t) =>
            t.to_address === ZERO_ADDRESS ? (t.contract ?? ZERO_ADDRESS) : t.to_address,
          ),
        )
      : undefined
  if (to) return { sentFrom: checksum(address), sentTo: checksum(to) }
  return { sentFrom: checksum(tx.from_address), sentTo: checksum(tx.to_address ?? ZERO_ADDRESS) }
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
