// Glue shared by the connection actions: applying an adapter's answer to the connection store
// (the account state is derived from it) and to storage.
import { getAdapter } from '../adapters/registry.js'
import type { AdapterEvent, Connector, ConnectResult } from '../adapters/types.js'
import { kitError } from '../errors/errors.js'
import { storage } from '../storage/storage.js'
import { getAccountState } from '../stores/account.js'
import { $activeNetwork, $chain, findNetwork, setActiveNetwork } from '../stores/chain.js'
import {
  $connections,
  $recentWallets,
  connectionNetworkId,
  setConnection,
  withRecentWallet,
} from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import { $modal, openModal } from '../stores/modal.js'
import { $options } from '../stores/options.js'
import { push, replace } from '../stores/router.js'
import type { CaipNetwork, ChainNamespace } from '../types/network.js'
import { loadAccountReads } from './refresh-account.js'

const eventStops = new Map<ChainNamespace, () => void>()

/**
 * Records a successful connect or reconnect in the connection store and in storage, and reads
 * the account's balance and identity (resolves once those reads have started; never rejects).
 * `connector.id` is the id the namespace's adapter knows; `recent` is what the recent-wallets
 * list keeps (the merged connector of a MULTI_CHAIN wallet, so it is listed once).
 */
export function applyConnection(
  namespace: ChainNamespace,
  connector: Pick<Connector, 'id' | 'name' | 'imageUrl' | 'rdns'> & { type?: Connector['type'] },
  result: ConnectResult,
  recent: Pick<Connector, 'id' | 'rdns'> = connector,
): Promise<void> {
  if (!result.accounts[0]) {
    throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: 'The wallet returned no account' })
  }
  const caipNetworkId = connectionNetworkId(namespace, result)
  // The unsupported placeholder counts: it names the namespace the visitor is on.
  const activeNs = $activeNetwork.get()
  // The connected namespace becomes active when it is the active one, or when nothing is (or
  // is being) connected in the active one: a Solana wallet picked while an EVM network is
  // active and no EVM wallet is connected shows its account at once. Only the active network
  // is remembered for the next visit.
  if (
    !activeNs ||
    activeNs.chainNamespace === namespace ||
    getAccountState(activeNs.chainNamespace).status === 'disconnected'
  ) {
    setActiveNetwork(caipNetworkId)
  }
  // An e-mail login shows its e-mail instead of the wallet's name (spec §5); an embedded
  // wallet names its social provider, `email` for an e-mail login (spec §3).
  const auth = connector.type === 'AUTH'
  const email = auth ? storage.get('email') : undefined
  const socialProvider = auth ? (storage.get('socialProvider') ?? 'email') : undefined
  setConnection(namespace, {
    connectorId: connector.id,
    accounts: result.accounts,
    chainId: result.chainId,
    wallet: {
      name: connector.name,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
      ...(email ? { email } : {}),
      ...(socialProvider ? { socialProvider } : {}),
    },
  })
  const recentWallets = withRecentWallet($recentWallets.get(), {
    id: recent.id,
    ...(recent.rdns ? { rdns: recent.rdns } : {}),
  })
  $recentWallets.set(recentWallets)
  storage.set('recentWallets', recentWallets)
  storage.set('connectedConnectorIds', {
    ...(storage.get('connectedConnectorIds') ?? {}),
    [namespace]: connector.id,
  })
  watchAdapterEvents(namespace)
  return refreshAccount(namespace)
}

/**
 * Reads the native balance (unless `balance` is false) and the identity of the account
 * `namespace` is connected with again. Their module, with the fetcher, is loaded by the first
 * call (it costs no initial JS); resolves once both reads have started, and never rejects.
 *
 * @example await refreshAccount('eip155')
 */
export async function refreshAccount(
  namespace: ChainNamespace,
  { balance = true } = {},
): Promise<void> {
  const reads = await loadAccountReads()
  if (balance) void reads?.refreshBalance(namespace)
  void reads?.refreshProfile(namespace)
}

/** Forgets the connection of `namespace` in the stores and storage (not in the wallet). */
export function clearConnection(namespace: ChainNamespace): void {
  eventStops.get(namespace)?.()
  eventStops.delete(namespace)
  setConnection(namespace, undefined)
  forgetConnectorId(namespace)
  storage.clearLoginData()
}

/**
 * Removes `namespace` from the stored connections (the key goes when none is left). It reads
 * the key when called: other namespaces' reconnects write it meanwhile, and a copy taken before
 * them would bring back or drop their entries.
 */
export function forgetConnectorId(namespace: ChainNamespace): void {
  const ids = { ...storage.get('connectedConnectorIds') }
  delete ids[namespace]
  if (Object.keys(ids).length) storage.set('connectedConnectorIds', ids)
  else storage.remove('connectedConnectorIds')
}

function onAdapterEvent(namespace: ChainNamespace, event: AdapterEvent): void {
  const connection = $connections.get()[namespace]
  if (!connection) return
  switch (event.type) {
    case 'accountsChanged': {
      if (event.accounts.length === 0) {
        clearConnection(namespace)
        emitEvent('DISCONNECT_SUCCESS', { namespace, reason: 'accountsChanged' })
        return
      }
      setConnection(namespace, { ...connection, accounts: event.accounts })
      void refreshAccount(namespace)
      return
    }
    case 'chainChanged': {
      const caipNetworkId = connectionNetworkId(namespace, event)
      setActiveNetwork(caipNetworkId)
      setConnection(namespace, { ...connection, chainId: event.chainId })
      const supported = findNetwork(caipNetworkId) !== undefined
      void refreshAccount(namespace, { balance: supported })
      if (!supported) showUnsupportedChain('push')
      return
    }
    case 'disconnect':
      clearConnection(namespace)
      emitEvent('DISCONNECT_SUCCESS', { namespace, reason: 'wallet' })
  }
}

function watchAdapterEvents(namespace: ChainNamespace): void {
  eventStops.get(namespace)?.()
  const adapter = getAdapter(namespace)
  if (!adapter) return
  eventStops.set(
    namespace,
    adapter.on((event) => onAdapterEvent(namespace, event)),
  )
}

/** The network to connect `namespace` on: the active one when it is of that namespace. */
export function networkFor(namespace: ChainNamespace): CaipNetwork | undefined {
  const { networks, activeCaipNetworkId } = $chain.get()
  const active = networks.find((n) => n.caipNetworkId === activeCaipNetworkId)
  if (active?.chainNamespace === namespace) return active
  const last = storage.get('lastUsedChain')
  return (
    networks.find((n) => n.caipNetworkId === last && n.chainNamespace === namespace) ??
    networks.find((n) => n.chainNamespace === namespace)
  )
}

/**
 * Shows the UnsupportedChain view (opening the modal if needed) when the spec's rules ask for
 * it: network switching enabled and unsupported chains not allowed (spec §2).
 */
export function showUnsupportedChain(mode: 'push' | 'replace'): void {
  const features = $options.get()?.features
  if (features?.networkSwitching === false || features?.allowUnsupportedChain) return
  if (!$modal.get().open) openModal()
  if (mode === 'replace') replace('UnsupportedChain')
  else push('UnsupportedChain')
}
