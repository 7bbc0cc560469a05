import { getAdapter } from '../adapters/registry.js'
import { BaseError, errorMessage } from '../errors/base.js'
import { failedToDisconnectChain, failedToDisconnectChains } from '../errors/messages.js'
import { $connections } from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import type { ChainNamespace } from '../types/network.js'
import { clearConnection } from './internal.js'

/**
 * Disconnects one namespace, or every connected one. The stores and the cached login data
 * are cleared even when a wallet fails to answer; the failure is then reported.
 *
 * @example await disconnect('eip155')
 */
export async function disconnect(namespace?: ChainNamespace): Promise<void> {
  const namespaces = namespace
    ? [namespace]
    : (Object.keys($connections.get()) as ChainNamespace[]).filter((ns) => $connections.get()[ns])
  const failures: string[] = []
  for (const ns of namespaces) {
    try {
      await getAdapter(ns)?.disconnect()
    } catch (error) {
      failures.push(failedToDisconnectChain(ns, errorMessage(error)))
    } finally {
      clearConnection(ns)
    }
  }
  if (failures.length) {
    const message =
      failures.length === 1
        ? (failures[0] as string)
        : failedToDisconnectChains(failures.join('; '))
    emitEvent('DISCONNECT_ERROR', { message })
    throw new BaseError(message, { code: 'DISCONNECT_FAILED' })
  }
  emitEvent('DISCONNECT_SUCCESS', namespace ? { namespace } : undefined)
}
