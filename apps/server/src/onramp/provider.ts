// What every on-ramp provider implements, and the providers a project's settings give.
import type {
  OnrampPaymentLimit,
  OnrampPaymentMethod,
  OnrampProviderId,
  OnrampPurchaseStatus,
} from '../api-types.js'
import type { Project, ProjectChainConfig } from '../projects/store.js'
import { coinbaseProvider } from './coinbase.js'
import {
  DEFAULT_FEE_PERCENT,
  DEFAULT_SANDBOX_FIAT_RATES,
  type OnrampConfig,
  PROVIDER_NAMES,
} from './config.js'
import { meldProvider } from './meld.js'
import { sandboxProvider } from './sandbox.js'
import type { StoredPurchase } from './store.js'

/** What a provider needs to open a session beside the purchase itself. */
export interface SessionContext {
  /** This server's public base URL (the sandbox's checkout page lives there). */
  baseUrl: string
  /** The visitor's address as this server sees it (Coinbase binds its token to it). */
  clientIp: string
}

/** A provider's view of a purchase it was asked about. */
export interface ProviderStatus {
  status: OnrampPurchaseStatus
  txHash?: string | null
  cryptoAmount?: string | null
}

export interface OnrampProvider {
  readonly id: OnrampProviderId
  readonly name: string
  readonly feePercent: number
  /** Whether it serves this chain of the project (spec §9 namespaces, loopback for the sandbox). */
  serves(chain: ProjectChainConfig): boolean
  /** The provider's reference for a new purchase, stored with it (before `sessionUrl`). */
  reference?(purchaseId: string): string
  /** The page the visitor opens (popup or new tab) to pay for this purchase. */
  sessionUrl(purchase: StoredPurchase, context: SessionContext): Promise<string>
  /** The provider's current view of a pending purchase; undefined = nothing new. */
  status?(purchase: StoredPurchase): Promise<ProviderStatus | undefined>
  /**
   * USD per unit of a fiat currency for this provider's own quote; undefined when the provider
   * prices that currency only on its own page (the quote then shows no crypto amount).
   */
  usdPerUnit(currency: string): number | undefined
  /**
   * What the provider itself sells on `chain` (its own options API), when it has one; the
   * server then quotes it only for a currency, asset and amount it takes.
   */
  offers?(chain: ProjectChainConfig): Promise<ProviderOffers>
}

/** A provider's own options on one network, in our terms. */
export interface ProviderOffers {
  /** Fiat currency → its limits per method (a method absent: not offered). */
  paymentCurrencies: { id: string; limits: OnrampPaymentLimit[] }[]
  /** Upper-case symbols it sells on that network. */
  assets: string[]
}

/** Whether the offers take this purchase. */
export function offersTake(
  offers: ProviderOffers,
  input: { currency: string; method: OnrampPaymentMethod; asset: string; amount: number },
): boolean {
  const limit = offers.paymentCurrencies
    .find((c) => c.id === input.currency)
    ?.limits.find((l) => l.method === input.method)
  return (
    limit !== undefined &&
    input.amount >= limit.min &&
    input.amount <= limit.max &&
    offers.assets.includes(input.asset.toUpperCase())
  )
}

/** Secrets given as `env:NAME` come from the server's environment. */
export type SecretReader = (value: string) => string

export const readSecret: SecretReader = (value) => {
  const match = /^env:([A-Za-z_][A-Za-z0-9_]*)$/.exec(value)
  if (!match) return value
  const secret = process.env[match[1] as string]
  if (!secret) throw new Error(`The environment variable ${match[1]} is not set`)
  return secret
}

export interface ProviderDeps {
  /** `fetch` for the providers' own APIs (tests point it at loopback stand-ins). */
  fetch?: typeof fetch
  readSecret?: SecretReader
}

/**
 * The providers a project's `onramp` settings turn on, in a fixed order (sandbox, Meld,
 * Coinbase); none when it has no settings.
 *
 * @example
 * const providers = projectProviders(project.onramp)
 */
export function projectProviders(
  config: OnrampConfig | null | undefined,
  deps: ProviderDeps = {},
): OnrampProvider[] {
  if (!config) return []
  const providers: OnrampProvider[] = []
  const fee = (id: OnrampProviderId, own: number | undefined) => own ?? DEFAULT_FEE_PERCENT[id]
  if (config.sandbox) {
    const own = config.sandbox === true ? {} : config.sandbox
    providers.push(
      sandboxProvider({
        name: PROVIDER_NAMES.sandbox,
        feePercent: fee('sandbox', own.feePercent),
        fiatRates: own.fiatRates ?? DEFAULT_SANDBOX_FIAT_RATES,
      }),
    )
  }
  if (config.meld) {
    providers.push(
      meldProvider(config.meld, {
        name: PROVIDER_NAMES.meld,
        feePercent: fee('meld', config.meld.feePercent),
      }),
    )
  }
  if (config.coinbase) {
    providers.push(
      coinbaseProvider(config.coinbase, {
        name: PROVIDER_NAMES.coinbase,
        feePercent: fee('coinbase', config.coinbase.feePercent),
        fetch: deps.fetch ?? fetch,
        readSecret: deps.readSecret ?? readSecret,
      }),
    )
  }
  return providers
}

/** The project's providers serving `chain`. */
export function providersFor(
  project: Project & { onramp?: OnrampConfig | null },
  chain: ProjectChainConfig,
  deps?: ProviderDeps,
): OnrampProvider[] {
  return projectProviders(project.onramp, deps).filter((provider) => provider.serves(chain))
}
