// Glue shared by the connection actions: applying an adapter's answer to the stores.
import { getAdapter } from '../adapters/registry.js'
import type { AdapterAccount, AdapterEvent, Connector, ConnectResult } from '../adapters/types.js'
import { errorMessage } from '../errors/base.js'
import { storage } from '../storage/storage.js'
import { getAccountState, patchAccount, resetAccount } from '../stores/account.js'
import { $chain, findNetwork, setActiveNetwork } from '../stores/chain.js'
import {
  $connections,
  $recentWallets,
  setConnection,
  withRecentWallet,
} from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import { $modal, openModal } from '../stores/modal.js'
import { $options } from '../stores/options.js'
import { push, replace } from '../stores/router.js'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace } from '../types/network.js'
import { formatBalance, formatUnits } from '../utils/format.js'

const eventStops = new Map<ChainNamespace, () => void>()

/**
 * Records a successful connect or reconnect in every store and in storage. `connector.id` is
 * the id the namespace's adapter knows; `recent` is what the recent-wallets list keeps (the
 * merged connector of a MULTI_CHAIN wallet, so it is listed once).
 */
export function applyConnection(
  namespace: ChainNamespace,
  connector: Pick<Connector, 'id' | 'name' | 'imageUrl' | 'rdns'>,
  result: ConnectResult,
  recent: Pick<Connector, 'id' | 'rdns'> = connector,
): void {
  const first = result.accounts[0]
  if (!first) throw new Error('The wallet returned no account')
  setConnection(namespace, {
    connectorId: connector.id,
    accounts: result.accounts,
    chainId: result.chainId,
  })
  const caipNetworkId = `${namespace}:${result.chainId}` as CaipNetworkId
  const activeNs = $chain
    .get()
    .networks.find((n) => n.caipNetworkId === $chain.get().activeCaipNetworkId)
  // The connected namespace becomes active when it is the active one, or when nothing is (or
  // is being) connected in the active one: a Solana wallet picked while an EVM network is
  // active and no EVM wallet is connected shows its account at once.
  if (
    !activeNs ||
    activeNs.chainNamespace === namespace ||
    getAccountState(activeNs.chainNamespace).status === 'disconnected'
  ) {
    setActiveNetwork(caipNetworkId)
  }
  setAccounts(namespace, result.accounts, result.chainId)
  patchAccount(namespace, {
    connectedWalletInfo: {
      name: connector.name,
      identifier: connector.id,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
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
  storage.set('lastUsedChain', caipNetworkId)
  watchAdapterEvents(namespace)
  void refreshBalance(namespace)
  void refreshProfile(namespace)
}

export function setAccounts(
  namespace: ChainNamespace,
  accounts: readonly AdapterAccount[],
  chainId: number | string,
): void {
  const first = accounts[0]
  if (!first) return
  patchAccount(namespace, {
    status: 'connected',
    address: first.address,
    caipAddress: `${namespace}:${chainId}:${first.address}` as CaipAddress,
    allAccounts: accounts,
  })
}

/** Forgets the connection of `namespace` in the stores and storage (not in the wallet). */
export function clearConnection(namespace: ChainNamespace): void {
  eventStops.get(namespace)?.()
  eventStops.delete(namespace)
  setConnection(namespace, undefined)
  resetAccount(namespace)
  const ids = { ...(storage.get('connectedConnectorIds') ?? {}) }
  delete ids[namespace]
  if (Object.keys(ids).length) storage.set('connectedConnectorIds', ids)
  else storage.remove('connectedConnectorIds')
  storage.clearLoginData()
}

/** Identity names and avatars are kept this long (spec §9). */
export const PROFILE_CACHE_MS = 5 * 60 * 1000
const profileCache = new Map<string, { at: number; name?: string; avatar?: string }>()

/** Forgets cached identities (tests, or a host that knows a name changed). */
export function clearProfileCache(): void {
  profileCache.clear()
}

/**
 * Fills the profile name and image of the connected account. Identity names are fetched only
 * for non-test EVM networks; elsewhere they are cleared (spec §5).
 */
export async function refreshProfile(namespace: ChainNamespace): Promise<void> {
  const adapter = getAdapter(namespace)
  const { address } = getAccountState(namespace)
  const connection = $connections.get()[namespace]
  const network = connection && findNetwork(`${namespace}:${connection.chainId}`)
  const clear = () => patchAccount(namespace, { profileName: undefined, profileImage: undefined })
  if (!address || !network || namespace !== 'eip155' || network.testnet || !adapter?.getProfile) {
    clear()
    return
  }
  const key = `${network.caipNetworkId}:${address.toLowerCase()}`
  let entry = profileCache.get(key)
  if (!entry || Date.now() - entry.at >= PROFILE_CACHE_MS) {
    try {
      const profile = await adapter.getProfile({ address, network })
      entry = {
        at: Date.now(),
        ...(profile.name ? { name: profile.name } : {}),
        ...(profile.avatar ? { avatar: profile.avatar } : {}),
      }
      profileCache.set(key, entry)
    } catch (error) {
      emitEvent('ERROR', { message: errorMessage(error), where: 'profile' })
      entry = { at: 0 }
    }
  }
  // The account may have changed while the name was looked up.
  if (getAccountState(namespace).address !== address) return
  patchAccount(namespace, { profileName: entry.name, profileImage: entry.avatar })
}

/** Native balances are kept this long (spec §9). */
export const BALANCE_CACHE_MS = 30 * 1000
const balanceCache = new Map<string, { at: number; balance: string; symbol: string }>()

/** Forgets cached balances (after a transfer the host knows changed them, and in tests). */
export function clearBalanceCache(): void {
  balanceCache.clear()
}

/**
 * Reads the native balance of the connected account into the account store; an answer
 * younger than 30 s for the same address and network is reused (spec §9).
 */
export async function refreshBalance(
  namespace: ChainNamespace,
  options: { force?: boolean } = {},
): Promise<void> {
  const adapter = getAdapter(namespace)
  const account = getAccountState(namespace)
  const connection = $connections.get()[namespace]
  const network = connection && findNetwork(`${namespace}:${connection.chainId}`)
  if (!adapter || !account.address || !network) return
  const address = account.address
  const key = `${network.caipNetworkId}:${address.toLowerCase()}`
  const cached = balanceCache.get(key)
  if (cached && !options.force && Date.now() - cached.at < BALANCE_CACHE_MS) {
    patchAccount(namespace, {
      balance: cached.balance,
      balanceSymbol: cached.symbol,
      balanceLoading: false,
    })
    return
  }
  patchAccount(namespace, { balanceLoading: true })
  try {
    const result = await adapter.getBalance({ address, network })
    const entry = {
      at: Date.now(),
      balance: formatBalance(formatUnits(result.value, result.decimals)),
      symbol: result.symbol,
    }
    balanceCache.set(key, entry)
    if (getAccountState(namespace).address !== address) return
    patchAccount(namespace, {
      balance: entry.balance,
      balanceSymbol: entry.symbol,
      balanceLoading: false,
    })
  } catch (error) {
    patchAccount(namespace, { balanceLoading: false })
    emitEvent('ERROR', { message: errorMessage(error), where: 'balance' })
  }
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
      setAccounts(namespace, event.accounts, connection.chainId)
      void refreshBalance(namespace)
      void refreshProfile(namespace)
      return
    }
    case 'chainChanged': {
      setConnection(namespace, { ...connection, chainId: event.chainId })
      const caipNetworkId = `${namespace}:${event.chainId}` as CaipNetworkId
      setActiveNetwork(caipNetworkId)
      setAccounts(namespace, connection.accounts, event.chainId)
      void refreshProfile(namespace)
      if (findNetwork(caipNetworkId)) {
        storage.set('lastUsedChain', caipNetworkId)
        void refreshBalance(namespace)
        return
      }
      showUnsupportedChain('push')
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
