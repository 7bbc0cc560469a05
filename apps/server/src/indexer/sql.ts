// Multi-row inserts in chunks (one statement per chunk): the same SQL on PGlite and pg.
import type { Queryable } from '../db/db.js'

// PostgreSQL allows 65535 parameters per statement; stay well below.
const MAX_PARAMS = 30_000

/**
 * `insert into <table> (<columns>) values (...), (...) <suffix>` for every row, chunked.
 *
 * @example
 * await insertRows(tx, 'account_names', ['name_key', 'name', 'address'], [['ab', 'Ab', '0x…']], 'on conflict do nothing')
 */
export async function insertRows(
  db: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = '',
): Promise<void> {
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length))
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk)
    const params: unknown[] = []
    const tuples = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value)
        return `$${params.length}`
      })
      return `(${marks.join(', ')})`
    })
    await db.query(
      `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ${suffix}`,
      params,
    )
  }
}
