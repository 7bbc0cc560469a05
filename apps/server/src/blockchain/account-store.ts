// The SQL of the account endpoints: what the indexer's tables hold for one address.
import type { Queryable } from '../db/db.js'
import type { TransferKind } from '../indexer/decode.js'

/** A transfer of the address as the history reads it (amounts and ids as decimal text). */
export interface TransferRecord extends Record<string, unknown> {
  tx_hash: string
  kind: TransferKind
  contract: string | null
  from_address: string
  to_address: string
  token_id: string | null
  amount: string
}

export interface HistoryEntry extends Record<string, unknown> {
  tx_hash: string
  block_number: string
  tx_index: number
}

export interface TransactionRecord extends Record<string, unknown> {
  tx_hash: string
  /** Unix seconds as text. */
  mined_at: string
  from_address: string
  to_address: string | null
  success: boolean
}

export interface HeldNft extends Record<string, unknown> {
  contract: string
  token_id: string
  kind: 'erc721' | 'erc1155'
  held: string
}

/** The ERC-20 contracts the address sent or received. */
export async function erc20ContractsOf(
  db: Queryable,
  chainId: string,
  address: string,
): Promise<string[]> {
  const rows = await db.query<{ contract: string }>(
    `select distinct contract from chain_transfers
     where chain_id = $1 and kind = 'erc20' and (to_address = $2 or from_address = $2)`,
    [chainId, address],
  )
  return rows.map((row) => row.contract)
}

/**
 * Up to `limit` transactions of the address, newest first, before `before` (block, index)
 * when given; with `spam` contracts, those whose transfers of the address are all NFTs of
 * them are left out.
 */
export function historyEntries(
  db: Queryable,
  chainId: string,
  address: string,
  query: {
    limit: number
    before?: { block: bigint; index: number } | undefined
    spam: readonly string[]
  },
): Promise<HistoryEntry[]> {
  const params: unknown[] = [chainId, address, query.limit]
  const after = query.before
    ? `and (a.block_number, a.tx_index) < ($${params.push(query.before.block.toString())}::bigint,
         $${params.push(query.before.index)}::integer)`
    : ''
  // Every row of account_transactions has a transfer of the address; only a spam list can
  // hide one, so only then is the (costlier) check made.
  const notSpamOnly =
    query.spam.length === 0
      ? ''
      : `and exists (
           select 1 from chain_transfers t
           where t.chain_id = a.chain_id and t.tx_hash = a.tx_hash
             and (t.from_address = $2 or t.to_address = $2)
             and not (t.kind in ('erc721', 'erc1155')
               and t.contract = any($${params.push(query.spam)}::text[])))`
  return db.query<HistoryEntry>(
    `select a.tx_hash, a.block_number::text as block_number, a.tx_index
     from account_transactions a
     where a.chain_id = $1 and a.address = $2 ${after} ${notSpamOnly}
     order by a.block_number desc, a.tx_index desc
     limit $3`,
    params,
  )
}

/** The transactions with these hashes. */
export function transactionsByHash(
  db: Queryable,
  chainId: string,
  hashes: readonly string[],
): Promise<TransactionRecord[]> {
  return db.query<TransactionRecord>(
    `select tx_hash, mined_at::text as mined_at, from_address, to_address, success
     from chain_transactions where chain_id = $1 and tx_hash = any($2::text[])`,
    [chainId, hashes],
  )
}

/**
 * The transfers of the address in these transactions: per transaction native value first (the
 * transaction's own, -1, then nested calls in trace order: -2, -3…), then tokens in log order.
 */
export function transfersOf(
  db: Queryable,
  chainId: string,
  hashes: readonly string[],
  address: string,
): Promise<TransferRecord[]> {
  return db.query<TransferRecord>(
    `select tx_hash, kind, contract, from_address, to_address, token_id::text as token_id,
       amount::text as amount
     from chain_transfers
     where chain_id = $1 and tx_hash = any($2::text[])
       and (from_address = $3 or to_address = $3)
     order by tx_hash, log_index >= 0, abs(log_index), batch_index`,
    [chainId, hashes, address],
  )
}

/** The NFTs the address holds (incoming minus outgoing), by contract and id; at most 1000. */
export function heldNfts(db: Queryable, chainId: string, address: string): Promise<HeldNft[]> {
  return db.query<HeldNft>(
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
}
