import { getAdapter } from '../adapters/registry.js'
import type { Connector } from '../adapters/types.js'
import { BaseError, errorMessage } from '../errors/base.js'
import { kitError } from '../errors/errors.js'
import { isUserRejection } from '../errors/rejection.js'
import { $activeNetwork, isUnsupportedNetwork } from '../stores/chain.js'
import { $attempts } from '../stores/connection.js'
import { connectorIdFor, findConnector } from '../stores/connectors.js'
import { emitEvent } from '../stores/events.js'
import { $modal, untilModalCloses } from '../stores/modal.js'
import { $options } from '../stores/options.js'
import type { ChainNamespace } from '../types/network.js'
import { applyConnection, networkFor, showUnsupportedChain } from './internal.js'

export interface ConnectParameters {
  connectorId: string
  /** Connect only this namespace of a multi-chain connector. */
  namespace?: ChainNamespace
}

/** The latest connect attempt per namespace. */
const attempts = new Map<ChainNamespace, number>()

/**
 * Connects a connector in each namespace it supports that has an adapter; a MULTI_CHAIN
 * connector (the same wallet in several namespaces) connects each namespace by that
 * namespace's own connector id, and may be named by any of them.
 * Started while the modal is open, it rejects with "Modal closed" when the modal closes;
 * a wallet rejection becomes "Connection rejected", anything else "Failed to connect".
 *
 * @example await connect({ connectorId: 'io.metamask' })
 */
export async function connect(params: ConnectParameters): Promise<void> {
  const connector: Connector | undefined = findConnector(params.connectorId)
  if (!connector) {
    throw kitError('FAILED_TO_CONNECT', { details: `Unknown connector ${params.connectorId}` })
  }
  const namespaces = (params.namespace ? [params.namespace] : connector.namespaces).filter(
    (ns) => getAdapter(ns) && networkFor(ns),
  )
  if (namespaces.length === 0) throw kitError('ADAPTER_NOT_FOUND')
  emitEvent('SELECT_WALLET', { name: connector.name })
  const guard = $modal.get().open ? untilModalCloses : <T>(p: Promise<T>) => p
  const wc = connector.type === 'WALLET_CONNECT' ? $options.get()?.walletConnect : undefined
  for (const namespace of namespaces) {
    const adapter = getAdapter(namespace)
    const network = networkFor(namespace)
    if (!adapter || !network) continue
    // A WalletConnect session spans the namespaces the wallet approved: the others are skipped.
    const approved = namespace !== namespaces[0] && wc ? (await wc.load()).namespaces : undefined
    if (approved && !approved.includes(namespace)) continue
    const attempt = (attempts.get(namespace) ?? 0) + 1
    attempts.set(namespace, attempt)
    $attempts.setKey(namespace, 'connecting')
    try {
      const connectorId = connectorIdFor(connector, namespace)
      const result = await guard(adapter.connect({ connectorId, network }))
      await applyConnection(namespace, { ...connector, id: connectorId }, result, connector)
    } catch (error) {
      // A newer attempt (Try again) owns the status now: this one's failure must not undo it.
      // Ending the attempt leaves the namespace as it was: connected if it was, else not.
      if (attempts.get(namespace) === attempt) $attempts.setKey(namespace, undefined)
      const wrapped =
        error instanceof BaseError && error.code === 'MODAL_CLOSED'
          ? error
          : isUserRejection(error)
            ? kitError('CONNECTION_REJECTED', { cause: error })
            : kitError('FAILED_TO_CONNECT', { cause: error, details: errorMessage(error) })
      emitEvent('CONNECT_ERROR', { name: connector.name, message: wrapped.shortMessage })
      throw wrapped
    }
  }
  emitEvent('CONNECT_SUCCESS', { name: connector.name })
  // The wallet is on a network the host did not configure: say so instead of carrying on.
  if (isUnsupportedNetwork($activeNetwork.get())) {
    showUnsupportedChain($modal.get().open ? 'replace' : 'push')
  }
}
