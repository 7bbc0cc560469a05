import { getAdapter } from '../adapters/registry.js'
import { kitError } from '../errors/errors.js'
import { showAlert } from '../stores/alerts.js'
import { findNetwork, setActiveNetwork } from '../stores/chain.js'
import { $connections, setConnection } from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import type { CaipNetwork, CaipNetworkId } from '../types/network.js'
import { refreshAccount } from './internal.js'

/**
 * Makes `network` active. When a wallet of that namespace is connected it is asked to switch
 * first (spec §4); a network the host did not configure raises the Network Not Found alert.
 *
 * @example await switchNetwork('eip155:10')
 */
export async function switchNetwork(network: CaipNetwork | CaipNetworkId): Promise<void> {
  const id = typeof network === 'string' ? network : network.caipNetworkId
  const target = findNetwork(id)
  if (!target) {
    showAlert('NETWORK_NOT_FOUND')
    throw kitError('CHAIN_NOT_CONFIGURED', { details: id })
  }
  const namespace = target.chainNamespace
  const connection = $connections.get()[namespace]
  if (connection) {
    const adapter = getAdapter(namespace)
    if (!adapter) throw kitError('ADAPTER_NOT_FOUND')
    if (String(connection.chainId) !== String(target.id)) await adapter.switchNetwork(target)
    // Wallets report chainChanged asynchronously or not at all: record the switch here too.
    const current = $connections.get()[namespace] ?? connection
    setConnection(namespace, { ...current, chainId: target.id })
  }
  setActiveNetwork(target.caipNetworkId)
  emitEvent('SWITCH_NETWORK', { network: target.caipNetworkId })
  if (connection) await refreshAccount(namespace)
}
