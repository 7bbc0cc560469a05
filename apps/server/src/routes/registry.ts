// (2) The wallet registry behind the AllWallets view: pages, search, recommendations, images.
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import {
  API_LIMITS,
  type RecommendedWalletsResponse,
  type Wallet,
  type WalletListResponse,
} from '../api-types.js'
import type { Db } from '../db/db.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError, parseInput } from '../http/errors.js'
import { baseUrlOf, splitList } from '../http/params.js'
import { WalletIdSchema } from '../wallets/explorer-import.js'
import { loadIcon, loadWalletIcon, networkIconName, walletIconSlug } from '../wallets/icons.js'
import { monogramSvg } from '../wallets/monogram.js'
import { getWallet, listWallets, type WalletRecord } from '../wallets/store.js'

export interface RegistryRoutesOptions {
  db: Db
  access: AccessControl
  /** Base of the wallets' image URLs; default the request's origin. */
  publicUrl?: string | undefined
}

const IntParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(min, `Expected a number from ${min} to ${max}`),
    v.maxValue(max, `Expected a number from ${min} to ${max}`),
  )

const IdListParam = v.pipe(
  v.string(),
  v.maxLength(API_LIMITS.walletIdListMax * 130),
  v.transform(splitList),
  v.maxLength(API_LIMITS.walletIdListMax, `Expected at most ${API_LIMITS.walletIdListMax} ids`),
  v.array(WalletIdSchema),
)

const ChainListParam = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.transform(splitList),
  v.maxLength(50, 'Expected at most 50 chains'),
  v.array(
    v.pipe(
      v.string(),
      v.regex(
        /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/,
        'Expected CAIP-2 chain ids (eip155:1) or namespaces (solana)',
      ),
    ),
  ),
)

const WalletQuerySchema = v.object({
  page: v.optional(IntParam(1, 100_000)),
  entries: v.optional(IntParam(1, API_LIMITS.walletMaxPageSize)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(API_LIMITS.walletSearchMaxLength))),
  include: v.optional(IdListParam),
  exclude: v.optional(IdListParam),
  chains: v.optional(ChainListParam),
})

/** An icon name of the set (letters, digits and dashes), or a network's CAIP-2 id. */
const AssetNameSchema = v.pipe(
  v.string(),
  v.regex(
    /^([A-Za-z0-9-]{1,64}|[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32})$/,
    'letters, digits and dashes, or a CAIP-2 id',
  ),
)

/** SVG images: cached a day, inert (no script, no fetch), usable from any page's <img>. */
const IMAGE_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=86400',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
}

const RecommendedQuerySchema = v.object({
  exclude: v.optional(IdListParam),
  chains: v.optional(ChainListParam),
})

/**
 * `GET /v1/wallets`, `GET /v1/wallets/recommended` (with preflights) and
 * `GET /v1/wallets/:id/image`.
 *
 * @example
 * app.route('/', registryRoutes({ db, access }))
 */
export function registryRoutes({ db, access, publicUrl }: RegistryRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  const toWallet = (c: Context<AppEnv>, w: WalletRecord): Wallet => ({
    id: w.id,
    name: w.name,
    // An imported wallet's own (https) image; else this server's icon or monogram.
    imageUrl:
      w.imageUrl ?? `${baseUrlOf(c, publicUrl)}/v1/wallets/${encodeURIComponent(w.id)}/image`,
    rdns: w.rdns,
    homepage: w.homepage,
    mobileLink: w.mobileLink,
    desktopLink: w.desktopLink,
    webappLink: w.webappLink,
    appStore: w.appStore,
    playStore: w.playStore,
    chains: w.chains,
    featured: w.featured,
  })

  app.options('/v1/wallets', access.preflight(projectIdInQuery))
  app.options('/v1/wallets/recommended', access.preflight(projectIdInQuery))

  app.get('/v1/wallets', async (c) => {
    await access.access(c, c.req.query('projectId'))
    const query = parseInput(WalletQuerySchema, c.req.query(), 'query')
    const page = query.page ?? 1
    const entries =
      query.entries ?? (query.search ? API_LIMITS.walletSearchPageSize : API_LIMITS.walletPageSize)
    const { count, data } = await listWallets(
      db,
      {
        search: query.search,
        include: query.include,
        exclude: query.exclude,
        chains: query.chains,
      },
      { page, entries },
    )
    const body: WalletListResponse = { count, page, entries, data: data.map((w) => toWallet(c, w)) }
    return c.json(body)
  })

  app.get('/v1/wallets/recommended', async (c) => {
    await access.access(c, c.req.query('projectId'))
    const query = parseInput(RecommendedQuerySchema, c.req.query(), 'query')
    // Featured wallets have their own group in the modal: recommendations are the others.
    const { data } = await listWallets(
      db,
      { exclude: query.exclude, chains: query.chains, featured: false },
      { page: 1, entries: API_LIMITS.recommendedWallets },
    )
    const body: RecommendedWalletsResponse = {
      count: data.length,
      data: data.map((w) => toWallet(c, w)),
    }
    return c.json(body)
  })

  // Images are loaded by <img>, which sends no projectId: rate-limited per address only.
  app.get('/v1/wallets/:id/image', async (c) => {
    access.rateLimit(c, 'wallet-image')
    const id = parseInput(WalletIdSchema, c.req.param('id'), 'wallet id')
    const wallet = await getWallet(db, id)
    if (!wallet) throw new HttpError(404, 'WALLET_NOT_FOUND', `No wallet with id ${id}`)
    // The wallet's real icon when the icon set has it; its monogram otherwise.
    const slug = walletIconSlug(wallet)
    const icon = slug ? await loadWalletIcon(slug) : undefined
    return c.body(icon ?? monogramSvg(wallet.name, wallet.color), 200, IMAGE_HEADERS)
  })

  // Network and token images (spec §3 network assets `imageId`): the icon set's file of that
  // name (`ethereum`, `base`, `solana`; a well-known network also by its CAIP-2 id, `eip155:1`;
  // tokens by symbol, `USDC`), 404 for any other name.
  app.get('/v1/assets/:kind/:name', async (c) => {
    access.rateLimit(c, 'asset-image')
    const kind = c.req.param('kind')
    if (kind !== 'networks' && kind !== 'tokens') {
      throw new HttpError(404, 'NOT_FOUND', 'Assets are networks or tokens')
    }
    const name = parseInput(AssetNameSchema, c.req.param('name'), 'asset name')
    const icon = kind === 'networks' ? networkIconName(name) : name
    const svg = icon ? await loadIcon(kind, icon) : undefined
    if (!svg) throw new HttpError(404, 'NOT_FOUND', `No ${kind.slice(0, -1)} image ${name}`)
    // Readable by the kit's fetch() from any page (it inlines network icons, see core's
    // actions/network-images.ts): a public, inert image, sent without credentials.
    return c.body(svg, 200, { ...IMAGE_HEADERS, 'access-control-allow-origin': '*' })
  })
  return app
}
