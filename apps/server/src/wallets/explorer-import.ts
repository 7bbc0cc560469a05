// Import of a wallet-registry dump in the common explorer JSON format (image_url: https only):
// { listings: { [id]: { id, name, homepage, image_url{sm,md,lg}, app{…}, mobile{native, universal},
//   desktop{native, universal}, rdns, chains[] } } }
import * as v from 'valibot'
import type { Db } from '../db/db.js'
import { toIssues } from '../http/errors.js'
import { colorFor } from './monogram.js'
import { upsertWallets, type WalletRecord } from './store.js'

export const WalletIdSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9._-]{1,128}$/, 'Expected a wallet id of 1-128 letters, digits, ., _ or -'),
)

const blankToNull = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim()

// Links end up as hrefs in the modal: only web URLs and app schemes, never script-capable ones.
const UNSAFE_SCHEMES = /^(javascript|data|vbscript|file|blob|about):/i

const WebUrl = v.pipe(
  v.nullish(v.string()),
  v.transform(blankToNull),
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(2048),
      v.url('Expected a URL'),
      v.regex(/^https?:\/\//i, 'Expected an http(s) URL'),
    ),
  ),
)

const AppLink = v.pipe(
  v.nullish(v.string()),
  v.transform(blankToNull),
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(2048),
      v.regex(
        /^[a-z][a-z0-9+.-]*:(\/\/)?\S*$/i,
        'Expected a deep link such as wallet:// or https://',
      ),
      v.check((value) => !UNSAFE_SCHEMES.test(value), 'Unsafe link scheme'),
    ),
  ),
)

/** The explorer's image: a URL, or `{ sm, md, lg }` of which md, then lg, then sm. */
function pickImage(value: unknown): unknown {
  if (typeof value === 'string' || value === null || typeof value !== 'object') return value
  const sizes = value as Record<string, unknown>
  return [sizes.md, sizes.lg, sizes.sm].find((url) => typeof url === 'string' && url.trim())
}

/**
 * `value` when it is an https URL a page may load as an image (no credentials, no spaces, at
 * most 2048 characters), else null: never javascript:, data:, http: or another scheme.
 *
 * @example safeImageUrl('https://cdn.example.com/md.png') // 'https://cdn.example.com/md.png'
 */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (text.length > 2048 || /\s/.test(text) || !URL.canParse(text)) return null
  const url = new URL(text)
  return url.protocol === 'https:' && !url.username && !url.password ? url.href : null
}

const LinkPair = v.nullish(v.object({ native: AppLink, universal: AppLink }), {
  native: null,
  universal: null,
})

/** One listing of the dump; unknown keys are ignored. */
export const ExplorerListingSchema = v.object({
  id: WalletIdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  homepage: WebUrl,
  // The wallet's own image, listed by the registry as is (never fetched by this server): one
  // URL, or the explorer's sizes of which `md` is taken first. Anything but a plain https URL
  // is dropped (the listing stays, with the icon set's icon or a monogram).
  image_url: v.pipe(
    v.nullish(v.unknown()),
    v.transform((value) => safeImageUrl(pickImage(value))),
  ),
  app: v.nullish(v.object({ browser: WebUrl, ios: WebUrl, android: WebUrl }), {
    browser: null,
    ios: null,
    android: null,
  }),
  mobile: LinkPair,
  desktop: LinkPair,
  rdns: v.pipe(
    v.nullish(v.string()),
    v.transform(blankToNull),
    v.nullable(
      v.pipe(v.string(), v.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'Expected a reverse-DNS name')),
    ),
  ),
  chains: v.pipe(
    v.nullish(v.array(v.string()), []),
    v.maxLength(500),
    v.check(
      (chains) => chains.every((c) => /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(c)),
      'Expected CAIP-2 chain ids such as eip155:1',
    ),
  ),
  metadata: v.nullish(
    v.object({ colors: v.nullish(v.object({ primary: v.nullish(v.string()) })) }),
  ),
})

const DumpSchema = v.object({
  listings: v.record(v.string(), v.unknown()),
})

export interface ImportSkip {
  key: string
  reason: string
}

export interface ImportResult {
  imported: number
  skipped: ImportSkip[]
}

/**
 * Maps a dump to wallet records; invalid listings are reported, not thrown.
 *
 * @example
 * const { wallets, skipped } = mapExplorerDump(JSON.parse(text))
 */
export function mapExplorerDump(dump: unknown): { wallets: WalletRecord[]; skipped: ImportSkip[] } {
  const parsed = v.safeParse(DumpSchema, dump)
  if (!parsed.success) {
    throw new Error('Not an explorer dump: expected { "listings": { "<id>": { … } } }')
  }
  const wallets: WalletRecord[] = []
  const skipped: ImportSkip[] = []
  let index = 0
  for (const [key, value] of Object.entries(parsed.output.listings)) {
    index++
    const result = v.safeParse(ExplorerListingSchema, value)
    if (!result.success) {
      const issue = toIssues(result.issues)[0]
      skipped.push({ key, reason: `${issue?.path || 'listing'}: ${issue?.message ?? 'invalid'}` })
      continue
    }
    const l = result.output
    const primary = l.metadata?.colors?.primary
    wallets.push({
      id: l.id,
      name: l.name,
      rdns: l.rdns ?? null,
      homepage: l.homepage ?? null,
      mobileLink: l.mobile.native ?? l.mobile.universal ?? null,
      desktopLink: l.desktop.native ?? l.desktop.universal ?? null,
      webappLink: l.app.browser ?? null,
      appStore: l.app.ios ?? null,
      playStore: l.app.android ?? null,
      chains: [...new Set(l.chains)],
      featured: false,
      rank: 1000 + index,
      color: primary && /^#[0-9a-f]{6}$/i.test(primary) ? primary.toLowerCase() : colorFor(l.id),
      imageUrl: l.image_url,
    })
  }
  return { wallets, skipped }
}

/**
 * Validates and upserts a dump in one transaction. With `strict`, any invalid listing aborts
 * the import before anything is written.
 *
 * @example
 * const { imported, skipped } = await importExplorerDump(db, JSON.parse(text))
 */
export async function importExplorerDump(
  db: Db,
  dump: unknown,
  options: { strict?: boolean } = {},
): Promise<ImportResult> {
  const { wallets, skipped } = mapExplorerDump(dump)
  if (options.strict && skipped.length) {
    throw new Error(
      `${skipped.length} invalid listing(s), nothing imported; first: ${skipped[0]?.key}: ${skipped[0]?.reason}`,
    )
  }
  await db.transaction((tx) => upsertWallets(tx, wallets, { source: 'import', keepRanking: true }))
  return { imported: wallets.length, skipped }
}
