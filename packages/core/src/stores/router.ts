// RouterController of the spec: which view the modal shows, and the way back.

import { atom, computed } from 'nanostores'
import type { Wallet } from '../api/types.js'
import type { CaipNetwork, ChainNamespace } from '../types/network.js'

/**
 * Every view of spec §2, plus the feature views later issues add. The ui declares the views it
 * builds in its feature tables (packages/ui/src/features/<name>/feature.ts), checked against this
 * list by its test; a view not in that table shows "not available yet".
 */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'EmailLogin',
  'ProfileWallets',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UpdateEmailWallet',
  'ChangeRecovery',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Networks',
  'Swap',
  'SwapPreview',
  'SwapSelectToken',
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletReceive',
  'OnRampProviders',
  'BuyInProgress',
  'Transactions',
] as const
export type View = (typeof VIEWS)[number]

/** Data a view may be opened with (spec §2). */
export interface RouterData {
  connectorId?: string
  network?: CaipNetwork
  /** Connect, ConnectingExternal: only wallets of this namespace, and connect only it. */
  namespace?: ChainNamespace
  /** SwitchActiveChain: the namespace to make active. */
  switchToChain?: ChainNamespace
  navigateTo?: View
  navigateWithReplace?: boolean
  /** UpdateEmailWallet */
  email?: string
  redirectView?: View
  /** Swap arguments */
  swap?: { fromToken?: string; toToken?: string; amount?: string }
  /** SwapSelectToken: which of Swap's two tokens the visitor picks. */
  swapSide?: 'from' | 'to'
  /** AllWallets / ConnectingWalletConnect: the registry wallet the visitor picked (icon in
   * the QR code, deep links). */
  wallet?: Wallet
}

export interface RouterEntry {
  view: View
  data?: RouterData
}

export interface RouterState {
  /** Oldest first; the last entry is the view on screen. Never empty. */
  history: readonly RouterEntry[]
}

const INITIAL: RouterState = { history: [{ view: 'Connect' }] }

export const $router = atom<RouterState>(INITIAL)
/** The view on screen. */
export const $view = computed($router, (s) => s.history[s.history.length - 1] as RouterEntry)
/** There is somewhere to go back to. */
export const $canGoBack = computed($router, (s) => s.history.length > 1)

export function isView(value: unknown): value is View {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value)
}

/**
 * Shows `view` on top of the current one.
 * @example push('Networks')
 */
export function push(view: View, data?: RouterData): void {
  const { history } = $router.get()
  const top = history[history.length - 1]
  if (top?.view === view && top.data === data) return
  $router.set({ history: [...history, data ? { view, data } : { view }] })
}

/**
 * Replaces the view on screen, keeping the history below it.
 * @example replace('Account')
 */
export function replace(view: View, data?: RouterData): void {
  const { history } = $router.get()
  $router.set({ history: [...history.slice(0, -1), data ? { view, data } : { view }] })
}

/**
 * Goes back one view; does nothing on the first view.
 * @example goBack()
 */
export function goBack(): void {
  const { history } = $router.get()
  if (history.length > 1) $router.set({ history: history.slice(0, -1) })
}

/**
 * Starts a new history with `view` alone.
 * @example reset('Connect')
 */
export function reset(view: View, data?: RouterData): void {
  $router.set({ history: [data ? { view, data } : { view }] })
}
