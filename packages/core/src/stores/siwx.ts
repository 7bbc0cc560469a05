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

// The flow's actions, for the view, the hooks and tests. Each loads the flow module with
// import() (never a static import: a module that is both imported statically and with
// import() makes the bundler split the page's entry into several initial files).
type Flow = typeof import('../actions/siwx.js')
let flow: Promise<Flow> | undefined
const loadFlow = (): Promise<Flow> => {
  flow ??= import('../actions/siwx.js')
  return flow
}

/**
 * Starts the SIWX flow with the host's config (createModal does this when `siwx` is set).
 * @example await watchSiwx(localSiwx())
 */
export async function watchSiwx(config: SiwxConfigLike): Promise<void> {
  ;(await loadFlow()).watchSiwx(config)
}

/**
 * Asks the connected wallet to sign in now; a failure lands in `$siwx` (status `error`).
 * @example await signInWithX()
 */
export async function signInWithX(): Promise<void> {
  return (await loadFlow()).signInWithX()
}

/**
 * The sign view's Cancel (spec §4): back to the last signed network, else disconnect when
 * signing is required, else close.
 * @example await cancelSignIn()
 */
export async function cancelSignIn(): Promise<void> {
  return (await loadFlow()).cancelSignIn()
}

/**
 * Revokes exactly the connected account's session, then disconnects.
 * @example await signOutWithX()
 */
export async function signOutWithX(): Promise<void> {
  return (await loadFlow()).signOutWithX()
}

/** Stops the flow and resets its state (tests). */
export function stopSiwx(): void {
  $siwx.set({ status: 'idle' })
  void flow?.then((m) => m.stopSiwx())
}
