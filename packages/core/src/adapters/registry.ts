import { atom } from 'nanostores'
import { kitError } from '../errors/errors.js'
import type { ChainNamespace } from '../types/network.js'
import type { ChainAdapter } from './types.js'

/** Registered adapters, one per namespace. */
export const $adapters = atom<readonly ChainAdapter[]>([])

/** Registers an adapter for its namespace, replacing any earlier one. */
export function registerAdapter(adapter: ChainAdapter): void {
  $adapters.set([...$adapters.get().filter((a) => a.namespace !== adapter.namespace), adapter])
}

export function unregisterAdapter(namespace: ChainNamespace): void {
  $adapters.set($adapters.get().filter((a) => a.namespace !== namespace))
}

export function getAdapter(namespace: ChainNamespace): ChainAdapter | undefined {
  return $adapters.get().find((a) => a.namespace === namespace)
}

/** The adapter for `namespace`, or the spec's "Adapter not found". */
export function requireAdapter(namespace: ChainNamespace): ChainAdapter {
  const adapter = getAdapter(namespace)
  if (!adapter) throw kitError('ADAPTER_NOT_FOUND', { details: `No adapter for ${namespace}` })
  return adapter
}
