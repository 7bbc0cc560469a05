// localSiwx(): sessions in the browser's localStorage, verified again on every read.
import type { Client } from 'viem'
import type { SiwxChainId } from '../message/siwx.js'
import type { SignatureVerifier } from '../verify/verify.js'
import type { SIWXConfig } from './types.js'

export interface SiwxStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface LocalSiwxOptions {
  /** The authority messages name; default `location.host`. */
  domain?: string | undefined
  /** The URI messages name; default `location.origin`. */
  uri?: string | undefined
  statement?: string | undefined
  /** Session lifetime written as `Expiration Time`; default 7 days. */
  expiresInMs?: number | undefined
  /** The modal cannot close without a session (spec §4). Default false. */
  required?: boolean | undefined
  /** Default `localStorage`. */
  storage?: SiwxStorage | undefined
  /** Default `@openmodal/siwx/sessions`. */
  storageKey?: string | undefined
  /** Clients of eip155 chains: smart-account sessions verify by eth_call (else EOA only). */
  getClient?: ((chainId: SiwxChainId) => Client | undefined) | undefined
  /** Signature checks of namespaces other than eip155 and solana. */
  verifiers?: Readonly<Record<string, SignatureVerifier>> | undefined
  /** Chains sessions may be for (the app's networks); default any. */
  chains?: readonly SiwxChainId[] | undefined
  signOutOnDisconnect?: boolean | undefined
  /** Clock; default now. */
  now?: (() => Date) | undefined
}

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** A message must be signed within this time of `createMessage` (its nonce is forgotten after). */
export const LOCAL_NONCE_TTL_MS = 10 * 60 * 1000

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
  let impl: Promise<SIWXConfig> | undefined
  const load = () => {
    impl ??= import('./local-impl.js').then((m) => m.createLocalSiwx(options))
    return impl
  }
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
