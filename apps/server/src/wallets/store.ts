// The wallet registry in the database: listing, search, recommendations, upserts.
import type { Queryable } from '../db/db.js'

/** A wallet as stored; the API's `Wallet` adds `imageUrl` and drops `rank` and `color`. */
export interface WalletRecord {
  id: string
  name: string
  rdns: string | null
  homepage: string | null
  mobileLink: string | null
  desktopLink: string | null
  webappLink: string | null
  appStore: string | null
  playStore: string | null
  chains: string[]
  featured: boolean
  rank: number
  color: string
  /** The wallet's own https image from an imported explorer dump; none for the seed. */
  imageUrl?: string | null
}

interface WalletRow extends Record<string, unknown> {
  id: string
  name: string
  rdns: string | null
  homepage: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chains: string[]
  featured: boolean
  rank: number
  color: string
  image_url: string | null
}

const COLUMNS =
  'id, name, rdns, homepage, mobile_link, desktop_link, webapp_link, app_store, play_store, chains, featured, rank, color, image_url'

function toRecord(row: WalletRow): WalletRecord {
  return {
    id: row.id,
    name: row.name,
    rdns: row.rdns,
    homepage: row.homepage,
    mobileLink: row.mobile_link,
    desktopLink: row.desktop_link,
    webappLink: row.webapp_link,
    appStore: row.app_store,
    playStore: row.play_store,
    chains: row.chains,
    featured: row.featured,
    rank: row.rank,
    color: row.color,
    imageUrl: row.image_url,
  }
}

export interface WalletFilter {
  search?: string | undefined
  include?: readonly string[] | undefined
  exclude?: readonly string[] | undefined
  /** CAIP-2 ids or bare namespaces; a wallet matches if it supports any. */
  chains?: readonly string[] | undefined
  /** Only featured (true) or only non-featured (false) wallets. */
  featured?: boolean | undefined
}

export interface WalletPage {
  page: number
  entries: number
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

// Builds the WHERE clause with numbered parameters; lists travel as jsonb so the same SQL
// runs on PGlite and pg without array parameter support.
function whereClause(filter: WalletFilter, params: unknown[]): string {
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const conditions: string[] = []
  if (filter.search) {
    conditions.push(`lower(name) like ${param(`%${escapeLike(filter.search.toLowerCase())}%`)}`)
  }
  if (filter.include?.length) {
    conditions.push(
      `id in (select jsonb_array_elements_text(${param(JSON.stringify(filter.include))}::jsonb))`,
    )
  }
  if (filter.exclude?.length) {
    conditions.push(
      `id not in (select jsonb_array_elements_text(${param(JSON.stringify(filter.exclude))}::jsonb))`,
    )
  }
  if (filter.featured !== undefined) conditions.push(`featured = ${param(filter.featured)}`)
  if (filter.chains?.length) {
    const wanted = param(JSON.stringify(filter.chains))
    conditions.push(`exists (
      select 1 from jsonb_array_elements_text(chains) as c(chain)
      where c.chain in (select jsonb_array_elements_text(${wanted}::jsonb))
         or split_part(c.chain, ':', 1) in (select jsonb_array_elements_text(${wanted}::jsonb))
    )`)
  }
  return conditions.length ? `where ${conditions.join(' and ')}` : ''
}

/**
 * One page of wallets matching `filter`, and the number of matches over all pages. Featured
 * wallets come first, then by rank; with `search`, exact then prefix name matches lead.
 *
 * @example
 * const { count, data } = await listWallets(db, { search: 'rain' }, { page: 1, entries: 100 })
 */
export async function listWallets(
  db: Queryable,
  filter: WalletFilter,
  page: WalletPage,
): Promise<{ count: number; data: WalletRecord[] }> {
  const params: unknown[] = []
  const where = whereClause(filter, params)
  const [countRow] = await db.query<{ count: number }>(
    `select count(*)::int as count from wallets ${where}`,
    params,
  )
  let order = 'featured desc, rank, name, id'
  const pageParams = [...params]
  if (filter.search) {
    pageParams.push(filter.search.toLowerCase(), `${escapeLike(filter.search.toLowerCase())}%`)
    const n = pageParams.length
    order = `(lower(name) = $${n - 1}) desc, (lower(name) like $${n}) desc, ${order}`
  }
  pageParams.push(page.entries, (page.page - 1) * page.entries)
  const n = pageParams.length
  const rows = await db.query<WalletRow>(
    `select ${COLUMNS} from wallets ${where} order by ${order} limit $${n - 1} offset $${n}`,
    pageParams,
  )
  return { count: countRow?.count ?? 0, data: rows.map(toRecord) }
}

/** One wallet, or undefined. */
export async function getWallet(db: Queryable, id: string): Promise<WalletRecord | undefined> {
  const [row] = await db.query<WalletRow>(`select ${COLUMNS} from wallets where id = $1`, [id])
  return row ? toRecord(row) : undefined
}

export interface UpsertOptions {
  source: 'seed' | 'import'
  /** Keep `featured` and `rank` of wallets already stored (imports do not re-rank). */
  keepRanking?: boolean
}

/**
 * Inserts or updates wallets by id in one statement per wallet; run it inside a transaction
 * for all-or-nothing imports.
 *
 * @example
 * await db.transaction((tx) => upsertWallets(tx, SEED_WALLETS, { source: 'seed' }))
 */
export async function upsertWallets(
  db: Queryable,
  wallets: readonly WalletRecord[],
  options: UpsertOptions,
): Promise<void> {
  const ranking = options.keepRanking ? '' : ', featured = excluded.featured, rank = excluded.rank'
  // Re-seeding at start must not overwrite a wallet an import has taken over.
  const guard = options.source === 'seed' ? " where wallets.source = 'seed'" : ''
  for (const w of wallets) {
    await db.query(
      `insert into wallets (id, name, rdns, homepage, mobile_link, desktop_link, webapp_link,
         app_store, play_store, chains, featured, rank, color, source, image_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15)
       on conflict (id) do update set
         name = excluded.name, rdns = excluded.rdns, homepage = excluded.homepage,
         mobile_link = excluded.mobile_link, desktop_link = excluded.desktop_link,
         webapp_link = excluded.webapp_link, app_store = excluded.app_store,
         play_store = excluded.play_store, chains = excluded.chains, color = excluded.color,
         source = excluded.source, image_url = excluded.image_url,
         updated_at = now()${ranking}${guard}`,
      [
        w.id,
        w.name,
        w.rdns,
        w.homepage,
        w.mobileLink,
        w.desktopLink,
        w.webappLink,
        w.appStore,
        w.playStore,
        JSON.stringify(w.chains),
        w.featured,
        w.rank,
        w.color,
        options.source,
        w.imageUrl ?? null,
      ],
    )
  }
}
