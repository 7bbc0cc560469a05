// localSiwx's options and constants, shared by the thin config (local.ts) and its
// implementation (local-impl.ts).
import type { Client } from 'viem'
import type { SiwxChainId } from '../message/siwx.js'
import type { SignatureVerifier } from '../verify/verify.js'

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
