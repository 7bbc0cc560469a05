// A project's on-ramp settings (the `onramp` key of a project in openmodal.config.json):
// which providers it offers, their keys (secrets stay on the server: no answer ever carries
// them), and the limits of spec §3.
import * as v from 'valibot'
import type { OnrampPaymentLimit, OnrampPaymentMethod, OnrampProviderId } from '../api-types.js'

/** Spec §3: "default card 10 to 7500, bank 10 to 25000". */
export const DEFAULT_PAYMENT_LIMITS: readonly OnrampPaymentLimit[] = [
  { method: 'card', min: 10, max: 7500 },
  { method: 'bank', min: 10, max: 25000 },
]

export const PAYMENT_METHODS: readonly OnrampPaymentMethod[] = ['card', 'bank']

/** The fiat currencies a visitor may pay in unless the project lists its own. */
export const DEFAULT_PAYMENT_CURRENCIES: readonly string[] = ['USD', 'EUR']

/**
 * The sandbox's fixed rates (USD per unit of each fiat currency) unless the project sets its
 * own: demo figures, like the default price table; nothing is bought.
 */
export const DEFAULT_SANDBOX_FIAT_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
}

/** Spec §9 "fees shown 1-2%": the fee each provider quotes unless the project sets its own. */
export const DEFAULT_FEE_PERCENT: Readonly<Record<OnrampProviderId, number>> = {
  sandbox: 1,
  meld: 1.5,
  coinbase: 2,
}

export const PROVIDER_NAMES: Readonly<Record<OnrampProviderId, string>> = {
  sandbox: 'Sandbox checkout',
  meld: 'Meld',
  coinbase: 'Coinbase',
}

const FeePercentSchema = v.pipe(v.number(), v.minValue(0), v.maxValue(10))

/** An https:// URL, or http:// on loopback, as given. */
const HttpsOrLoopback = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.url('Expected a URL'),
  v.check(
    (value) =>
      /^https:\/\//i.test(value) ||
      /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/i.test(value),
    'Expected an https:// URL (http:// only on loopback)',
  ),
)
/** The same, without trailing slashes (a base URL paths are appended to). */
const HttpsOrLoopbackUrl = v.pipe(
  HttpsOrLoopback,
  v.transform((value) => value.replace(/\/+$/, '')),
)

/** ISO 4217, upper case (`USD`, `EUR`). */
export const FiatCodeSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code like USD'),
)

const RangeSchema = v.pipe(
  v.strictObject({
    min: v.pipe(v.number(), v.minValue(0), v.finite()),
    max: v.pipe(v.number(), v.minValue(0), v.finite()),
  }),
  v.check((range) => range.min <= range.max, 'Expected min <= max'),
)

/** A fiat currency the project takes, with limits per method in its own units. */
export const PaymentCurrencyConfigSchema = v.union([
  FiatCodeSchema,
  v.strictObject({
    id: FiatCodeSchema,
    /** Default spec §3: 10 to 7500. */
    card: v.optional(RangeSchema),
    /** Default spec §3: 10 to 25000. */
    bank: v.optional(RangeSchema),
  }),
])

/** An ERC-20 that can be bought on one of the project's chains, besides the native coin. */
export const OnrampAssetSchema = v.strictObject({
  /** The chain's CAIP-2 id (eip155 only). */
  chainId: v.pipe(v.string(), v.regex(/^eip155:\d{1,20}$/, 'Expected an eip155 chain id')),
  address: v.pipe(
    v.string(),
    v.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-digit address'),
  ),
  symbol: v.pipe(v.string(), v.regex(/^[A-Za-z0-9.]{1,20}$/, 'Expected a symbol')),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(60)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
  /** USD per unit when the server's price source has none (a test token). */
  usdPrice: v.optional(v.pipe(v.number(), v.minValue(0), v.finite())),
  /**
   * Sandbox only: the account whose tokens are sent (impersonated on anvil). Without it the
   * sandbox calls the token's `mint(to, amount)`, as a test token has.
   */
  holder: v.optional(
    v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed address')),
  ),
})

export const SandboxConfigSchema = v.strictObject({
  feePercent: v.optional(FeePercentSchema),
  /** USD per unit of each fiat currency (default `DEFAULT_SANDBOX_FIAT_RATES`). */
  fiatRates: v.optional(v.record(FiatCodeSchema, v.pipe(v.number(), v.minValue(0), v.finite()))),
})

export const MeldConfigSchema = v.strictObject({
  /** Meld's public key (it is in the widget URL the visitor opens, so it is not a secret). */
  publicKey: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  /** Widget host; default production `https://meldcrypto.com`, sandbox `https://sb.meldcrypto.com`. */
  widgetUrl: v.optional(HttpsOrLoopbackUrl, 'https://meldcrypto.com'),
  feePercent: v.optional(FeePercentSchema),
  /**
   * The secret of the Meld webhook profile that posts to `POST /v1/onramp/meld/webhook`
   * (`env:NAME` reads it from the environment). Without it Meld purchases stay pending.
   */
  webhookSecret: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(500))),
  /**
   * The URL exactly as entered in Meld's webhook profile (Meld signs it). Default: this
   * server's public URL + `/v1/onramp/meld/webhook?projectId=<id>`; set it when a proxy
   * rewrites the path.
   */
  webhookUrl: v.optional(HttpsOrLoopback),
})

export const CoinbaseConfigSchema = v.strictObject({
  /** The CDP Secret API key's id (`organizations/…/apiKeys/…` or a UUID). */
  keyName: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  /**
   * The CDP Secret API key: an EC private key in PEM (ES256) or a base64 Ed25519 key (EdDSA).
   * `env:NAME` reads it from the server's environment instead of the config file.
   */
  keySecret: v.pipe(v.string(), v.minLength(1), v.maxLength(4000)),
  /** Default `https://api.developer.coinbase.com` (the session token API). */
  apiUrl: v.optional(HttpsOrLoopbackUrl, 'https://api.developer.coinbase.com'),
  /** Default `https://pay.coinbase.com` (the page the visitor opens). */
  payUrl: v.optional(HttpsOrLoopbackUrl, 'https://pay.coinbase.com'),
  feePercent: v.optional(FeePercentSchema),
  /** The country its buy options are asked for (ISO 3166-1, default `US`). */
  country: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'Expected a country code like US')),
    'US',
  ),
  /** ISO 3166-2 state code, which Coinbase wants with `US` (e.g. `NY`). */
  subdivision: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,3}$/, 'Expected a state code like NY')),
  ),
})

export const OnrampConfigSchema = v.strictObject({
  /**
   * Our own checkout page, for demos and tests: "Pay" credits the address on a local chain
   * (anvil, or a loopback Solana RPC that airdrops). Only chains whose RPC URLs are all on
   * loopback are offered.
   */
  sandbox: v.optional(v.union([v.literal(true), SandboxConfigSchema])),
  meld: v.optional(MeldConfigSchema),
  coinbase: v.optional(CoinbaseConfigSchema),
  /** The fiat currencies offered (default USD and EUR), each with optional own limits. */
  paymentCurrencies: v.optional(
    v.pipe(v.array(PaymentCurrencyConfigSchema), v.minLength(1), v.maxLength(50)),
  ),
  /** ERC-20s offered besides each chain's native coin. */
  assets: v.optional(v.pipe(v.array(OnrampAssetSchema), v.maxLength(100))),
})
export type OnrampConfigInput = v.InferInput<typeof OnrampConfigSchema>
export type OnrampConfig = v.InferOutput<typeof OnrampConfigSchema>
export type MeldConfig = v.InferOutput<typeof MeldConfigSchema>
export type CoinbaseConfig = v.InferOutput<typeof CoinbaseConfigSchema>
export type OnrampAsset = v.InferOutput<typeof OnrampAssetSchema>

/** The project's fiat currencies with their limits per method (defaults filled in). */
export function paymentCurrenciesOf(
  config: OnrampConfig | null | undefined,
): { id: string; limits: OnrampPaymentLimit[] }[] {
  const listed = config?.paymentCurrencies ?? DEFAULT_PAYMENT_CURRENCIES
  return listed.map((entry) => {
    const own = typeof entry === 'string' ? { id: entry } : entry
    return {
      id: own.id,
      limits: DEFAULT_PAYMENT_LIMITS.map((limit) => ({
        method: limit.method,
        ...(own[limit.method] ?? { min: limit.min, max: limit.max }),
      })),
    }
  })
}

/** The limit of `method` in `currency` for this project, or undefined when not offered. */
export const limitOf = (
  config: OnrampConfig | null | undefined,
  currency: string,
  method: string,
): OnrampPaymentLimit | undefined =>
  paymentCurrenciesOf(config)
    .find((c) => c.id === currency)
    ?.limits.find((limit) => limit.method === method)

/** The person-readable range of a method, e.g. "Card payments are 10 to 7500 USD". */
export function limitMessage(limit: OnrampPaymentLimit, currency: string): string {
  const label = limit.method === 'card' ? 'Card payments' : 'Bank transfers'
  return `${label} are ${limit.min} to ${limit.max} ${currency}`
}
