// The on-ramp API (issue 28, spec §1, §3, §7, §9): options, quote, session → URL, status, the
// purchases in the history answer (`onramp=<provider>`), and the sandbox's checkout page.
import { Hono } from 'hono'
import * as v from 'valibot'
import { getAddress, parseUnits } from 'viem'
import type {
  HistoryResponse,
  OnrampOptionsResponse,
  OnrampPaymentMethod,
  OnrampPurchaseCurrency,
  OnrampQuote,
  OnrampQuoteResponse,
  OnrampSessionResponse,
  Transaction,
} from '../api-types.js'
import type { PriceSource } from '../blockchain/prices.js'
import { SolanaAddressSchema } from '../blockchain/solana.js'
import type { Db } from '../db/db.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { clientAddressOf } from '../http/client-address.js'
import { HttpError, parseInput } from '../http/errors.js'
import type { Logger } from '../http/logger.js'
import { CLOSE_CONNECTION, limitBody } from '../http/middleware.js'
import { baseUrlOf, pickQuery, readJsonBody } from '../http/params.js'
import { CaipNetworkIdSchema } from '../projects/schema.js'
import { getProject, type Project, type ProjectChainConfig } from '../projects/store.js'
import {
  CHECKOUT_HEADERS,
  checkoutForm,
  checkoutNotFound,
  checkoutResult,
} from './checkout-page.js'
import {
  FiatCodeSchema,
  limitMessage,
  limitOf,
  type OnrampConfig,
  PAYMENT_METHODS,
  PROVIDER_NAMES,
  paymentCurrenciesOf,
} from './config.js'
import { creditErc20, creditEvm, creditSolana, isLoopbackChain } from './credit.js'
import {
  MELD_TIMESTAMP_TOLERANCE_MS,
  meldOutcome,
  meldTimestampMs,
  verifyMeldSignature,
} from './meld-webhook.js'
import {
  type OnrampProvider,
  offersTake,
  type ProviderDeps,
  providersFor,
  readSecret,
} from './provider.js'
import {
  claimPurchase,
  finishPurchase,
  getPurchase,
  insertPurchase,
  listPurchases,
  newPurchaseId,
  publicPurchase,
  type StoredPurchase,
} from './store.js'

const BODY_MAX_BYTES = 4 * 1024
/** Meld's events are compact JSON well under this. */
const WEBHOOK_BODY_MAX_BYTES = 16 * 1024
const NOT_SERVED = 'Buying crypto is not available on this network'
/** The history answer asks the provider about at most this many pending purchases… */
const HISTORY_REFRESH_MAX = 5
/** …made within the last day (an abandoned checkout stays pending and is not asked forever). */
const HISTORY_REFRESH_AGE_MS = 24 * 60 * 60 * 1000

const AmountSchema = v.pipe(
  v.string('amount is required'),
  v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Expected an amount like 100 or 99.50'),
)
const MethodSchema = v.picklist(PAYMENT_METHODS, 'Expected card or bank')
const CurrencySchema = v.pipe(v.string('currency is required'), FiatCodeSchema)
const AssetSchema = v.pipe(
  v.string('asset is required'),
  v.regex(/^[A-Za-z0-9.]{1,20}$/, 'Expected a symbol'),
)
const ChainQuery = v.pipe(v.string('chainId is required'), CaipNetworkIdSchema)
const ProviderSchema = v.picklist(
  ['sandbox', 'meld', 'coinbase'] as const,
  'Expected sandbox, meld or coinbase',
)

const OptionsQuerySchema = v.object({ chainId: ChainQuery })
const QuoteQuerySchema = v.object({
  chainId: ChainQuery,
  asset: AssetSchema,
  currency: CurrencySchema,
  method: MethodSchema,
  amount: AmountSchema,
})
const SessionBodySchema = v.strictObject({
  provider: ProviderSchema,
  chainId: ChainQuery,
  address: v.pipe(v.string('address is required'), v.maxLength(100)),
  asset: AssetSchema,
  currency: CurrencySchema,
  method: MethodSchema,
  amount: AmountSchema,
})
const PurchaseIdSchema = v.pipe(v.string(), v.regex(/^onr_[0-9a-f]{32}$/, 'Not a purchase id'))

export interface OnrampRoutesOptions {
  db: Db
  access: AccessControl
  prices: PriceSource
  logger: Logger
  publicUrl?: string | undefined
  trustProxy?: boolean | number | undefined
  /** How providers reach their APIs (tests: loopback stand-ins). */
  providers?: ProviderDeps | undefined
}

/** The native currency of a chain (config, else ETH / SOL). */
export function nativeCurrencyOf(chain: ProjectChainConfig) {
  if (chain.nativeCurrency) return chain.nativeCurrency
  return chain.caipNetworkId.startsWith('solana:')
    ? { name: 'Solana', symbol: 'SOL', decimals: 9 }
    : { name: 'Ether', symbol: 'ETH', decimals: 18 }
}

/** What can be bought: a chain's native coin or one of the project's ERC-20s. */
interface PurchaseAsset {
  symbol: string
  name: string
  decimals: number
  /** The ERC-20 contract; undefined for the native coin. */
  address?: `0x${string}` | undefined
  /** USD per unit when the price source has none. */
  usdPrice?: number | undefined
  /** Sandbox: the account the tokens are sent from (else the token's `mint`). */
  holder?: `0x${string}` | undefined
}

/** The ERC-20s the project sells on `chain` (its `onramp.assets`). */
function tokenAssetsOf(
  config: OnrampConfig | null | undefined,
  chain: ProjectChainConfig,
): PurchaseAsset[] {
  return (config?.assets ?? [])
    .filter((asset) => asset.chainId === chain.caipNetworkId)
    .map((asset) => ({
      symbol: asset.symbol,
      name: asset.name,
      decimals: asset.decimals,
      address: getAddress(asset.address),
      usdPrice: asset.usdPrice,
      holder: asset.holder ? getAddress(asset.holder) : undefined,
    }))
}

/** Everything that can be bought on `chain`: its native coin first, then the ERC-20s. */
function assetsOf(project: Project, chain: ProjectChainConfig): PurchaseAsset[] {
  return [nativeCurrencyOf(chain), ...tokenAssetsOf(project.onramp, chain)]
}

/**
 * Checks the currency and the amount against the method's limits in that currency (spec §3);
 * the message names them.
 */
function checkLimits(
  project: Project,
  method: OnrampPaymentMethod,
  currency: string,
  amount: string,
): number {
  const limit = limitOf(project.onramp, currency, method)
  if (!limit) {
    const offered = paymentCurrenciesOf(project.onramp).map((c) => c.id)
    throw new HttpError(
      400,
      'BAD_REQUEST',
      `Invalid query: currency: Expected ${offered.join(', ')}`,
    )
  }
  const value = Number(amount)
  if (value < limit.min || value > limit.max) {
    throw new HttpError(400, 'BAD_REQUEST', limitMessage(limit, currency), {
      issues: [{ path: 'amount', message: limitMessage(limit, currency) }],
    })
  }
  return value
}

/** Integer `units` with `places` decimals as a plain decimal string, trailing zeros cut. */
function decimalOf(units: bigint, places: number): string {
  const text = units.toString().padStart(places + 1, '0')
  const whole = text.slice(0, text.length - places)
  const fraction = text.slice(text.length - places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * Fee and crypto amount of `amount` through `provider` (`null` crypto amount: no price), in
 * integers (cents, basis points, micro-dollars) so 297 / 3000 is 0.099 and not 0.0989999.
 */
function quoteOf(
  provider: OnrampProvider,
  input: { amount: number; asset: string; currency: string; method: OnrampPaymentMethod },
  price: number | null,
  decimals: number,
): OnrampQuote {
  const cents = BigInt(Math.round(input.amount * 100))
  const feeCents = (cents * BigInt(Math.round(provider.feePercent * 100)) + 5000n) / 10000n
  const places = Math.min(decimals, 8)
  const priceMicros = price && price > 0 ? BigInt(Math.round(price * 1e6)) : 0n
  // USD per unit of the paid currency, in millionths (the sandbox's table; USD is 1).
  const rate = provider.usdPerUnit(input.currency)
  const rateMicros = rate && rate > 0 ? BigInt(Math.round(rate * 1e6)) : 0n
  const crypto =
    priceMicros > 0n && rateMicros > 0n
      ? decimalOf(
          ((cents - feeCents) * rateMicros * 10n ** BigInt(places)) / (priceMicros * 100n),
          places,
        )
      : null
  return {
    provider: provider.id,
    providerName: provider.name,
    amount: (Number(cents) / 100).toFixed(2),
    fee: (Number(feeCents) / 100).toFixed(2),
    feePercent: provider.feePercent,
    cryptoAmount: crypto,
    asset: input.asset,
    currency: input.currency,
    method: input.method,
  }
}

/** A purchase as a transaction of the history answer (spec §7 "onramp" parameter). */
function purchaseTransaction(purchase: StoredPurchase): Transaction {
  return {
    id: purchase.id,
    metadata: {
      minedAt: purchase.completedAt ?? purchase.createdAt,
      chain: purchase.chainId,
      operationType: 'buy',
      status: purchase.status === 'completed' ? 'confirmed' : purchase.status,
      sentFrom: purchase.provider,
      sentTo: purchase.address,
      hash: purchase.txHash ?? '',
      providerName: PROVIDER_NAMES[purchase.provider],
    },
    transfers: [
      {
        direction: 'in',
        fungible_info: { name: purchase.asset, symbol: purchase.asset, icon: null },
        quantity: { numeric: purchase.cryptoAmount ?? '0' },
      },
    ],
  }
}

/**
 * The on-ramp routes with their preflights.
 *
 * @example
 * app.route('/', onrampRoutes({ db, access, prices, logger }))
 */
export function onrampRoutes(options: OnrampRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const { db, access } = options
  const preflight = access.preflight(projectIdInQuery)
  for (const path of [
    '/v1/onramp/options',
    '/v1/onramp/quote',
    '/v1/onramp/sessions',
    '/v1/onramp/sessions/:id',
  ]) {
    app.options(path, preflight)
  }

  const chainOf = (project: Project, chainId: string) => {
    const chain = project.chains.find((c) => c.caipNetworkId === chainId)
    if (!chain) throw new HttpError(404, 'CHAIN_NOT_CONFIGURED', NOT_SERVED)
    return chain
  }
  const providersOf = (project: Project, chain: ProjectChainConfig) =>
    providersFor(project, chain, options.providers)
  /** USD per unit of `asset` on `chainId` (the price source, else the asset's own price). */
  const priceOf = async (chainId: string, asset: PurchaseAsset) =>
    (
      await options.prices.prices([
        { chainId, symbol: asset.symbol, address: asset.address?.toLowerCase() },
      ])
    )[0] ??
    asset.usdPrice ??
    null

  /** The asset of that symbol sold on the chain, or a 400 naming those it sells. */
  const assetOf = (project: Project, chain: ProjectChainConfig, symbol: string) => {
    const assets = assetsOf(project, chain)
    const found = assets.find((a) => a.symbol.toUpperCase() === symbol.toUpperCase())
    if (!found) {
      throw new HttpError(
        400,
        'BAD_REQUEST',
        `Invalid query: asset: ${chain.caipNetworkId} sells ${assets.map((a) => a.symbol).join(', ')}`,
      )
    }
    return found
  }

  /**
   * The providers that take this purchase: those with their own options API (Coinbase) only
   * for a currency, method, amount and asset they list; one whose options cannot be read is
   * kept (its own page has the last word).
   */
  const takers = async (
    providers: OnrampProvider[],
    chain: ProjectChainConfig,
    input: { currency: string; method: OnrampPaymentMethod; asset: string; amount: number },
  ) => {
    const verdicts = await Promise.all(
      providers.map(async (provider) => {
        if (!provider.offers) return true
        try {
          return offersTake(await provider.offers(chain), input)
        } catch (error) {
          options.logger.warn('onramp options failed', {
            provider: provider.id,
            error: String(error),
          })
          return true
        }
      }),
    )
    return providers.filter((_, index) => verdicts[index])
  }

  app.get('/v1/onramp/options', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const { chainId } = parseInput(OptionsQuerySchema, pickQuery(c, ['chainId']), 'query')
    const chain = chainOf(project, chainId)
    const providers = project.features.onramp ? providersOf(project, chain) : []
    const served = project.chains.filter((other) => providersOf(project, other).length > 0)
    // Each asset of this chain, with every served chain that sells the same symbol.
    const purchaseCurrencies: OnrampPurchaseCurrency[] =
      providers.length === 0
        ? []
        : assetsOf(project, chain).map((asset) => ({
            symbol: asset.symbol,
            name: asset.name,
            decimals: asset.decimals,
            ...(asset.address ? { address: asset.address } : {}),
            networks: served
              .filter((other) =>
                assetsOf(project, other).some(
                  (a) => a.symbol.toUpperCase() === asset.symbol.toUpperCase(),
                ),
              )
              .map((other) => other.caipNetworkId),
          }))
    return c.json({
      chainId,
      paymentCurrencies: providers.length === 0 ? [] : paymentCurrenciesOf(project.onramp),
      purchaseCurrencies,
      providers: providers.map(({ id, name, feePercent }) => ({ id, name, feePercent })),
    } satisfies OnrampOptionsResponse)
  })

  const servedProviders = (project: Project, chain: ProjectChainConfig) => {
    const providers = project.features.onramp ? providersOf(project, chain) : []
    if (providers.length === 0) throw new HttpError(404, 'CHAIN_NOT_CONFIGURED', NOT_SERVED)
    return providers
  }

  app.get('/v1/onramp/quote', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const query = parseInput(
      QuoteQuerySchema,
      pickQuery(c, ['chainId', 'asset', 'currency', 'method', 'amount']),
      'query',
    )
    const chain = chainOf(project, query.chainId)
    const served = servedProviders(project, chain)
    const asset = assetOf(project, chain, query.asset)
    const amount = checkLimits(project, query.method, query.currency, query.amount)
    const input = { ...query, asset: asset.symbol, amount }
    const [price, providers] = await Promise.all([
      priceOf(chain.caipNetworkId, asset),
      takers(served, chain, input),
    ])
    const quotes = providers.map((provider) => quoteOf(provider, input, price, asset.decimals))
    return c.json({ quotes } satisfies OnrampQuoteResponse)
  })

  app.post(
    '/v1/onramp/sessions',
    limitBody(BODY_MAX_BYTES, (c) =>
      c.json({ code: 'PAYLOAD_TOO_LARGE', message: 'Body too large' }, 413, CLOSE_CONNECTION),
    ),
    async (c) => {
      const project = await access.access(c, c.req.query('projectId'))
      const body = parseInput(SessionBodySchema, await readJsonBody(c, 'session'), 'session')
      const chain = chainOf(project, body.chainId)
      const provider = servedProviders(project, chain).find((p) => p.id === body.provider)
      if (!provider) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `Invalid session: provider: ${body.provider} does not serve ${body.chainId}`,
        )
      }
      const address = addressOn(chain, body.address)
      const asset = assetOf(project, chain, body.asset)
      const amount = checkLimits(project, body.method, body.currency, body.amount)
      const input = { ...body, asset: asset.symbol, amount }
      if ((await takers([provider], chain, input)).length === 0) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `Invalid session: ${provider.name} does not sell ${asset.symbol} for ${body.amount} ${body.currency} by ${body.method}`,
        )
      }
      const price = await priceOf(chain.caipNetworkId, asset)
      const quote = quoteOf(provider, input, price, asset.decimals)
      const id = newPurchaseId()
      const purchase = await insertPurchase(db, {
        id,
        projectId: project.projectId,
        provider: provider.id,
        chainId: chain.caipNetworkId,
        address,
        asset: asset.symbol,
        currency: body.currency,
        method: body.method,
        amount: quote.amount,
        cryptoAmount: quote.cryptoAmount,
        providerRef: provider.reference?.(id) ?? null,
      })
      let url: string
      try {
        url = await provider.sessionUrl(purchase, {
          baseUrl: baseUrlOf(c, options.publicUrl),
          clientIp: clientAddressOf(c, options.trustProxy),
        })
      } catch (error) {
        await finishPurchase(db, id, { status: 'failed' })
        throw new HttpError(
          502,
          'UPSTREAM_ERROR',
          `${provider.name} could not start the purchase`,
          {
            cause: error,
          },
        )
      }
      return c.json(
        { purchase: publicPurchase(purchase), url } satisfies OnrampSessionResponse,
        201,
      )
    },
  )

  app.get('/v1/onramp/sessions/:id', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const id = parseInput(PurchaseIdSchema, c.req.param('id'), 'id')
    let purchase = await getPurchase(db, id, project.projectId)
    if (!purchase) throw new HttpError(404, 'NOT_FOUND', 'No such purchase')
    if (purchase.status === 'pending') purchase = await refresh(project, purchase)
    return c.json(publicPurchase(purchase))
  })

  /** Asks the provider about a pending purchase; its failure leaves the row as it was. */
  const refresh = async (project: Project, purchase: StoredPurchase): Promise<StoredPurchase> => {
    const chain = project.chains.find((c) => c.caipNetworkId === purchase.chainId)
    const provider = chain
      ? providersOf(project, chain).find((p) => p.id === purchase.provider)
      : undefined
    if (!provider?.status) return purchase
    try {
      const news = await provider.status(purchase)
      if (!news || news.status === 'pending') return purchase
      await finishPurchase(db, purchase.id, news)
      return (await getPurchase(db, purchase.id)) ?? purchase
    } catch (error) {
      options.logger.warn('onramp status failed', { provider: provider.id, error: String(error) })
      return purchase
    }
  }

  // Spec §7 "Fetch transactions … onramp": with `onramp=<provider>` the history answer lists
  // that provider's purchases for the address (the newest 100); without it, the blockchain
  // routes answer.
  app.get('/v1/account/:address/history', async (c, next) => {
    const onramp = c.req.query('onramp')
    if (onramp === undefined) return next()
    const project = await access.access(c, c.req.query('projectId'))
    const provider = parseInput(ProviderSchema, onramp, 'onramp')
    const { chainId } = parseInput(OptionsQuerySchema, pickQuery(c, ['chainId']), 'query')
    const chain = chainOf(project, chainId)
    const address = addressOn(chain, c.req.param('address'))
    const purchases = await listPurchases(db, {
      projectId: project.projectId,
      chainId,
      address,
      provider,
      limit: 100,
    })
    // The Activity tab asks this every 4 s and nothing else may be asking the provider (the
    // visitor left BuyInProgress): the newest pending purchases are asked about here too.
    let asked = 0
    const now = Date.now()
    const current = await Promise.all(
      purchases.map((purchase) =>
        purchase.status === 'pending' &&
        asked++ < HISTORY_REFRESH_MAX &&
        now - Date.parse(purchase.createdAt) < HISTORY_REFRESH_AGE_MS
          ? refresh(project, purchase)
          : purchase,
      ),
    )
    return c.json({
      data: current.map(purchaseTransaction),
      next: null,
    } satisfies HistoryResponse)
  })

  // Meld's status webhook (see meld-webhook.ts): server to server, so no CORS and no origin
  // check; the signature with the project's webhook secret is the only key. A bad signature
  // or a stale timestamp is a 401 and changes nothing; an event that settles nothing here
  // (another status, a purchase this project does not have) is a 200, so Meld stops retrying.
  app.post(
    '/v1/onramp/meld/webhook',
    limitBody(WEBHOOK_BODY_MAX_BYTES, (c) =>
      c.json({ code: 'PAYLOAD_TOO_LARGE', message: 'Body too large' }, 413, CLOSE_CONNECTION),
    ),
    async (c) => {
      const projectId = c.req.query('projectId') ?? ''
      const project = projectId ? await getProject(db, projectId) : undefined
      const meld = project?.onramp?.meld
      if (!project || !meld?.webhookSecret) {
        throw new HttpError(404, 'NOT_FOUND', 'No Meld webhook is configured for this project')
      }
      const signature = c.req.header('meld-signature')
      const timestamp = c.req.header('meld-signature-timestamp')
      const body = await c.req.text()
      const signedAt = timestamp === undefined ? undefined : meldTimestampMs(timestamp)
      const url =
        meld.webhookUrl ??
        `${baseUrlOf(c, options.publicUrl)}/v1/onramp/meld/webhook?projectId=${encodeURIComponent(projectId)}`
      const secret = (options.providers?.readSecret ?? readSecret)(meld.webhookSecret)
      if (
        signature === undefined ||
        timestamp === undefined ||
        signedAt === undefined ||
        Math.abs(Date.now() - signedAt) > MELD_TIMESTAMP_TOLERANCE_MS ||
        !verifyMeldSignature({ secret, url, timestamp, body, signature })
      ) {
        throw new HttpError(401, 'UNAUTHORIZED', 'Invalid Meld signature')
      }
      const event = meldOutcome(body)
      if (!event) throw new HttpError(400, 'BAD_REQUEST', 'Invalid event: not a Meld event')
      const { status } = event
      const purchase =
        status && event.purchaseId && v.is(PurchaseIdSchema, event.purchaseId)
          ? await getPurchase(db, event.purchaseId, project.projectId)
          : undefined
      if (!status || purchase?.provider !== 'meld' || purchase.status !== 'pending') {
        return c.json({ settled: false })
      }
      await finishPurchase(db, purchase.id, { status })
      options.logger.info('onramp meld webhook', {
        id: purchase.id,
        status,
        eventId: event.eventId,
        transactionId: event.transactionId,
      })
      return c.json({ settled: true })
    },
  )

  // The sandbox checkout page. Its id (128 random bits) is its only key, as for any hosted
  // checkout link; a Pay is accepted from this page's own origin only.
  app.get('/onramp/checkout/:id', async (c) => {
    access.rateLimit(c, 'onramp-checkout')
    const found = await sandboxPurchase(c.req.param('id'))
    if (!found) return c.html(checkoutNotFound(), 404, CHECKOUT_HEADERS)
    const { purchase, project } = found
    if (purchase.status !== 'pending' || (await isProcessing(purchase))) {
      return c.html(checkoutResult(purchase, project.name), 200, CHECKOUT_HEADERS)
    }
    const limit = checkoutLimit(project, purchase)
    return c.html(
      checkoutForm(purchase, { projectName: project.name, ...limit, amount: purchase.amount }),
      200,
      CHECKOUT_HEADERS,
    )
  })

  app.post(
    '/onramp/checkout/:id',
    limitBody(BODY_MAX_BYTES, (c) => c.text('Body too large', 413, CLOSE_CONNECTION)),
    async (c) => {
      access.rateLimit(c, 'onramp-checkout')
      const origin = c.req.header('origin')
      if (origin !== undefined && origin !== new URL(baseUrlOf(c, options.publicUrl)).origin) {
        return c.text('Forbidden', 403, CHECKOUT_HEADERS)
      }
      const found = await sandboxPurchase(c.req.param('id'))
      if (!found) return c.html(checkoutNotFound(), 404, CHECKOUT_HEADERS)
      const { purchase, project, chain } = found
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const raw = typeof form.amount === 'string' ? form.amount.trim() : ''
      const limit = checkoutLimit(project, purchase)
      const parsed = v.safeParse(AmountSchema, raw)
      const error = !parsed.success
        ? 'Enter an amount like 100 or 99.50'
        : Number(raw) < limit.min || Number(raw) > limit.max
          ? limitMessage(limit, purchase.currency)
          : undefined
      if (error) {
        return c.html(
          checkoutForm(purchase, {
            projectName: project.name,
            ...limit,
            amount: raw.slice(0, 20),
            error,
          }),
          400,
          CHECKOUT_HEADERS,
        )
      }
      const provider = providersOf(project, chain).find((p) => p.id === 'sandbox')
      const asset = assetsOf(project, chain).find((a) => a.symbol === purchase.asset)
      const price = asset ? await priceOf(chain.caipNetworkId, asset) : null
      const quote =
        provider &&
        asset &&
        quoteOf(
          provider,
          {
            amount: Number(raw),
            asset: asset.symbol,
            currency: purchase.currency,
            method: purchase.method,
          },
          price,
          asset.decimals,
        )
      if (!quote?.cryptoAmount || !asset) {
        return c.html(
          checkoutResult({ ...purchase, status: 'failed' }, project.name),
          409,
          CHECKOUT_HEADERS,
        )
      }
      const claimed = await claimPurchase(db, purchase.id, quote.amount, quote.cryptoAmount)
      // Taken already (a second Pay, another tab): nothing more is credited.
      if (!claimed) {
        const current = (await getPurchase(db, purchase.id)) ?? purchase
        return c.html(checkoutResult(current, project.name), 200, CHECKOUT_HEADERS)
      }
      try {
        const units = parseUnits(quote.cryptoAmount, asset.decimals)
        const to = claimed.address
        const txHash = chain.caipNetworkId.startsWith('solana:')
          ? await creditSolana(chain, to, units)
          : asset.address
            ? await creditErc20(chain, {
                token: asset.address,
                to: getAddress(to),
                units,
                holder: asset.holder,
              })
            : await creditEvm(chain, getAddress(to), units)
        await finishPurchase(db, purchase.id, { status: 'completed', txHash })
      } catch (cause) {
        options.logger.error('onramp sandbox credit failed', {
          id: purchase.id,
          error: String(cause),
        })
        await finishPurchase(db, purchase.id, { status: 'failed' })
      }
      const done = (await getPurchase(db, purchase.id)) ?? claimed
      return c.html(
        checkoutResult(done, project.name),
        done.status === 'failed' ? 502 : 200,
        CHECKOUT_HEADERS,
      )
    },
  )

  /** A sandbox purchase whose project still offers the sandbox on a loopback chain. */
  const sandboxPurchase = async (rawId: string) => {
    if (!v.is(PurchaseIdSchema, rawId)) return undefined
    const purchase = await getPurchase(db, rawId)
    if (purchase?.provider !== 'sandbox') return undefined
    const project = await getProject(db, purchase.projectId)
    const chain = project?.chains.find((c) => c.caipNetworkId === purchase.chainId)
    if (!project || !chain || !isLoopbackChain(chain)) return undefined
    return { purchase, project, chain }
  }

  /** The purchase's method limit in its currency (the spec §3 default if no longer listed). */
  const checkoutLimit = (project: Project, purchase: StoredPurchase) =>
    limitOf(project.onramp, purchase.currency, purchase.method) ??
    limitOf(null, 'USD', purchase.method) ?? { method: purchase.method, min: 10, max: 7500 }

  const isProcessing = async (purchase: StoredPurchase) => {
    const [row] = await db.query<{ status: string }>(
      'select status from onramp_purchases where id = $1',
      [purchase.id],
    )
    return row?.status === 'processing'
  }

  return app
}

/** The address in its canonical form on this chain (EVM checksummed), or a 400. */
function addressOn(chain: ProjectChainConfig, raw: string): string {
  if (chain.caipNetworkId.startsWith('solana:'))
    return parseInput(SolanaAddressSchema, raw, 'address')
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) {
    throw new HttpError(
      400,
      'BAD_REQUEST',
      'Invalid address: expected a 0x-prefixed 40-hex-digit address',
    )
  }
  return getAddress(raw.toLowerCase())
}
