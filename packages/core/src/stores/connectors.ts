// ConnectorController of the spec: the wallets a visitor can pick, in the spec's group order.
import { atom, computed, onMount } from 'nanostores'
import { authConnectorOf } from '../adapters/embedded-wallet.js'
import { $adapters } from '../adapters/registry.js'
import type { Connector } from '../adapters/types.js'
import { isWalletConnectId, walletConnectConnectorOf } from '../adapters/walletconnect.js'
import type { ChainNamespace } from '../types/network.js'
import { $recentWallets } from './connection.js'
import { $options } from './options.js'
import { onReset } from './reset.js'

/** Connector groups in display order (spec §2). */
export const CONNECTOR_GROUPS = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorGroup = (typeof CONNECTOR_GROUPS)[number]

/** What each adapter has discovered, by namespace. */
export const $discovered = atom<Partial<Record<ChainNamespace, readonly Connector[]>>>({})
onReset(() => $discovered.set({}))

// Discovery is costly (EIP-6963, wallet-standard): it starts only when the list is first
// observed and stops when nobody watches it (nanostores lazy store).
onMount($discovered, () => {
  let stops: Array<() => void> = []
  const watchAll = (adapters: ReturnType<typeof $adapters.get>) => {
    for (const stop of stops) stop()
    stops = adapters.map((adapter) =>
      adapter.watchConnectors((connectors) => {
        $discovered.set({ ...$discovered.get(), [adapter.namespace]: connectors })
      }),
    )
  }
  const unlisten = $adapters.subscribe(watchAll)
  return () => {
    unlisten()
    for (const stop of stops) stop()
    stops = []
  }
})

export interface ExcludeRule {
  rdns?: string
  name?: string
}

/** Whether the host's allow/exclude lists hide `connector` (spec §1, §6). */
export function isConnectorHidden(
  connector: Connector,
  exclude: readonly ExcludeRule[],
  allow: readonly string[] | undefined,
): boolean {
  const name = connector.name.trim().toLowerCase()
  const excluded = exclude.some(
    (rule) =>
      // Reverse-DNS names are case-insensitive; discovery lower-cases what wallets announce.
      (rule.rdns !== undefined && connector.rdns?.toLowerCase() === rule.rdns.toLowerCase()) ||
      (rule.name !== undefined && rule.name.trim().toLowerCase() === name),
  )
  if (excluded) return true
  // The allow list names registry wallets; it never hides what the browser itself announces.
  if (allow?.length && connector.explorerId && !connector.installed) {
    return !allow.includes(connector.explorerId)
  }
  return false
}

export function connectorGroup(connector: Connector, recentIds: readonly string[]): ConnectorGroup {
  if (connector.type === 'WALLET_CONNECT') return 'walletConnect'
  if (recentIds.includes(connector.id)) return 'recent'
  if (connector.type === 'EXTERNAL' || connector.type === 'AUTH') return 'external'
  return 'injected'
}

/** The id `connector` goes by in `namespace` (its own one for a MULTI_CHAIN connector). */
export const connectorIdFor = (connector: Connector, namespace: ChainNamespace): string =>
  connector.connectorIds?.[namespace] ?? connector.id

/**
 * Merges what every adapter found: the same wallet (same name) in several namespaces
 * becomes one MULTI_CHAIN connector that keeps each namespace's own connector id.
 */
export function mergeConnectors(
  discovered: Partial<Record<ChainNamespace, readonly Connector[]>>,
): Connector[] {
  const byKey = new Map<string, Connector>()
  for (const list of Object.values(discovered)) {
    for (const connector of list ?? []) {
      const key =
        connector.type === 'WALLET_CONNECT' ? 'walletConnect' : connector.name.toLowerCase()
      const seen = byKey.get(key)
      if (!seen) {
        byKey.set(key, connector)
        continue
      }
      // Two wallets of one name in the same namespace are two wallets (an impostor announcing
      // first must not hide the real one): only namespaces the first lacks are merged.
      if (connector.namespaces.some((ns) => seen.namespaces.includes(ns))) {
        byKey.set(`${key}\u0000${connector.id}`, connector)
        continue
      }
      const namespaces = [...seen.namespaces, ...connector.namespaces]
      // The first namespace's id stays the merged connector's id; the others keep theirs.
      const connectorIds: Connector['connectorIds'] = {}
      for (const c of [connector, seen]) {
        for (const ns of c.namespaces) connectorIds[ns] = connectorIdFor(c, ns)
      }
      byKey.set(key, { ...seen, type: 'MULTI_CHAIN', namespaces, connectorIds })
    }
  }
  return [...byKey.values()]
}

/** The connectors to show, filtered and in the spec's group order; recent ones newest first. */
export const $connectors = computed(
  [$discovered, $options, $recentWallets],
  (discovered, options, recent): readonly Connector[] => {
    const recentIds = recent.map((r) => r.id)
    const exclude = options?.excludeWallets ?? []
    const wc = options?.walletConnect
    const auth = options?.embeddedWallet
    // The host's WalletConnect entry stands for the provider its client announces once loaded;
    // the embedded-wallet entry for the provider its frame side announces (listed as AUTH).
    const merged = mergeConnectors(discovered).filter(
      (c) => !(wc && isWalletConnectId(wc, c.id)) && c.id !== auth?.id,
    )
    const found = [
      ...(wc ? [walletConnectConnectorOf(wc)] : []),
      ...merged,
      ...(auth ? [authConnectorOf(auth)] : []),
    ]
    const visible = found.filter((c) => !isConnectorHidden(c, exclude, options?.allowWallets))
    const rank = (c: Connector) => {
      const group = CONNECTOR_GROUPS.indexOf(connectorGroup(c, recentIds))
      const recency = recentIds.indexOf(c.id)
      return group * 1000 + (recency === -1 ? 0 : recency)
    }
    // Array#sort is stable: inside a group, discovery order is kept.
    return [...visible].sort((a, b) => rank(a) - rank(b))
  },
)

/**
 * The connector with `id`: a merged MULTI_CHAIN connector when `id` is its own id or one of
 * its namespaces' ids, otherwise the single-namespace connector an adapter reported.
 */
export function findConnector(id: string): Connector | undefined {
  const wc = $options.get()?.walletConnect
  if (wc?.id === id) return walletConnectConnectorOf(wc)
  const auth = $options.get()?.embeddedWallet
  if (auth?.id === id) return authConnectorOf(auth)
  const discovered = $discovered.get()
  return [...mergeConnectors(discovered), ...Object.values(discovered).flat()].find(
    (c) => c.id === id || Object.values(c.connectorIds ?? {}).includes(id),
  )
}
