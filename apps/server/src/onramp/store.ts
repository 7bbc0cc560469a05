// Purchases in the database: one row per session a visitor started, whatever the provider.
import { randomBytes } from 'node:crypto'
import type {
  OnrampPaymentMethod,
  OnrampProviderId,
  OnrampPurchase,
  OnrampPurchaseStatus,
} from '../api-types.js'
import type { Queryable } from '../db/db.js'

/** `processing`: the sandbox's Pay was taken and the credit is under way (shown as pending). */
type RowStatus = OnrampPurchaseStatus | 'processing'

interface PurchaseRow extends Record<string, unknown> {
  id: string
  project_id: string
  provider: OnrampProviderId
  status: RowStatus
  chain_id: string
  address: string
  asset: string
  currency: string
  method: OnrampPaymentMethod
  amount: string
  crypto_amount: string | null
  tx_hash: string | null
  provider_ref: string | null
  created_at: Date | string
  completed_at: Date | string | null
}

/** A purchase with what only the server keeps. */
export interface StoredPurchase extends OnrampPurchase {
  projectId: string
  providerRef: string | null
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function toPurchase(row: PurchaseRow): StoredPurchase {
  return {
    id: row.id,
    projectId: row.project_id,
    provider: row.provider,
    status: row.status === 'processing' ? 'pending' : row.status,
    chainId: row.chain_id,
    address: row.address,
    asset: row.asset,
    currency: row.currency,
    method: row.method,
    amount: Number(row.amount).toFixed(2),
    cryptoAmount: row.crypto_amount,
    txHash: row.tx_hash,
    providerRef: row.provider_ref,
    createdAt: iso(row.created_at) as string,
    completedAt: iso(row.completed_at),
  }
}

/** The public shape (no project id, no provider reference). */
export function publicPurchase(purchase: StoredPurchase): OnrampPurchase {
  const { projectId: _, providerRef: __, ...rest } = purchase
  return rest
}

/** An unguessable id: it is the capability of the sandbox checkout page. */
export const newPurchaseId = () => `onr_${randomBytes(16).toString('hex')}`

export interface NewPurchase {
  id: string
  projectId: string
  provider: OnrampProviderId
  chainId: string
  address: string
  asset: string
  currency: string
  method: OnrampPaymentMethod
  amount: string
  cryptoAmount: string | null
  providerRef: string | null
}

/** Records a new pending purchase. */
export async function insertPurchase(db: Queryable, p: NewPurchase): Promise<StoredPurchase> {
  const [row] = await db.query<PurchaseRow>(
    `insert into onramp_purchases
       (id, project_id, provider, status, chain_id, address, asset, currency, method, amount, crypto_amount, provider_ref)
     values ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
    [
      p.id,
      p.projectId,
      p.provider,
      p.chainId,
      p.address,
      p.asset,
      p.currency,
      p.method,
      p.amount,
      p.cryptoAmount,
      p.providerRef,
    ],
  )
  return toPurchase(row as PurchaseRow)
}

/** The purchase with this id (of this project when given), or undefined. */
export async function getPurchase(
  db: Queryable,
  id: string,
  projectId?: string,
): Promise<StoredPurchase | undefined> {
  const [row] = await db.query<PurchaseRow>(
    `select * from onramp_purchases where id = $1 and ($2::text is null or project_id = $2)`,
    [id, projectId ?? null],
  )
  return row ? toPurchase(row) : undefined
}

/**
 * Takes a pending purchase for payment, once: a second call for the same id gets undefined
 * (two Pay clicks, two tabs, a replayed form), so a session is credited at most once.
 */
export async function claimPurchase(
  db: Queryable,
  id: string,
  amount: string,
  cryptoAmount: string,
): Promise<StoredPurchase | undefined> {
  const [row] = await db.query<PurchaseRow>(
    `update onramp_purchases set status = 'processing', amount = $2, crypto_amount = $3
     where id = $1 and status = 'pending' returning *`,
    [id, amount, cryptoAmount],
  )
  return row ? toPurchase(row) : undefined
}

/** Sets the outcome of a purchase. */
export async function finishPurchase(
  db: Queryable,
  id: string,
  outcome: {
    status: 'completed' | 'failed' | 'pending'
    txHash?: string | null
    cryptoAmount?: string | null
  },
): Promise<void> {
  await db.query(
    `update onramp_purchases set status = $2,
       tx_hash = coalesce($3, tx_hash), crypto_amount = coalesce($4, crypto_amount),
       completed_at = case when $2 = 'pending' then null else coalesce(completed_at, now()) end
     where id = $1`,
    [id, outcome.status, outcome.txHash ?? null, outcome.cryptoAmount ?? null],
  )
}

/** An address's purchases on a chain, newest first. */
export async function listPurchases(
  db: Queryable,
  query: { projectId: string; chainId: string; address: string; provider?: string; limit: number },
): Promise<StoredPurchase[]> {
  const rows = await db.query<PurchaseRow>(
    `select * from onramp_purchases
     where project_id = $1 and chain_id = $2 and address = $3
       and ($4::text is null or provider = $4)
     order by created_at desc, id limit $5`,
    [query.projectId, query.chainId, query.address, query.provider ?? null, query.limit],
  )
  return rows.map(toPurchase)
}
