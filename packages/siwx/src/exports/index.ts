// @openmodal/siwx: Sign-In With X. Messages (EIP-4361, SIWS, CAIP-122), verification, and the
// SIWXConfig contract with its ready configs. Load it lazily: nothing here is needed before a
// wallet connects.

export type {
  AuthApiError,
  AuthApiErrorCode,
  AuthAuthenticateBody,
  AuthAuthenticateResponse,
  AuthMeResponse,
  AuthNonceResponse,
  AuthSession,
  AuthSignOutResponse,
} from '../config/api-types.js'
export { type LocalSiwxOptions, localSiwx, type SiwxStorage } from '../config/local.js'
export { DEFAULT_SESSION_TTL_MS, LOCAL_NONCE_TTL_MS } from '../config/local-options.js'
export { type ServerSiwxOptions, serverSiwx } from '../config/server.js'
export {
  fromSiweConfig,
  type SIWEConfig,
  type SIWECreateMessageArgs,
  type SIWEMessageParams,
} from '../config/siwe-config.js'
export {
  type Cacao,
  isSameAccount,
  type SIWXConfig,
  type SIWXMessage,
  type SIWXMessageInput,
  type SIWXSession,
} from '../config/types.js'
export { SiwxError, type SiwxErrorReason, type SiwxField } from '../errors.js'
export {
  type CreateSiweMessageParameters,
  createSiweMessage,
  formatSiweMessage,
  parseSiweMessage,
  type SiweMessageFields,
} from '../message/eip4361.js'
export { generateNonce, parseDateTime } from '../message/grammar.js'
export {
  type CreateSiwxMessageParameters,
  createSiwxMessageData,
  formatSiwxMessage,
  parseSiwxMessage,
  SIWX_ACCOUNT_LABELS,
  type SIWXMessageData,
  type SiwxChainId,
  SOLANA_CLUSTERS,
} from '../message/siwx.js'
export {
  fromSolanaSignInOutput,
  type SolanaSignInInput,
  toSolanaSignInInput,
} from '../message/solana-sign-in.js'
export { type SolanaSignInWallet, signInWithSolanaWallet } from '../message/solana-wallet.js'
export { type VerifyEvmSignatureParameters, verifyEvmSignature } from '../verify/evm.js'
export { decodeSolanaSignature, verifySolanaSignature } from '../verify/solana.js'
export {
  type SignatureVerifier,
  type VerifySiwxMessageParameters,
  verifySiwxMessage,
} from '../verify/verify.js'
