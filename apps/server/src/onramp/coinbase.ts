// Coinbase Onramp (spec §9: eip155). Since 2025-07-31 every session needs a single-use session
// token that the operator's server creates with its CDP Secret API key
// (`POST /onramp/v1/token`, a JWT signed with that key as Bearer); the visitor then opens
// `pay.coinbase.com/buy/select-asset?sessionToken=…`. `partnerUserRef` (our purchase id) ties
// the purchase to the Transaction Status API (`GET /onramp/v1/buy/user/{ref}/transactions`).
import { createPrivateKey, type KeyObject, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import type { OnrampPaymentMethod } from '../api-types.js'
import type { ProjectChainConfig } from '../projects/store.js'
import type { CoinbaseConfig } from './config.js'
import type { OnrampProvider, ProviderOffers, ProviderStatus, SecretReader } from './provider.js'

/** Spec §9 "Coinbase chains … (fallback ethereum)", by EVM chain id. */
export const COINBASE_NETWORKS: Readonly<Record<number, string>> = {
  1: 'ethereum',
  42161: 'arbitrum',
  137: 'polygon',
  80094: 'berachain',
  43114: 'avalanche-c-chain',
  10: 'optimism',
  42220: 'celo',
  8453: 'base',
}

/** Coinbase's network name for a CAIP-2 eip155 id: the spec's list, else `ethereum`. */
export const coinbaseNetwork = (caipNetworkId: string): string =>
  COINBASE_NETWORKS[Number(caipNetworkId.split(':')[1])] ?? 'ethereum'

const JWT_LIFETIME_S = 120
const REQUEST_TIMEOUT_MS = 10_000

/** The signing key: an EC key in PEM (ES256) or a base64 Ed25519 seed + public key (EdDSA). */
export function coinbaseSigningKey(secret: string): { key: KeyObject; alg: 'ES256' | 'EdDSA' } {
  if (secret.includes('-----BEGIN')) {
    return { key: createPrivateKey(secret.replace(/\\n/g, '\n')), alg: 'ES256' }
  }
  const raw = Buffer.from(secret, 'base64')
  if (raw.length !== 64) {
    throw new Error('The Coinbase key secret is neither an EC PEM key nor a 64-byte Ed25519 key')
  }
  const key = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: raw.subarray(0, 32).toString('base64url'),
      x: raw.subarray(32).toString('base64url'),
    },
    format: 'jwk',
  })
  return { key, alg: 'EdDSA' }
}

/**
 * The CDP Bearer JWT of one request: `iss` cdp, `sub` and `kid` the key name, a random
 * `nonce` header, `uris` = ["METHOD host/path"], valid 120 s.
 *
 * @example
 * const jwt = await coinbaseJwt(config.keyName, config.keySecret, 'POST', new URL('https://api.developer.coinbase.com/onramp/v1/token'))
 */
export async function coinbaseJwt(
  keyName: string,
  secret: string,
  method: string,
  url: URL,
): Promise<string> {
  const { key, alg } = coinbaseSigningKey(secret)
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ uris: [`${method} ${url.host}${url.pathname}`] })
    .setProtectedHeader({ alg, kid: keyName, nonce: randomBytes(16).toString('hex'), typ: 'JWT' })
    .setIssuer('cdp')
    .setSubject(keyName)
    .setNotBefore(now)
    .setExpirationTime(now + JWT_LIFETIME_S)
    .sign(key)
}

interface TokenResponse {
  token?: unknown
  channel_id?: unknown
}

/** `GET /onramp/v1/buy/options` (Coinbase's snake_case shape; amounts are strings). */
interface BuyOptionsResponse {
  payment_currencies?: { id?: unknown; limits?: { id?: unknown; min?: unknown; max?: unknown }[] }[]
  purchase_currencies?: { symbol?: unknown; networks?: { name?: unknown }[] }[]
}

/** Coinbase's payment method ids → ours (others, e.g. FIAT_WALLET, have no counterpart). */
const COINBASE_METHODS: Readonly<Record<string, OnrampPaymentMethod>> = {
  CARD: 'card',
  ACH_BANK_ACCOUNT: 'bank',
}

/** How long one buy-options answer is used (Coinbase asks clients to cache it). */
const OPTIONS_TTL_MS = 10 * 60 * 1000

/** Buy options by API URL, key, country and network (providers are made per request). */
const offersCache = new Map<string, { at: number; offers: Promise<ProviderOffers> }>()

/** Forgets every cached buy-options answer (tests that change the stand-in's answer). */
export const forgetCoinbaseOffers = (): void => offersCache.clear()

/**
 * Coinbase's buy options for one network in our terms: its fiat currencies with the limits
 * of the methods we offer, and the symbols it sells on `network`.
 */
export function coinbaseOffers(answer: BuyOptionsResponse, network: string): ProviderOffers {
  const paymentCurrencies = (answer.payment_currencies ?? []).flatMap((currency) => {
    if (typeof currency.id !== 'string') return []
    const limits = (currency.limits ?? []).flatMap((limit) => {
      const method = typeof limit.id === 'string' ? COINBASE_METHODS[limit.id] : undefined
      const min = Number(limit.min)
      const max = Number(limit.max)
      return method && Number.isFinite(min) && Number.isFinite(max) ? [{ method, min, max }] : []
    })
    return [{ id: currency.id, limits }]
  })
  const assets = (answer.purchase_currencies ?? []).flatMap((currency) =>
    typeof currency.symbol === 'string' && (currency.networks ?? []).some((n) => n.name === network)
      ? [currency.symbol.toUpperCase()]
      : [],
  )
  return { paymentCurrencies, assets }
}

interface TransactionsResponse {
  transactions?: {
    status?: unknown
    tx_hash?: unknown
    purchase_amount?: { value?: unknown; currency?: unknown }
  }[]
}

/**
 * @example
 * const coinbase = coinbaseProvider(config.coinbase, { name: 'Coinbase', feePercent: 2, fetch, readSecret })
 */
export function coinbaseProvider(
  config: CoinbaseConfig,
  options: { name: string; feePercent: number; fetch: typeof fetch; readSecret: SecretReader },
): OnrampProvider {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const url = new URL(`${config.apiUrl}${path}`)
    const jwt = await coinbaseJwt(config.keyName, options.readSecret(config.keySecret), method, url)
    const response = await options.fetch(url, {
      method,
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (!response.ok) {
      throw new Error(`Coinbase ${method} ${url.pathname} answered HTTP ${response.status}`)
    }
    return (await response.json()) as T
  }

  return {
    id: 'coinbase',
    name: options.name,
    feePercent: options.feePercent,
    // Other currencies: the amount is shown on Coinbase's page, from its own rate.
    usdPerUnit: (currency) => (currency === 'USD' ? 1 : undefined),
    offers(chain) {
      const network = coinbaseNetwork(chain.caipNetworkId)
      const query = new URLSearchParams({ country: config.country ?? 'US', networks: network })
      if (config.subdivision) query.set('subdivision', config.subdivision)
      const key = `${config.apiUrl} ${config.keyName} ${query}`
      const cached = offersCache.get(key)
      if (cached && Date.now() - cached.at < OPTIONS_TTL_MS) return cached.offers
      const offers = call<BuyOptionsResponse>('GET', `/onramp/v1/buy/options?${query}`).then(
        (answer) => coinbaseOffers(answer, network),
      )
      offersCache.set(key, { at: Date.now(), offers })
      offers.catch(() => {
        if (offersCache.get(key)?.offers === offers) offersCache.delete(key)
      })
      return offers
    },
    serves: (chain: ProjectChainConfig) => chain.caipNetworkId.startsWith('eip155:'),
    reference: (purchaseId) => purchaseId,
    async sessionUrl(purchase, context) {
      const network = coinbaseNetwork(purchase.chainId)
      const answer = await call<TokenResponse>('POST', '/onramp/v1/token', {
        addresses: [{ address: purchase.address, blockchains: [network] }],
        assets: [purchase.asset],
        clientIp: context.clientIp,
      })
      if (typeof answer.token !== 'string' || answer.token.length === 0) {
        throw new Error('Coinbase answered no session token')
      }
      const url = new URL(`${config.payUrl}/buy/select-asset`)
      url.search = new URLSearchParams({
        sessionToken: answer.token,
        defaultNetwork: network,
        defaultAsset: purchase.asset,
        presetFiatAmount: purchase.amount,
        fiatCurrency: purchase.currency,
        defaultPaymentMethod: purchase.method === 'card' ? 'CARD' : 'ACH_BANK_ACCOUNT',
        partnerUserRef: purchase.providerRef ?? purchase.id,
      }).toString()
      return url.toString()
    },
    async status(purchase): Promise<ProviderStatus | undefined> {
      const ref = encodeURIComponent(purchase.providerRef ?? purchase.id)
      const answer = await call<TransactionsResponse>(
        'GET',
        `/onramp/v1/buy/user/${ref}/transactions?page_size=1`,
      )
      const transaction = answer.transactions?.[0]
      if (!transaction) return undefined
      const txHash =
        typeof transaction.tx_hash === 'string' && transaction.tx_hash.length > 2
          ? transaction.tx_hash
          : null
      const value = transaction.purchase_amount?.value
      const cryptoAmount = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? value : null
      switch (transaction.status) {
        case 'ONRAMP_TRANSACTION_STATUS_SUCCESS':
          return { status: 'completed', txHash, cryptoAmount }
        case 'ONRAMP_TRANSACTION_STATUS_FAILED':
          return { status: 'failed', txHash }
        default:
          return undefined
      }
    },
  }
}
