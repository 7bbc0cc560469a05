// The errors of @openmodal/siwx: one class, a typed `reason`, and the message field at fault.
import { BaseError } from '@openmodal/core'

/** Why a message or a signature was refused. */
export type SiwxErrorReason =
  /** The text or a field does not follow the message grammar (EIP-4361 ABNF, SIWS, CAIP-122). */
  | 'invalid-message'
  /** The message is for another domain than the one verifying it. */
  | 'domain-mismatch'
  /** The nonce is not the one issued for this sign-in. */
  | 'nonce-mismatch'
  /** The message is for another chain than the one expected. */
  | 'chain-mismatch'
  /** The message is for another account than the one expected. */
  | 'address-mismatch'
  /** `Expiration Time` has passed. */
  | 'expired'
  /** `Not Before` is still in the future. */
  | 'not-yet-valid'
  /** The signature is malformed or not the account's signature of the message. */
  | 'invalid-signature'
  /** A namespace this package cannot verify (no verifier given for it). */
  | 'unsupported-namespace'
  /** The sign-in server could not be reached or failed (see `status`). */
  | 'server-error'
  /** The sign-in server has no valid session for the token (HTTP 401). */
  | 'unauthorized'

/** A message field, as named in the messages (`Chain ID`) and in code (`chainId`). */
export type SiwxField =
  | 'scheme'
  | 'domain'
  | 'address'
  | 'statement'
  | 'uri'
  | 'version'
  | 'chainId'
  | 'nonce'
  | 'issuedAt'
  | 'expirationTime'
  | 'notBefore'
  | 'requestId'
  | 'resources'
  | 'signature'
  | 'message'

/**
 * Thrown by the parsers, builders and verifiers. `shortMessage` names the field at fault
 * (`Invalid SIWE message: Nonce: expected at least 8 letters or digits`); `reason` says what
 * happened without comparing texts.
 *
 * @example
 * try { parseSiweMessage(text) } catch (e) { if (e instanceof SiwxError) e.field // 'nonce' }
 */
export class SiwxError extends BaseError {
  override name = 'SiwxError'
  readonly reason: SiwxErrorReason
  readonly field: SiwxField | undefined
  /** The HTTP status of a server answer (serverSiwx), if any. */
  readonly status: number | undefined

  constructor(
    reason: SiwxErrorReason,
    message: string,
    options: { field?: SiwxField; cause?: unknown; details?: string; status?: number } = {},
  ) {
    super(message, {
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
      ...(options.details !== undefined ? { details: options.details } : {}),
    })
    this.reason = reason
    this.field = options.field
    this.status = options.status
  }
}
