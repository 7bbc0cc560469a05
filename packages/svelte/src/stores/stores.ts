// The host stores of @openmodal/core under names Svelte accepts: Svelte 5 reserves the `$`
// prefix for its own store subscriptions, so `import { $activeAccount }` does not compile in a
// component, while `import { activeAccount }` then `$activeAccount` does. The stores are the
// core's own nanostores atoms, which already keep Svelte's store contract (`subscribe(run)`
// calls `run` at once with the value, then on each change, and returns the unsubscriber).
import {
  $activeAccount,
  $activeNetwork,
  $isConnected,
  $locale,
  $networks,
  $publicState,
  $theme,
  type AccountState,
  type CaipNetwork,
  type PublicState,
  type ThemeState,
} from '@openmodal/core'
import { $accounts, type ChainNamespace, type UnsupportedNetwork } from '@openmodal/core/internal'

/**
 * A read-only store: Svelte's store contract (`$store` in components, `get(store)` of
 * `svelte/store`), plus `get()` to read it once outside a component.
 */
export interface ReadableStore<T> {
  /** Calls `run` now with the value and again on every change; returns the unsubscriber. */
  subscribe(run: (value: T) => void): () => void
  /** The current value. */
  get(): T
}

/**
 * The account of the active network's namespace: status, address, CAIP address, balance,
 * profile and wallet info.
 *
 * @example
 * <p>{$activeAccount.status}: {$activeAccount.address ?? 'no wallet'}</p>
 */
export const activeAccount: ReadableStore<AccountState> = $activeAccount

/**
 * The account of each namespace that has one (`$accounts.solana`, `$accounts.eip155`).
 *
 * @example
 * {#if $accounts.solana?.status === 'connected'}<p>{$accounts.solana.address}</p>{/if}
 */
export const accounts: ReadableStore<Partial<Record<ChainNamespace, AccountState>>> = $accounts

/**
 * Whether a wallet is connected in the active namespace.
 *
 * @example
 * {#if $isConnected}<w3m-account-button />{:else}<w3m-connect-button />{/if}
 */
export const isConnected: ReadableStore<boolean> = $isConnected

/**
 * The active network, the unsupported placeholder when the wallet moved to a network the app
 * did not configure, or `undefined` before `createModal`.
 *
 * @example
 * <p>On {$activeNetwork?.name}</p>
 */
export const activeNetwork: ReadableStore<CaipNetwork | UnsupportedNetwork | undefined> =
  $activeNetwork

/**
 * The networks the app configured.
 *
 * @example
 * {#each $networks as network (network.caipNetworkId)}<li>{network.name}</li>{/each}
 */
export const networks: ReadableStore<readonly CaipNetwork[]> = $networks

/**
 * The modal's public state (`open`, `loading`, `view`, `selectedNetworkId`, `activeChain`),
 * the same as `modal.getState()`.
 *
 * @example
 * {#if $modalState.open}<p>Choosing a wallet…</p>{/if}
 */
export const modalState: ReadableStore<PublicState> = $publicState

/**
 * The theme mode and variables; change them with `modal.setThemeMode()` and
 * `modal.setThemeVariables()`.
 *
 * @example
 * <main class:dark={$theme.themeMode === 'dark'}>…</main>
 */
export const theme: ReadableStore<ThemeState> = $theme

/**
 * The modal's language (a BCP 47 tag such as `'en'` or `'pt-BR'`); change it with
 * `modal.setLocale()`.
 *
 * @example
 * <p lang={$locale}>…</p>
 */
export const locale: ReadableStore<string> = $locale
