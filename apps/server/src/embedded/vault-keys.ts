// Vault-key rotation, the database side: which key opens the stored shares (`vault status`) and
// resealing every share under the current key while the servers keep serving (`vault rewrap`).
// The procedure around it is in docs/production.md.
import type { Db } from '../db/db.js'
import { openWithIndex, seal, type VaultKeys } from './crypto.js'

/** The sealed tables: the current shares, and the ones a share rotation replaced. */
const TABLES = [
  { name: 'embedded.wallets', key: ['user_id'] },
  { name: 'embedded.wallet_share_history', key: ['user_id', 'version'] },
] as const

const COLUMNS = ['auth_share', 'recovery_share'] as const

interface SealedRow extends Record<string, unknown> {
  user_id: string
  version?: number
  auth_share: string
  recovery_share: string
}

const context = (column: string, userId: string) => `openmodal-vault\0${column}\0${userId}`

export interface VaultKeyStatus {
  /** Rows (of both tables) whose shares all open under the current key. */
  current: number
  /** Rows with a share only an older (or next) key opens, per key of `others`. */
  others: number[]
  /** Rows no configured key opens: retiring a key now would lose them. */
  unreadable: number
}

export interface RewrapReport {
  /** Rows read. */
  checked: number
  /** Rows resealed under the current key. */
  rewrapped: number
  /** Rows another instance rewrote between the read and the update (left as that one wrote). */
  changedMeanwhile: number
  /** Rows no configured key opens (left as they are). */
  unreadable: number
}

/** Reads both tables in key order, `batch` rows at a time. */
async function* sealedRows(db: Db, batch: number) {
  for (const table of TABLES) {
    const keyList = table.key.join(', ')
    let after: unknown[] | undefined
    for (;;) {
      const where = after
        ? `where (${keyList}) > (${table.key.map((_, i) => `$${i + 1}`).join(', ')})`
        : ''
      const rows = await db.query<SealedRow>(
        `select ${keyList}, auth_share, recovery_share from ${table.name} ${where}
         order by ${keyList} limit ${batch}`,
        after ?? [],
      )
      for (const row of rows) yield { table, row }
      if (rows.length < batch) break
      const last = rows[rows.length - 1] as SealedRow
      after = table.key.map((column) => last[column])
    }
  }
}

/** The index of the key that opens the row's shares (the highest of the two), or undefined. */
function keyIndexOf(keys: VaultKeys, row: SealedRow): number | undefined {
  let highest = 0
  for (const column of COLUMNS) {
    const opened = openWithIndex(keys, row[column], context(column, row.user_id))
    if (!opened) return undefined
    highest = Math.max(highest, opened.index)
  }
  return highest
}

/**
 * How many sealed rows each key opens: before retiring a key, `others` must be all zeros and
 * `unreadable` zero.
 *
 * @example
 * const status = await vaultKeyStatus(db, { current: newKey, others: [oldKey] })
 */
export async function vaultKeyStatus(
  db: Db,
  keys: VaultKeys,
  options: { batch?: number } = {},
): Promise<VaultKeyStatus> {
  const status: VaultKeyStatus = { current: 0, others: keys.others.map(() => 0), unreadable: 0 }
  for await (const { row } of sealedRows(db, options.batch ?? 500)) {
    const index = keyIndexOf(keys, row)
    if (index === undefined) status.unreadable++
    else if (index === 0) status.current++
    else status.others[index - 1] = (status.others[index - 1] ?? 0) + 1
  }
  return status
}

/**
 * Reseals, under the current key, every share that another key of the ring opens. Each row is
 * updated only if it still holds what was read (compare-and-set), so a share rotation or a new
 * wallet written meanwhile by a live instance is never overwritten; safe to run while the
 * servers serve, and again.
 *
 * @example
 * const report = await rewrapVault(db, { current: newKey, others: [oldKey] })
 */
export async function rewrapVault(
  db: Db,
  keys: VaultKeys,
  options: { batch?: number } = {},
): Promise<RewrapReport> {
  const report: RewrapReport = { checked: 0, rewrapped: 0, changedMeanwhile: 0, unreadable: 0 }
  for await (const { table, row } of sealedRows(db, options.batch ?? 200)) {
    report.checked++
    const index = keyIndexOf(keys, row)
    if (index === undefined) {
      report.unreadable++
      continue
    }
    if (index === 0) continue
    const resealed = COLUMNS.map((column) => {
      const opened = openWithIndex(keys, row[column], context(column, row.user_id))
      return seal(keys.current, opened?.plaintext as Uint8Array, context(column, row.user_id))
    })
    const keyValues = table.key.map((column) => row[column])
    const keyMatch = table.key.map((column, i) => `${column} = $${i + 5}`).join(' and ')
    const updated = await db.query(
      `update ${table.name} set auth_share = $1, recovery_share = $2
       where auth_share = $3 and recovery_share = $4 and ${keyMatch} returning user_id`,
      [resealed[0], resealed[1], row.auth_share, row.recovery_share, ...keyValues],
    )
    if (updated.length === 1) report.rewrapped++
    else report.changedMeanwhile++
  }
  return report
}
