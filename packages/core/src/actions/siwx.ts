// The Sign-In With X flow of spec §4, loaded with import() by createModal only when the host
// set `siwx`. On each connected account (active namespace, a network the host configured):
// `getSessions`; none → the SIWXSignMessage view; Sign → createMessage, the wallet signs,
// addSession, close. Required mode keeps the modal open until a session exists. Disconnect
// revokes exactly that (chain, address) session.
import { getAdapter } from '../adapters/registry.js'
import { AUTH_TOAST_MESSAGES } from '../errors/auth-messages.js'
import { errorMessage } from '../errors/base.js'
import { kitError } from '../errors/errors.js'
import { isUserRejection } from '../errors/rejection.js'
import { $activeNamespace, findNetwork } from '../stores/chain.js'
import { $connections } from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import { $modal, closeModal, openModal, setCloseDisabled } from '../stores/modal.js'
import { $view, reset } from '../stores/router.js'
import {
  $siwx,
  type SiwxConfigLike,
  type SiwxSessionLike,
  type SiwxTarget,
} from '../stores/siwx.js'
import { hideSnack, showSnack } from '../stores/snack.js'
import type { ChainNamespace } from '../types/network.js'
import type { disconnect } from './disconnect.js'
import type { switchNetwork } from './switch-network.js'

/**
 * The connection actions the flow uses, passed in by its starter: a static import of them
 * here made Vite split app (a)'s entry into 6-7 initial files (+2.8 kB gzip), though the page
 * already has them.
 */
export interface SiwxActions {
  disconnect: typeof disconnect
  switchNetwork: typeof switchNetwork
  /**
   * Signs in with the wallet's own sign-in feature when it has one (Solana's `solana:signIn`:
   * the wallet writes the text from the prepared fields); resolves `undefined` otherwise, and
   * the flow signs the prepared text with the adapter's `signMessage`. `provider` is the
   * adapter's `getProvider()`.
   */
  signIn?: (params: {
    namespace: string
    provider: unknown
    data: SignInData
    address: string
  }) => Promise<SignInResult | undefined>
}

/** The fields of a sign-in message (a SIWX message's data: EIP-4361 / SIWS / CAIP-122). */
export interface SignInData {
  domain: string
  accountAddress: string
  uri: string
  version: string
  /** CAIP-2 (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  chainId: string
  nonce: string
  issuedAt: string
  statement?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** What a wallet's sign-in feature signed: the text, its parsed fields, the signature. */
export interface SignInResult {
  data: SignInData
  message: string
  signature: string
}

let config: SiwxConfigLike | undefined
let actions: SiwxActions | undefined
let stop: (() => void) | undefined
/** Bumped on every account change: a stale `getSessions` answer is dropped. */
let generation = 0
/** The last (chain, address) that had a session: where Cancel goes back to on a switch. */
let lastSigned: SiwxTarget | undefined

function sameTarget(a: SiwxTarget | undefined, b: SiwxTarget | undefined): boolean {
  if (!a || !b) return a === b
  return (
    a.chainId === b.chainId &&
    (a.chainId.startsWith('eip155:')
      ? a.address.toLowerCase() === b.address.toLowerCase()
      : a.address === b.address)
  )
}

/** The account of the active namespace, when its network is one the host configured. */
function currentTarget(): SiwxTarget | undefined {
  const namespace = $activeNamespace.get()
  const connection = namespace ? $connections.get()[namespace] : undefined
  const address = connection?.accounts[0]?.address
  if (!namespace || !connection || !address) return undefined
  return { chainId: `${namespace}:${connection.chainId}`, address }
}

function isRequired(): boolean {
  return config?.getRequired() === true
}

/**
 * Starts the flow with the host's config (again: replaces the previous one).
 * @example watchSiwx(localSiwx({ required: true }), { disconnect, switchNetwork })
 */
export function watchSiwx(siwx: SiwxConfigLike, with_: SiwxActions): () => void {
  stop?.()
  config = siwx
  actions = with_
  const sync = () => void onAccount()
  const offs = [$connections.subscribe(sync), $activeNamespace.listen(sync)]
  stop = () => {
    for (const off of offs) off()
    config = undefined
    stop = undefined
  }
  return stop
}

async function onAccount(): Promise<void> {
  const siwx = config
  if (!siwx) return
  const target = currentTarget()
  const previous = $siwx.get().target
  if (sameTarget(target, previous)) return
  const run = ++generation
  // Gone (disconnect): sign out of exactly the session that account had.
  if (!target && previous && $siwx.get().session && siwx.signOutOnDisconnect !== false) {
    siwx.revokeSession(previous.chainId, previous.address).catch(reportError)
  }
  setCloseDisabled(false)
  if (!target) {
    $siwx.set({ status: 'idle' })
    lastSigned = undefined
    if ($view.get().view === 'SIWXSignMessage') closeModal({ force: true })
    return
  }
  // Spec §4 / issue 16: never ask to sign on a network the app did not configure.
  if (!findNetwork(target.chainId)) {
    $siwx.set({ status: 'idle', target })
    return
  }
  $siwx.set({ status: 'checking', target })
  let sessions: Awaited<ReturnType<SiwxConfigLike['getSessions']>>
  try {
    sessions = await siwx.getSessions(target.chainId, target.address)
  } catch (error) {
    if (run === generation) await failInitialization(error)
    return
  }
  if (run !== generation) return
  const session = sessions[0]
  if (session) {
    lastSigned = target
    $siwx.set({ status: 'signed', target, session })
    if ($view.get().view === 'SIWXSignMessage') closeModal({ force: true })
    return
  }
  $siwx.set({ status: 'unsigned', target })
  promptSignIn()
  await prepareMessage(siwx, target, run)
}

/**
 * Spec §8: the sessions could not be read (the SIWX server is down, the config threw), so
 * whether this account signed in is unknown: the wallet is disconnected, the router goes back
 * to Connect and the toast "A problem occurred while trying initialize authentication" shows.
 */
async function failInitialization(error: unknown): Promise<void> {
  reportError(error)
  $siwx.set({ status: 'idle' })
  await actions?.disconnect().catch((failure: unknown) => console.error(failure))
  reset('Connect')
  showSnack(AUTH_TOAST_MESSAGES.AUTH_INIT_FAILED, { variant: 'error', code: 'AUTH_INIT_FAILED' })
}

/** Creates the message the view shows and the wallet will sign. */
async function prepareMessage(siwx: SiwxConfigLike, target: SiwxTarget, run: number) {
  try {
    const message = await siwx.createMessage({
      accountAddress: target.address,
      chainId: target.chainId,
    })
    if (run !== generation || $siwx.get().status !== 'unsigned') return
    // The message's fields are the session's data (its `toString` is not enumerable).
    const data = { ...(message as unknown as SiwxSessionLike['data']) }
    $siwx.set({ status: 'unsigned', target, message: { text: message.toString(), data } })
  } catch (error) {
    if (run !== generation) return
    const message = errorMessage(error)
    $siwx.set({ status: 'error', target, error: { code: 'UNKNOWN', message } })
    emitEvent('SIWX_AUTH_ERROR', { network: target.chainId, message })
  }
}

/** Shows the sign view; in required mode the modal cannot close until a session exists. */
function promptSignIn(): void {
  setCloseDisabled(isRequired())
  if ($view.get().view !== 'SIWXSignMessage') reset('SIWXSignMessage')
  if (!$modal.get().open) openModal()
}

/** The account to sign in: the one the sign view shows (`$siwx.get().target`). */
export interface SignInWithXParameters {
  /** CAIP-2 network id (`eip155:1`). */
  chainId: string
  address: string
}

/**
 * Asks the wallet of `account` to sign the config's message and stores the session (spec §4:
 * success stores the session and closes). A wallet's "no" leaves the view on "Signature
 * declined" (spec §8) with SIWX_AUTH_ERROR. `account` must be the flow's current account (the
 * one the view shows): another one, or none, throws `NO_ACTIVE_CAIP_ADDRESS` and signs nothing.
 * @example await signInWithX({ chainId: 'eip155:1', address: '0xAb…' })
 */
export async function signInWithX(account: SignInWithXParameters): Promise<void> {
  const siwx = config
  if (!siwx) throw kitError('SIWX_NOT_ENABLED')
  const adapter = getAdapter(account.chainId.split(':')[0] as ChainNamespace)
  // The account changed since the view showed it: its message and nonce belong to another.
  if (!adapter || !sameTarget(account, $siwx.get().target)) {
    throw kitError('NO_ACTIVE_CAIP_ADDRESS')
  }
  const target: SiwxTarget = { chainId: account.chainId, address: account.address }
  const run = generation
  const prepared = $siwx.get().status === 'unsigned' ? $siwx.get().message : undefined
  $siwx.set({ status: 'signing', target, ...(prepared ? { message: prepared } : {}) })
  try {
    // A message shown but not signed yet is the one signed; after a decline, a fresh one.
    let pending = prepared
    if (!pending) {
      const message = await siwx.createMessage({
        accountAddress: target.address,
        chainId: target.chainId,
      })
      const data = { ...(message as unknown as SiwxSessionLike['data']) }
      pending = { text: message.toString(), data }
      $siwx.set({ status: 'signing', target, message: pending })
    }
    // A wallet with its own sign-in feature (solana:signIn) writes and signs the message from
    // the prepared fields; the others sign the prepared text.
    const signedIn = await actions?.signIn?.({
      namespace: adapter.namespace,
      provider: adapter.getProvider(),
      data: pending.data as unknown as SignInData,
      address: target.address,
    })
    const session: SiwxSessionLike = signedIn
      ? {
          data: signedIn.data as unknown as SiwxSessionLike['data'],
          message: signedIn.message,
          signature: signedIn.signature,
        }
      : {
          data: pending.data,
          message: pending.text,
          signature: await adapter.signMessage({ message: pending.text, address: target.address }),
        }
    // Spec §8: "Authenticating..." while the config checks and stores the signature (a server
    // round trip with serverSiwx).
    showSnack(AUTH_TOAST_MESSAGES.AUTHENTICATING, { variant: 'loading', code: 'AUTHENTICATING' })
    try {
      await siwx.addSession(session)
    } finally {
      // Also cancels it while it waits behind a closing toast (showSnack's 150 ms).
      hideSnack()
    }
    if (run !== generation) return
    lastSigned = target
    $siwx.set({ status: 'signed', target, session })
    setCloseDisabled(false)
    if ($view.get().view === 'SIWXSignMessage') closeModal()
    emitEvent('SIWX_AUTH_SUCCESS', { network: target.chainId })
  } catch (error) {
    if (run !== generation) return
    const failure = isUserRejection(error)
      ? kitError('SIGNATURE_DECLINED', { cause: error })
      : kitError('UNKNOWN', { cause: error, details: errorMessage(error) })
    const message = isUserRejection(error) ? failure.shortMessage : errorMessage(error)
    $siwx.set({
      status: 'error',
      target,
      ...($siwx.get().message ? { message: $siwx.get().message } : {}),
      error: { code: failure.code ?? 'UNKNOWN', message },
    })
    emitEvent('SIWX_AUTH_ERROR', { network: target.chainId, message })
  }
}

/**
 * Cancel in the sign view (spec §4): back to the last network that had a session, else
 * disconnect when signing is required, else close.
 * @example await cancelSignIn()
 */
export async function cancelSignIn(): Promise<void> {
  const target = $siwx.get().target
  const back = lastSigned
  const backNetwork = back && findNetwork(back.chainId)
  if (
    back &&
    backNetwork &&
    target &&
    back.chainId !== target.chainId &&
    sameAddress(back, target)
  ) {
    try {
      await actions?.switchNetwork(backNetwork)
      return
    } catch {
      // The wallet refused to switch back: fall through to the rule below.
    }
  }
  if (isRequired()) {
    setCloseDisabled(false)
    closeModal({ force: true })
    await actions?.disconnect()
    return
  }
  setCloseDisabled(false)
  closeModal()
}

function sameAddress(a: SiwxTarget, b: SiwxTarget): boolean {
  return a.address.toLowerCase() === b.address.toLowerCase()
}

/**
 * Signs out: revokes the current account's session (exactly that chain and address), then
 * disconnects the wallet.
 * @example await signOutWithX()
 */
export async function signOutWithX(): Promise<void> {
  const siwx = config
  const { target, session } = $siwx.get()
  if (siwx && target && session) {
    await siwx.revokeSession(target.chainId, target.address)
    $siwx.set({ status: 'unsigned', target })
  }
  await actions?.disconnect()
}

function reportError(error: unknown): void {
  emitEvent('SIWX_AUTH_ERROR', { message: errorMessage(error) })
}

/** Stops the flow (tests). */
export function stopSiwx(): void {
  stop?.()
  generation++
  lastSigned = undefined
  $siwx.set({ status: 'idle' })
}
