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

/** The fiat currencies a visitor may pay in (one is enough for the sandbox and the demos). */
export const PAYMENT_CURRENCIES: readonly string[] = ['USD']

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

export const SandboxConfigSchema = v.strictObject({
  feePercent: v.optional(FeePercentSchema),
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
})
export type OnrampConfigInput = v.InferInput<typeof OnrampConfigSchema>
export type OnrampConfig = v.InferOutput<typeof OnrampConfigSchema>
export type MeldConfig = v.InferOutput<typeof MeldConfigSchema>
export type CoinbaseConfig = v.InferOutput<typeof CoinbaseConfigSchema>

/** The limit of `method`, or undefined for an unknown method. */
export const limitOf = (method: string): OnrampPaymentLimit | undefined =>
  DEFAULT_PAYMENT_LIMITS.find((limit) => limit.method === method)

/** The person-readable range of a method, e.g. "Card payments are 10 to 7500 USD". */
export function limitMessage(limit: OnrampPaymentLimit, currency: string): string {
  const label = limit.method === 'card' ? 'Card payments' : 'Bank transfers'
  return `${label} are ${limit.min} to ${limit.max} ${currency}`
}
