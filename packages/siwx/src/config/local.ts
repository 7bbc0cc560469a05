// localSiwx(): sessions in the browser's localStorage, verified again on every read.

import { lazyCode } from '@openmodal/core/internal'
import type { LocalSiwxOptions } from './local-options.js'
import type { SIWXConfig } from './types.js'

export type { LocalSiwxOptions, SiwxStorage } from './local-options.js'

/**
 * A SIWXConfig keeping sessions in localStorage. Each session is verified when added (its nonce
 * must be one this config issued, once) and again on every read, so an edited, expired or
 * foreign entry is dropped instead of trusted. The config is thin: its code loads with
 * import() on its first call (after a wallet connects), so a host pays almost nothing for it
 * up front.
 *
 * @example
 * createModal({ …, siwx: localSiwx({ statement: 'Sign in to Example', required: true }) })
 */
export function localSiwx(options: LocalSiwxOptions = {}): SIWXConfig {
  // A failed load (offline chunk) is retried on the next call.
  const load = lazyCode(() => import('./local-impl.js').then((m) => m.createLocalSiwx(options)))
  return {
    createMessage: async (input) => (await load()).createMessage(input),
    addSession: async (session) => (await load()).addSession(session),
    revokeSession: async (chainId, address) => (await load()).revokeSession(chainId, address),
    setSessions: async (sessions) => (await load()).setSessions(sessions),
    getSessions: async (chainId, address) => (await load()).getSessions(chainId, address),
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
