import {
  $siwx,
  kitError,
  type SiwxSessionLike,
  type SiwxState,
  type SiwxStatus,
  signInWithX,
  signOutWithX,
} from '@openmodal/core/internal'
import { useMemo } from 'react'
import { useStore } from './use-store.js'

export interface UseSiwxSessionReturnType {
  /** The connected account's session (spec §3: data, message, signature, cacao), if signed in. */
  session: SiwxSessionLike | undefined
  /** `idle` (SIWX off, nothing connected, or a network the app did not configure), `checking`,
   * `unsigned`, `signing`, `signed` or `error`. */
  status: SiwxStatus
  /** The last failure ("Signature declined", …), while `status` is `error`. */
  error: SiwxState['error']
  /** Asks the connected wallet to sign in now (the failure lands in `status` / `error`). */
  signIn: () => Promise<void>
  /** Revokes exactly this account's session, then disconnects the wallet. */
  signOut: () => Promise<void>
}

const IDLE: SiwxState = Object.freeze({ status: 'idle' }) as SiwxState

/**
 * The Sign-In With X session of the connected account, with sign-in and sign-out. Needs the
 * `siwx` option of `createModal`.
 *
 * @example
 * const { session, status, signOut } = useSiwxSession()
 * return status === 'signed' ? <button onClick={signOut}>Sign out</button> : null
 */
export function useSiwxSession(): UseSiwxSessionReturnType {
  const state = useStore($siwx, { serverSnapshot: IDLE })
  return useMemo(
    () => ({
      session: state.status === 'signed' ? state.session : undefined,
      status: state.status,
      error: state.status === 'error' ? state.error : undefined,
      signIn: () =>
        state.target
          ? signInWithX(state.target)
          : Promise.reject(kitError('NO_ACTIVE_CAIP_ADDRESS')),
      signOut: signOutWithX,
    }),
    [state],
  )
}
