// Request schemas of the auth routes.
import * as v from 'valibot'

/** Longest accepted message (EIP-4361 texts are a few hundred bytes; resources add lines). */
export const AUTH_MESSAGE_MAX_LENGTH = 8192
/** ERC-6492 signatures carry the factory call, so they are long. */
export const AUTH_SIGNATURE_MAX_LENGTH = 16_384
export const AUTH_BODY_MAX_BYTES = 32 * 1024

export const AuthenticateBodySchema = v.strictObject({
  message: v.pipe(
    v.string('message is required'),
    v.minLength(1, 'message is required'),
    v.maxLength(
      AUTH_MESSAGE_MAX_LENGTH,
      `message is longer than ${AUTH_MESSAGE_MAX_LENGTH} characters`,
    ),
  ),
  signature: v.pipe(
    v.string('signature is required'),
    v.minLength(1, 'signature is required'),
    v.maxLength(
      AUTH_SIGNATURE_MAX_LENGTH,
      `signature is longer than ${AUTH_SIGNATURE_MAX_LENGTH} characters`,
    ),
    v.regex(
      /^(?:0x[0-9a-fA-F]*|[1-9A-HJ-NP-Za-km-z]+|[A-Za-z0-9+/]+={0,2})$/,
      'signature must be 0x hex, base58 or base64',
    ),
  ),
  token: v.optional(
    v.pipe(v.string('token must be a string'), v.maxLength(1024, 'token is too long')),
  ),
  /** CAIP-74 Cacao of a WalletConnect one-click sign-in: kept with the session, not trusted. */
  cacao: v.optional(
    v.looseObject({
      h: v.looseObject({ t: v.string('cacao.h.t must be a string') }),
      p: v.record(v.string(), v.unknown()),
      s: v.looseObject({
        t: v.string('cacao.s.t must be a string'),
        s: v.string('cacao.s.s must be a string'),
      }),
    }),
  ),
})
