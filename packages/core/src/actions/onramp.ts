// Buying crypto (issue 28): the calls to the project server's on-ramp API
// (apps/server/src/onramp), the popup the provider opens in, and the wait for the purchase.
// Each action takes its parameters; none reads the draft.
import type {
  OnrampOptionsResponse,
  OnrampPaymentMethod,
  OnrampProviderId,
  OnrampPurchase,
  OnrampQuoteResponse,
  OnrampSessionResponse,
} from '../api/onramp-types.js'
import type { HistoryResponse } from '../api/types.js'
import { $api } from '../stores/api.js'
import { $onrampServed } from '../stores/onramp.js'
import { onReset } from '../stores/reset.js'

/**
 * What can be bought on `chainId` and through which providers (empty `providers`: none).
 *
 * @example
 * const options = await fetchOnrampOptions({ chainId: 'eip155:1' })
 */
export function fetchOnrampOptions(params: {
  chainId: string
  signal?: AbortSignal
}): Promise<OnrampOptionsResponse> {
  return $api.get().get<OnrampOptionsResponse>('/v1/onramp/options', {
    query: { chainId: params.chainId },
    ...(params.signal ? { signal: params.signal } : {}),
  })
}

export interface OnrampQuoteParameters {
  chainId: string
  asset: string
  currency: string
  method: OnrampPaymentMethod
  /** A decimal string within the method's limits. */
  amount: string
  signal?: AbortSignal
}

/**
 * One quote per provider (fee, what arrives).
 *
 * @example
 * const { quotes } = await fetchOnrampQuotes({ chainId, asset: 'ETH', currency: 'USD', method: 'card', amount: '100' })
 */
export function fetchOnrampQuotes(params: OnrampQuoteParameters): Promise<OnrampQuoteResponse> {
  const { signal, ...query } = params
  return $api.get().get<OnrampQuoteResponse>('/v1/onramp/quote', {
    query: { ...query },
    ...(signal ? { signal } : {}),
  })
}

/**
 * Starts a purchase on the server; answers the page to open.
 *
 * @example
 * const { url, purchase } = await startOnrampSession({ provider: 'sandbox', chainId, address, asset: 'ETH', currency: 'USD', method: 'card', amount: '100' })
 */
export function startOnrampSession(params: {
  provider: OnrampProviderId
  chainId: string
  address: string
  asset: string
  currency: string
  method: OnrampPaymentMethod
  amount: string
}): Promise<OnrampSessionResponse> {
  return $api.get().post<OnrampSessionResponse>('/v1/onramp/sessions', { body: params })
}

/** The purchase's current state (the server asks the provider while it is pending). */
export function fetchOnrampPurchase(params: {
  id: string
  signal?: AbortSignal
}): Promise<OnrampPurchase> {
  return $api.get().get<OnrampPurchase>(`/v1/onramp/sessions/${encodeURIComponent(params.id)}`, {
    ...(params.signal ? { signal: params.signal } : {}),
  })
}

/** Spec §9 polling: 4 s between status checks. */
export const ONRAMP_POLL_MS = 4000

/**
 * Polls the purchase until it is no longer pending (or `signal` aborts); `onUpdate` sees each
 * answer. A failed check is retried at the next tick.
 *
 * @example
 * const done = await waitForOnrampPurchase({ id, signal })
 */
export async function waitForOnrampPurchase(params: {
  id: string
  signal: AbortSignal
  intervalMs?: number
  onUpdate?: (purchase: OnrampPurchase) => void
}): Promise<OnrampPurchase> {
  const interval = params.intervalMs ?? ONRAMP_POLL_MS
  for (;;) {
    params.signal.throwIfAborted()
    try {
      const purchase = await fetchOnrampPurchase({ id: params.id, signal: params.signal })
      params.onUpdate?.(purchase)
      if (purchase.status !== 'pending') return purchase
    } catch (error) {
      if (params.signal.aborted) throw error
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, interval)
      params.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer)
          reject(params.signal.reason)
        },
        { once: true },
      )
    })
  }
}

/** The provider window's size (issue 28: 600 × 800). */
export const ONRAMP_POPUP = { width: 600, height: 800 } as const

/**
 * Opens an empty 600×800 popup. Call it synchronously inside the click, before any await:
 * a browser blocks a popup opened later. Null when it was blocked (show a link instead).
 *
 * @example
 * const popup = openOnrampPopup() // in the click handler, first
 * const { url } = await startOnrampSession(...)
 * showOnrampPage(popup, url)
 */
export function openOnrampPopup(): Window | null {
  const { width, height } = ONRAMP_POPUP
  const left = Math.max(0, Math.round((window.screen.width - width) / 2))
  const top = Math.max(0, Math.round((window.screen.height - height) / 2))
  try {
    return window.open(
      'about:blank',
      'openmodal-onramp',
      `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
    )
  } catch {
    return null
  }
}

/**
 * Sends the popup to the provider's page, cutting its link back to this page first; false when
 * there is no popup (blocked or closed), so the caller offers a new-tab link.
 */
export function showOnrampPage(popup: Window | null, url: string): boolean {
  if (!popup || popup.closed) return false
  if (!/^https?:\/\//i.test(url)) {
    popup.close()
    return false
  }
  popup.opener = null
  popup.location.href = url
  return true
}

// The providers serving each chain, asked once per chain (a failed ask is asked again next time).
const providersByChain = new Map<string, Promise<OnrampProviderId[]>>()
onReset(() => providersByChain.clear())

/**
 * The ids of the providers the project server offers on `chainId`, asked once per chain
 * (`GET /v1/onramp/options`); empty when none serves it. Rejects when the server could not be
 * asked (and asks again on the next call).
 *
 * @example
 * await onrampProviders({ chainId: 'eip155:1' }) // ['sandbox', 'coinbase']
 */
export function onrampProviders(params: { chainId: string }): Promise<OnrampProviderId[]> {
  const { chainId } = params
  let providers = providersByChain.get(chainId)
  if (!providers) {
    providers = fetchOnrampOptions({ chainId }).then((options) =>
      Array.isArray(options?.providers) ? options.providers.map((p) => p.id) : [],
    )
    providersByChain.set(chainId, providers)
    providers.catch(() => {
      if (providersByChain.get(chainId) === providers) providersByChain.delete(chainId)
    })
  }
  return providers
}

/**
 * One provider's purchases for `address` on `chainId`, as history transactions (spec §7 "Fetch
 * transactions … onramp": `GET /v1/account/:address/history?chainId=&onramp=<provider>`),
 * newest first: `operationType` `buy`, `status` `pending`, `confirmed` or `failed`, `sentFrom`
 * the provider's id, `providerName` its name, `hash` the credit's transaction once paid. Asked afresh each time (spec: "cache off").
 *
 * @example
 * const { data } = await fetchOnrampHistory({ address, chainId: 'eip155:8453', provider: 'coinbase' })
 */
export function fetchOnrampHistory(params: {
  address: string
  chainId: string
  provider: OnrampProviderId
}): Promise<HistoryResponse> {
  return $api
    .get()
    .get<HistoryResponse>(`/v1/account/${encodeURIComponent(params.address)}/history`, {
      query: { chainId: params.chainId, onramp: params.provider },
    })
}

const asking = new Set<string>()

/**
 * Asks the server once per chain whether a provider serves it and records the answer in
 * `$onrampServed` (a failed ask counts as no). Cheap to call on every render.
 *
 * @example
 * checkOnrampServed({ chainId: 'eip155:1' })
 * $onrampServed.get()['eip155:1'] // true | false | undefined (still asking)
 */
export function checkOnrampServed(params: { chainId: string }): void {
  const { chainId } = params
  if (chainId in $onrampServed.get() || asking.has(chainId)) return
  asking.add(chainId)
  onrampProviders({ chainId })
    .then((providers) => providers.length > 0)
    .catch(() => false)
    .then((served) => {
      asking.delete(chainId)
      $onrampServed.setKey(chainId, served)
    })
}
