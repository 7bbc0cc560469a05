// Errors of the Bitcoin adapter. A wallet's "no" becomes the kit's rejection codes (which
// `isUserRejection` and the UI know); other wallet and node errors keep their own words.
import { ADAPTER_ERROR_MESSAGES, adapterError, BaseError, kitError } from '@openmodal/core/internal'

/** sats-connect's JSON-RPC error codes (`RpcErrorCode`). */
export const SATS_CONNECT_CODES = {
  INVALID_PARAMS: -32602,
  METHOD_NOT_FOUND: -32601,
  INTERNAL_ERROR: -32603,
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
} as const

/**
 * The spec §5 text for a switch to an ordinals (or other non-payment) account: core's text of
 * the `NON_PAYMENT_ACCOUNT` code, which the UI translates.
 */
export const NON_PAYMENT_ACCOUNT_MESSAGE = ADAPTER_ERROR_MESSAGES.NON_PAYMENT_ACCOUNT

/** A wallet's error answer: its code and message, kept as the cause. */
export class BitcoinWalletError extends Error {
  override name = 'BitcoinWalletError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/**
 * The kit error for a wallet's error answer to `method`: a user rejection becomes "Connection
 * rejected" (connecting) or "Signature declined"; an unknown method "Requested RPC call is not
 * allowed"; anything else the wallet's own words.
 *
 * @example throw walletError('signPsbt', new BitcoinWalletError(-32000, 'User rejected'))
 */
export function walletError(method: string, error: BitcoinWalletError, connecting = false) {
  const details = `${method}: ${error.code} ${error.message}`
  if (error.code === SATS_CONNECT_CODES.USER_REJECTION || error.code === 4001) {
    return kitError(connecting ? 'CONNECTION_REJECTED' : 'SIGNATURE_DECLINED', {
      details,
      cause: error,
    })
  }
  if (
    error.code === SATS_CONNECT_CODES.METHOD_NOT_FOUND ||
    error.code === SATS_CONNECT_CODES.METHOD_NOT_SUPPORTED
  ) {
    return adapterError('UNSUPPORTED_METHOD', { details, cause: error })
  }
  // The wallet's own words are shown as given; without any, the code's text (translated).
  if (error.code === SATS_CONNECT_CODES.INVALID_PARAMS) {
    return error.message
      ? new BaseError(error.message, { code: 'INVALID_PARAMS', details, cause: error })
      : adapterError('INVALID_PARAMS', { details, cause: error })
  }
  return error.message
    ? new BaseError(error.message, { code: 'RPC_ERROR', details, cause: error })
    : kitError('UNKNOWN', { details, cause: error })
}
