// The Sign-In With X state of spec §3/§4: which account the flow looks at, and its session.
// The flow itself (actions/siwx.ts) loads with import() only when the host set `siwx`.
import { atom } from 'nanostores'

/**
 * What the modal needs of a SIWX config (`@openmodal/siwx`'s `SIWXConfig`; core cannot import
 * that package, which depends on core, so the contract is restated structurally here).
 */
export interface SiwxConfigLike {
  createMessage(input: { accountAddress: string; chainId: string }): Promise<{ toString(): string }>
  addSession(session: SiwxSessionLike): Promise<void>
  revokeSession(chainId: string, address: string): Promise<void>
  getSessions(chainId: string, address: string): Promise<SiwxSessionLike[]>
  getRequired(): boolean
  signOutOnDisconnect?: boolean | undefined
}

/** Spec §3 "SIWX session: data, message, signature, cacao". */
export interface SiwxSessionLike {
  data: {
    chainId: string
    accountAddress: string
    domain?: string
    statement?: string | undefined
    [key: string]: unknown
  }
  message: string
  signature: string
  cacao?: unknown
}

/** The (CAIP-2 chain, address) a session belongs to. */
export interface SiwxTarget {
  chainId: string
  address: string
}

export type SiwxStatus =
  /** SIWX off, nothing connected, or the network is not one the app configured. */
  | 'idle'
  /** Reading the sessions of a newly connected account. */
  | 'checking'
  /** No session: the sign view asks for one. */
  | 'unsigned'
  /** The wallet is signing. */
  | 'signing'
  | 'signed'
  /** The wallet said no (spec §8 "Signature declined"), or the config refused. */
  | 'error'

export interface SiwxState {
  status: SiwxStatus
  target?: SiwxTarget
  session?: SiwxSessionLike
  /** The message about to be signed: what the sign view shows (domain, statement). */
  message?: SiwxPendingMessage
  /** An `ErrorCode` of core's errors (SIGNATURE_DECLINED, …) or a message. */
  error?: { code: string; message: string }
}

/** A message created for the sign view, not signed yet. */
export interface SiwxPendingMessage {
  text: string
  data: SiwxSessionLike['data']
}

export const $siwx = atom<SiwxState>({ status: 'idle' })
