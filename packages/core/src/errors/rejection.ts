// Telling a person's "no" apart from a failure. Wallets say it with a code, sometimes wrapped
// in other errors (the kit's own, a library's), so the whole cause chain is read.
import { walk } from './base.js'

// WalletConnect's refusals: 5000 USER_REJECTED, 5001-5003 rejected chains / methods / events,
// 5100-5199 unsupported chains / methods / events / accounts of a session proposal.
const isWalletConnectRefusal = (code: number) => code >= 5000 && code < 5200

function isRejectionCode(code: unknown): boolean {
  if (typeof code === 'number') return code === 4001 || isWalletConnectRefusal(code)
  // ethers' ACTION_REJECTED; the kit's own errors for a refusal.
  return (
    code === 'ACTION_REJECTED' || code === 'CONNECTION_REJECTED' || code === 'SIGNATURE_DECLINED'
  )
}

/**
 * Whether `error` (or any error in its `cause` chain) says the user declined: EIP-1193 4001
 * "User Rejected Request", WalletConnect's 5000-5199 refusals, ethers' `ACTION_REJECTED`, or
 * the kit's "Connection rejected" / "Signature declined".
 *
 * @example
 * try {
 *   await modal.connect('io.metamask')
 * } catch (error) {
 *   if (!isUserRejection(error)) console.error(error)
 * }
 */
export function isUserRejection(error: unknown): boolean {
  return (
    walk(
      error,
      (e) => typeof e === 'object' && e !== null && isRejectionCode((e as { code?: unknown }).code),
    ) !== null
  )
}
