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
import { push } from '../stores/router.js'
import type { CaipAddress, CaipNetwork, CaipNetworkId, ChainNamespace } from '../types/network.js'
import { formatBalance, formatUnits } from '../utils/format.js'

const eventStops = new Map<ChainNamespace, () => void>()

/** Records a successful connect or reconnect in every store and in storage. */
export function applyConnection(
  namespace: ChainNamespace,
  connector: Pick<Connector, 'id' | 'name' | 'imageUrl' | 'rdns'>,
  result: ConnectResult,
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
  if (!activeNs || activeNs.chainNamespace === namespace) setActiveNetwork(caipNetworkId)
  setAccounts(namespace, result.accounts, result.chainId)
  patchAccount(namespace, {
    connectedWalletInfo: {
      name: connector.name,
      identifier: connector.id,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
    },
  })
  const recent = withRecentWallet($recentWallets.get(), {
    id: connector.id,
    ...(connector.rdns ? { rdns: connector.rdns } : {}),
  })
  $recentWallets.set(recent)
  storage.set('recentWallets', recent)
  storage.set('connectedConnectorIds', {
    ...(storage.get('connectedConnectorIds') ?? {}),
    [namespace]: connector.id,
  })
  storage.set('lastUsedChain', caipNetworkId)
  watchAdapterEvents(namespace)
  void refreshBalance(namespace)
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

/** Reads the native balance of the connected account into the account store. */
export async function refreshBalance(namespace: ChainNamespace): Promise<void> {
  const adapter = getAdapter(namespace)
  const account = getAccountState(namespace)
  const connection = $connections.get()[namespace]
  const network = connection && findNetwork(`${namespace}:${connection.chainId}`)
  if (!adapter || !account.address || !network) return
  patchAccount(namespace, { balanceLoading: true })
  try {
    const balance = await adapter.getBalance({ address: account.address, network })
    if (getAccountState(namespace).address !== account.address) return
    patchAccount(namespace, {
      balance: formatBalance(formatUnits(balance.value, balance.decimals)),
      balanceSymbol: balance.symbol,
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
      return
    }
    case 'chainChanged': {
      setConnection(namespace, { ...connection, chainId: event.chainId })
      const caipNetworkId = `${namespace}:${event.chainId}` as CaipNetworkId
      setActiveNetwork(caipNetworkId)
      setAccounts(namespace, connection.accounts, event.chainId)
      if (findNetwork(caipNetworkId)) {
        storage.set('lastUsedChain', caipNetworkId)
        void refreshBalance(namespace)
        return
      }
      const features = $options.get()?.features
      if (features?.networkSwitching !== false && !features?.allowUnsupportedChain) {
        if (!$modal.get().open) openModal()
        push('UnsupportedChain')
      }
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
