// Token balances of the connected account, from our server's blockchain API (the token part of
// the spec's AccountController / SendController "tokenBalances"). Lazy: nothing is fetched until
// an element subscribes to `$balances`; then it follows the active account and network. An
// embedded EVM wallet is asked first (spec §7 "capabilities then wallet_getAssets"): when it
// discovers assets, its answer is the balances and the server is the fallback.
import { map, onMount } from 'nanostores'
import { getAdapter } from '../adapters/registry.js'
import type { BalanceResponse, TokenBalance } from '../api/types.js'
import { TOAST_MESSAGES } from '../errors/messages.js'
import type { CaipNetworkId, ChainNamespace } from '../types/network.js'
import { createFetcher } from '../utils/fetcher.js'
import { type ActiveTarget, activeTarget, followActiveTarget } from './active-target.js'
import { $api, hasApi } from './api.js'
import { findNetwork } from './chain.js'
import { $connections } from './connection.js'
import { $options } from './options.js'
import { onReset } from './reset.js'
import { showSnack } from './snack.js'

/**
 * Namespaces whose token balances our server serves (spec §9: balance on eip155 and solana;
 * EVM from its index, Solana from the chain's RPC).
 */
export const BALANCE_API_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana']
/** An answer is reused this long for the same account and network (spec §9 "Balance cache 30 s"). */
export const TOKEN_BALANCE_CACHE_MS = 30_000
/** After a failed fetch no other is made for this long (spec §8, §9 "balance retry gap 30 s"). */
export const BALANCE_RETRY_GAP_MS = 30_000

export interface BalancesState {
  /** Native first, then tokens by value (as the server orders them). */
  balances: readonly TokenBalance[]
  loading: boolean
  /** The last fetch for this account and network failed. */
  error: boolean
  /** `caipNetworkId:address` the balances belong to; undefined when there is no account. */
  key: string | undefined
  /** When the last fetch failed (ms since the epoch); retries wait 30 s from it. */
  lastRetry: number | undefined
}

const INITIAL: BalancesState = {
  balances: [],
  loading: false,
  error: false,
  key: undefined,
  lastRetry: undefined,
}

export const $balances = map<BalancesState>({ ...INITIAL })

const fetcher = createFetcher<readonly TokenBalance[]>({
  cacheMs: TOKEN_BALANCE_CACHE_MS,
  retryGapMs: BALANCE_RETRY_GAP_MS,
  onError: () =>
    showSnack(TOAST_MESSAGES.TOKEN_BALANCE_UNAVAILABLE, {
      variant: 'error',
      code: 'TOKEN_BALANCE_UNAVAILABLE',
    }),
})

/**
 * Fetches the token balances of the active account on the active network from
 * `GET /v1/account/:address/balance` into `$balances`. An answer younger than 30 s for the same
 * account and network is reused unless `force` is set. When a fetch fails, the "Token Balance
 * Unavailable" toast shows and no fetch is made for the next 30 s, forced or not (spec §8).
 * Never throws.
 *
 * @example
 * await fetchBalances()
 * $balances.get().balances // [{ symbol: 'ETH', quantity: { decimals: '18', numeric: '1.5' }, … }]
 */
export async function fetchBalances(options: { force?: boolean } = {}): Promise<void> {
  const target = activeTarget()
  if (!target) {
    $balances.set({ ...INITIAL, lastRetry: $balances.get().lastRetry })
    return
  }
  const state = $balances.get()
  if (state.key !== target.key) {
    $balances.set({ ...INITIAL, key: target.key, lastRetry: state.lastRetry })
  }
  if (!BALANCE_API_NAMESPACES.includes(target.namespace)) return
  if (!hasApi() && !fromEmbeddedWallet(target)) return
  const result = await fetcher.fetch(target.key, () => load(target), options)
  if (result.status === 'stale' || result.status === 'blocked') return
  if (result.status === 'success') {
    $balances.set({ ...$balances.get(), balances: result.data, loading: false, error: false })
    return
  }
  $balances.set({ ...$balances.get(), loading: false, error: true, lastRetry: Date.now() })
}

/** The active account is the embedded wallet's EVM account: its frame answers wallet_getAssets. */
function fromEmbeddedWallet(target: ActiveTarget): boolean {
  const embedded = $options.get()?.embeddedWallet?.id
  return (
    target.namespace === 'eip155' &&
    embedded !== undefined &&
    $connections.get().eip155?.connectorId === embedded
  )
}

/**
 * The embedded wallet's own answer (capabilities, then wallet_getAssets), or undefined when it
 * does not discover assets on this chain or its answer failed or was malformed and our server
 * can answer instead.
 */
async function discovered(target: ActiveTarget): Promise<readonly TokenBalance[] | undefined> {
  const adapter = getAdapter('eip155')
  if (!adapter || !fromEmbeddedWallet(target)) return undefined
  try {
    const { discoverBalances } = await import('../actions/asset-discovery.js')
    return await discoverBalances(
      (args) => adapter.request(args),
      target.address,
      target.caipNetworkId,
    )
  } catch (error) {
    if (!hasApi()) throw error
    return undefined
  }
}

async function load(target: ActiveTarget): Promise<readonly TokenBalance[]> {
  $balances.setKey('loading', true)
  const fromWallet = await discovered(target)
  const balances = fromWallet ?? (await fromServer(target))
  // Spec §9: on a testnet the balance is worth '0.00' (a price source knows only main-network
  // prices: 10 000 test ETH on a local chain are no $20 million).
  if (!findNetwork(target.caipNetworkId)?.testnet) return balances
  return balances.map((balance) => ({ ...balance, value: 0, price: 0 }))
}

async function fromServer(target: ActiveTarget): Promise<readonly TokenBalance[]> {
  if (!hasApi()) return []
  // The host's token for this network (`tokens` option): listed even at zero.
  const token = $options.get()?.tokens[target.caipNetworkId as CaipNetworkId]?.address
  const response = await $api
    .get()
    .get<BalanceResponse>(`/v1/account/${encodeURIComponent(target.address)}/balance`, {
      query: { chainId: target.caipNetworkId, ...(token ? { tokens: token } : {}) },
    })
  // Defensive: a token with 0 decimals is never shown (spec §5), nor one of another chain.
  return (Array.isArray(response?.balances) ? response.balances : []).filter(
    (balance) => balance.chainId === target.caipNetworkId && Number(balance.quantity?.decimals) > 0,
  )
}

/**
 * Drops the cached balances of one account on one network (`caipNetworkId:address`), because
 * something moved them: new transactions showed up in its activity. The next look at them
 * fetches again; when they show right now (and belong to that account), at once.
 *
 * @example expireTokenBalances('eip155:1:0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
 */
export function expireTokenBalances(key: string): void {
  fetcher.expire(key)
  if ($balances.lc > 0 && $balances.get().key === key) void fetchBalances({ force: true })
}

/**
 * Forgets cached balances and the retry block (after a transfer, on disconnect, and in tests).
 *
 * @example clearTokenBalances()
 */
export function clearTokenBalances(): void {
  fetcher.reset()
  $balances.set({ ...INITIAL })
}
onReset(clearTokenBalances)

onMount($balances, () => followActiveTarget(() => void fetchBalances()))
