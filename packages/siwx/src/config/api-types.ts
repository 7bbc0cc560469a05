// The HTTP shapes of the server's auth routes (apps/server `/v1/auth/*`), shared by the server
// and serverSiwx(). No imports with runtime code: the server imports these types.
import type { SiwxErrorReason } from '../errors.js'

/** `GET /v1/auth/nonce?projectId=` → 200. */
export interface AuthNonceResponse {
  /** 17 letters and digits, single use. */
  nonce: string
  /** HMAC-signed `{ nonce, projectId, expiresAt }`: pass it back with the signed message. */
  token: string
  /** RFC 3339; the nonce is refused after this. */
  expiresAt: string
}

/** `POST /v1/auth/authenticate?projectId=` body. */
export interface AuthAuthenticateBody {
  message: string
  signature: string
  /** The `token` of the nonce answer. */
  token?: string | undefined
  /** The CAIP-74 Cacao of a WalletConnect one-click sign-in, kept with the session. */
  cacao?: Record<string, unknown> | undefined
}

/** A stored sign-in session. */
export interface AuthSession {
  id: string
  /** CAIP-2. */
  chainId: string
  address: string
  message: string
  signature: string
  /** Present when the sign-in came with one (WalletConnect one-click auth). */
  cacao?: Record<string, unknown> | undefined
  /** RFC 3339. */
  expiresAt: string
  createdAt: string
}

/** `POST /v1/auth/authenticate` → 201 (and an httpOnly cookie with the same token). */
export interface AuthAuthenticateResponse {
  /** Bearer token of this session (`Authorization: Bearer <token>`). */
  token: string
  session: AuthSession
}

/** `GET /v1/auth/me` → 200. */
export interface AuthMeResponse {
  session: AuthSession
}

/** `POST /v1/auth/sign-out` → 200. */
export interface AuthSignOutResponse {
  /** False when the token had no session (already signed out or expired). */
  signedOut: boolean
}

/** Error codes of the auth routes, beside the server's common ones. */
export type AuthApiErrorCode =
  /** The nonce is unknown, used, expired or for another project (HTTP 401). */
  | 'INVALID_NONCE'
  /** The message or signature was refused; `reason` says why (HTTP 401). */
  | 'SIWX_REFUSED'
  /** No valid session for the token or cookie (HTTP 401). */
  | 'UNAUTHORIZED'

/** An auth error answer: the common `{ code, message, issues? }` plus the refusal's reason. */
export interface AuthApiError {
  code: string
  message: string
  reason?: SiwxErrorReason | undefined
}
