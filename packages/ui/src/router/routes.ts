// View name (spec §2) → custom element, grouped by feature. Each group is one lazy `import()`
// made on the first navigation to any of its views, so an unopened modal loads no view code.
import type { View } from '@openmodal/core/internal'

/** What a group module exports: defining its views is explicit, so bundlers keep it. */
export interface ViewGroupModule {
  registerViews(): void
}

export interface Route {
  tag: string
  group: string
}

/** Group name → loader. Tests may replace a loader (e.g. with a failing one). */
export const GROUP_LOADERS: Record<string, () => Promise<ViewGroupModule>> = {
  connect: () => import('../views/connect-group.js'),
  network: () => import('../views/network-group.js'),
  account: () => import('../views/account-group.js'),
  walletconnect: () => import('../views/walletconnect-group.js'),
}

/** Views that exist so far; navigating to any other shows the "not available yet" state. */
export const ROUTES: Partial<Record<View, Route>> = {
  Connect: { tag: 'w3m-connect-view', group: 'connect' },
  ConnectingExternal: { tag: 'w3m-connecting-external-view', group: 'connect' },
  AllWallets: { tag: 'w3m-all-wallets-view', group: 'connect' },
  ConnectingWalletConnect: { tag: 'w3m-connecting-walletconnect-view', group: 'walletconnect' },
  ConnectingWalletConnectBasic: {
    tag: 'w3m-connecting-walletconnect-basic-view',
    group: 'walletconnect',
  },
  Networks: { tag: 'w3m-networks-view', group: 'network' },
  SwitchNetwork: { tag: 'w3m-switch-network-view', group: 'network' },
  UnsupportedChain: { tag: 'w3m-unsupported-chain-view', group: 'network' },
  SwitchActiveChain: { tag: 'w3m-switch-active-chain-view', group: 'network' },
  Account: { tag: 'w3m-account-view', group: 'account' },
  RegisterAccountName: { tag: 'w3m-register-account-name-view', group: 'account' },
  RegisterAccountNameSuccess: { tag: 'w3m-register-account-name-success-view', group: 'account' },
}

export type GroupStatus = 'idle' | 'loading' | 'loaded' | 'error'

const pending = new Map<string, Promise<void>>()
const status = new Map<string, GroupStatus>()
const listeners = new Set<() => void>()

const setStatus = (group: string, next: GroupStatus) => {
  status.set(group, next)
  for (const listener of [...listeners]) listener()
}

export function groupStatus(group: string): GroupStatus {
  return status.get(group) ?? 'idle'
}

/** Calls `listener` whenever a group starts, finishes or fails loading. */
export function onGroupStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Imports a view group once. A failed import is forgotten so a retry imports again.
 *
 * @example await loadGroup('network')
 */
export function loadGroup(group: string): Promise<void> {
  const existing = pending.get(group)
  if (existing) return existing
  const loader = GROUP_LOADERS[group]
  if (!loader) return Promise.reject(new Error(`Unknown view group ${group}`))
  setStatus(group, 'loading')
  const promise = loader().then(
    (module) => {
      module.registerViews()
      setStatus(group, 'loaded')
    },
    (error: unknown) => {
      pending.delete(group)
      setStatus(group, 'error')
      throw error
    },
  )
  pending.set(group, promise)
  return promise
}

/**
 * Starts loading the group of `view` ahead of navigation (e.g. when the pointer enters the
 * connect button). Failures are left for the router to show.
 *
 * @example preloadView('Connect')
 */
export function preloadView(view: View): void {
  const route = ROUTES[view]
  if (route && groupStatus(route.group) === 'idle') loadGroup(route.group).catch(() => {})
}
