// The HTTP shapes of the on-ramp API (apps/server/src/onramp): buying crypto through a
// provider the dapp's own server configures (spec §1, §3, §9).

/** The providers a server may offer: our own checkout page, Meld's widget, Coinbase Onramp. */
export type OnrampProviderId = 'sandbox' | 'meld' | 'coinbase'

/** How the visitor pays; each has its own limits (spec §3: card 10–7500, bank 10–25000). */
export type OnrampPaymentMethod = 'card' | 'bank'

/** The limits of one payment method, in units of the payment currency. */
export interface OnrampPaymentLimit {
  method: OnrampPaymentMethod
  min: number
  max: number
}

/** A fiat currency the visitor can pay with. */
export interface OnrampPaymentCurrency {
  /** ISO 4217, e.g. `USD`. */
  id: string
  limits: OnrampPaymentLimit[]
}

/** A currency that can be bought, and on which of the project's chains. */
export interface OnrampPurchaseCurrency {
  symbol: string
  name: string
  decimals: number
  /** The ERC-20 contract on the asked chain; absent for the native coin. */
  address?: string
  /** CAIP-2 ids of the project's chains where it can be bought too. */
  networks: string[]
}

/** A provider offered for a chain, with its fee (spec §9: 1–2 %). */
export interface OnrampProviderInfo {
  id: OnrampProviderId
  name: string
  feePercent: number
}

/**
 * `GET /v1/onramp/options?projectId=&chainId=`: what can be bought on that chain and through
 * whom. `providers` is empty when no provider serves the chain (the Buy button stays hidden).
 */
export interface OnrampOptionsResponse {
  chainId: string
  paymentCurrencies: OnrampPaymentCurrency[]
  purchaseCurrencies: OnrampPurchaseCurrency[]
  providers: OnrampProviderInfo[]
}

/** One provider's quote: `amount` paid = `fee` + what buys `cryptoAmount` of `asset`. */
export interface OnrampQuote {
  provider: OnrampProviderId
  providerName: string
  /** Decimal strings in the payment currency (2 decimals). */
  amount: string
  fee: string
  feePercent: number
  /** Decimal string in units of `asset`; `null` when the server has no price for it. */
  cryptoAmount: string | null
  asset: string
  currency: string
  method: OnrampPaymentMethod
}

/**
 * `GET /v1/onramp/quote?projectId=&chainId=&asset=&currency=&method=&amount=`: one quote per
 * provider serving the chain. An amount outside the method's limits is a 400 naming them.
 */
export interface OnrampQuoteResponse {
  quotes: OnrampQuote[]
}

/** `POST /v1/onramp/sessions?projectId=` body. */
export interface OnrampSessionRequest {
  provider: OnrampProviderId
  chainId: string
  address: string
  asset: string
  currency: string
  method: OnrampPaymentMethod
  /** Decimal string in the payment currency. */
  amount: string
}

export type OnrampPurchaseStatus = 'pending' | 'completed' | 'failed'

/** A purchase as `GET /v1/onramp/sessions/:id?projectId=` answers it. */
export interface OnrampPurchase {
  id: string
  provider: OnrampProviderId
  status: OnrampPurchaseStatus
  chainId: string
  address: string
  asset: string
  currency: string
  method: OnrampPaymentMethod
  amount: string
  /** What arrived (or will), in units of `asset`; `null` until known. */
  cryptoAmount: string | null
  /** The credit's transaction hash (or signature), once there is one. */
  txHash: string | null
  /** ISO 8601. */
  createdAt: string
  completedAt: string | null
}

/** `POST /v1/onramp/sessions` answer: the page to open (a popup or a new tab). */
export interface OnrampSessionResponse {
  purchase: OnrampPurchase
  url: string
}
