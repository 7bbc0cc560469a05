// The frame's client of the server contract (e-mail login, share vault). Every call carries a
// fresh proof signed with the device key (the login attempt belongs to that key from start to
// verify) and the project the frame runs for; after the login, the session token too.
import { retryRequest } from '@openmodal/core/internal'
import * as v from 'valibot'
import type { Commitment } from '../keys/derive.js'
import type { VaultUpload } from '../keys/wallet.js'
import { createProof } from './proof.js'

/** The server answered with `{error:{code,message}}` or a non-ok status. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** When the refusal ends, in ms since the epoch (a new device's hold, `NEW_DEVICE_HOLD`). */
    readonly until?: number,
    /** A refusal's `Retry-After` in seconds (a 429), when the server sent one. */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

/** `Retry-After` in whole seconds (1 to a day), or undefined (absent, a date, out of range). */
const retryAfterOf = (response: Response) => {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN)
  return Number.isSafeInteger(seconds) && seconds >= 1 && seconds <= 86_400 ? seconds : undefined
}

/** An ISO time the server names (`until`), as ms since the epoch. */
const isoTime = v.pipe(
  v.string(),
  v.isoTimestamp(),
  v.transform((text) => Date.parse(text)),
)
const errorBody = v.object({
  error: v.object({ code: v.string(), message: v.string(), until: v.optional(isoTime) }),
})
const startAnswer = v.object({
  attemptId: v.string(),
  action: v.picklist(['VERIFY_OTP', 'VERIFY_DEVICE']),
})
const session = v.object({ token: v.string(), expiresAt: v.union([v.string(), v.number()]) })
const verifyAnswer = v.object({
  session,
  user: v.object({ id: v.string(), email: v.string(), isNew: v.optional(v.boolean()) }),
})
const socialStartAnswer = v.object({ attemptId: v.string(), url: v.pipe(v.string(), v.url()) })
const socialStatusAnswer = v.variant('status', [
  v.object({ status: v.literal('pending') }),
  v.object({
    status: v.literal('done'),
    session,
    user: v.object({
      id: v.string(),
      email: v.nullable(v.string()),
      provider: v.string(),
      username: v.nullable(v.string()),
    }),
  }),
])
const commitment = v.object({
  eip155: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  solana: v.string(),
})
const meAnswer = v.object({
  // Null for a social login whose provider verified no e-mail.
  user: v.object({ id: v.string(), email: v.nullable(v.string()) }),
  wallet: v.nullable(v.object({ commitment })),
  /** This device recovered the wallet lately: no factor or e-mail change until then. */
  hold: v.optional(v.object({ until: isoTime })),
})
/** The descriptor of what opens the recovery share (keys/recovery.ts `RecoveryFactor`). */
const argon2id = v.object({
  name: v.literal('argon2id'),
  m: v.number(),
  t: v.number(),
  p: v.number(),
})
const recoveryFactor = v.variant('kind', [
  v.object({ kind: v.literal('custodial') }),
  v.object({ kind: v.literal('passkey'), credentialId: v.string(), salt: v.string() }),
  v.object({ kind: v.literal('passphrase'), salt: v.optional(v.string()), kdf: argon2id }),
])
const sharesAnswer = v.object({
  commitment,
  version: v.pipe(v.number(), v.integer()),
  authShare: v.string(),
})
const recoveryAnswer = v.object({
  commitment,
  version: v.pipe(v.number(), v.integer()),
  recoveryShare: v.string(),
  factor: recoveryFactor,
})
const statusAnswer = v.object({ mail: v.picklist(['sending', 'sent']) })

export type Me = v.InferOutput<typeof meAnswer>
export type AuthShareAnswer = v.InferOutput<typeof sharesAnswer>
export type RecoveryAnswer = v.InferOutput<typeof recoveryAnswer>

/** `POST /v1/wallet/rotate`: new shares of the same key, signed by its EVM address. */
export type RotateBody = VaultUpload & {
  version: number
  signature: string
}

export interface ApiClient {
  start(body: {
    projectId: string
    email: string
    dappOrigin: string
  }): Promise<v.InferOutput<typeof startAnswer>>
  /** Whether the code's mail left (it is sent after `start` answered); throws MAIL_FAILED. */
  /** Where a code's mail stands: a login's (`step` left out) or an e-mail update's. */
  mailStatus(body: {
    attemptId: string
    step?: 'update_primary' | 'update_secondary'
  }): Promise<v.InferOutput<typeof statusAnswer>>
  verify(body: { attemptId: string; otp: string }): Promise<v.InferOutput<typeof verifyAnswer>>
  /** Starts a social login: the provider's authorization URL for the popup. */
  socialStart(body: {
    projectId: string
    provider: string
    dappOrigin: string
    returnTo?: string
  }): Promise<v.InferOutput<typeof socialStartAnswer>>
  /** Starts a Sign In With Farcaster login: the relay channel's URL for the QR code. */
  farcasterStart(body: {
    projectId: string
    dappOrigin: string
  }): Promise<v.InferOutput<typeof socialStartAnswer>>
  /** Gives the login up (the modal closed): a signature arriving later logs nobody in. */
  farcasterCancel(body: { attemptId: string }): Promise<{ cancelled: boolean }>
  /** The attempt's state; once the server completed it, the session (kept as the token). */
  socialStatus(body: { attemptId: string }): Promise<v.InferOutput<typeof socialStatusAnswer>>
  me(): Promise<Me>
  putWallet(body: VaultUpload): Promise<void>
  /** The auth share this device needs (a known device, or after `recovery()`). */
  shares(): Promise<AuthShareAnswer>
  /** A new device: the recovery share alone; the server mails the visitor a notice. */
  recovery(): Promise<RecoveryAnswer>
  rotate(body: RotateBody): Promise<void>
  signOut(): Promise<void>
  updateStart(body: { newEmail: string }): Promise<{ attemptId: string }>
  updatePrimary(body: { attemptId: string; otp: string }): Promise<void>
  updateSecondary(body: { attemptId: string; otp: string }): Promise<{ email: string }>
  /** The bearer token of the current session, if any. */
  token: string | undefined
}

/**
 * The API client of the server at `apiUrl`, for the frame of project `projectId`.
 *
 * @example
 * const api = createApi('https://api.example.com', 'my-project')
 */
export function createApi(apiUrl: string, projectId: string, token?: string): ApiClient {
  async function call<S extends v.GenericSchema | undefined>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
    // A login step proves the device key alone: a session the frame holds (an earlier login
    // the host gave up on) must not ride along, or its proof is refused for that token.
    // `idempotent: false`: a call the server refuses to replay (a share rotation), sent again
    // only after a 503; a lost answer is the caller's to settle.
    { login = false, idempotent = true }: { login?: boolean; idempotent?: boolean } = {},
  ): Promise<S extends v.GenericSchema ? v.InferOutput<S> : undefined> {
    const url = new URL(path, apiUrl).href
    const token = login ? undefined : client.token
    // A dropped connection or a 503 (load shed, an instance restarting) is sent again with the
    // spec's backoff, each time with a fresh proof (the server accepts a proof once); the
    // server completes each flow once however often it is asked.
    const response = await retryRequest(
      async () => {
        const headers: Record<string, string> = {
          'OpenModal-Proof': await createProof(method, url, token),
          'OpenModal-Project': projectId,
        }
        if (body !== undefined) headers['content-type'] = 'application/json'
        if (token) headers.authorization = `Bearer ${token}`
        return fetch(url, {
          method,
          headers,
          credentials: 'omit',
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      },
      { idempotent },
    )
    const data: unknown =
      response.status === 204 ? undefined : await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = v.safeParse(errorBody, data)
      const { code, message, until } = parsed.success
        ? parsed.output.error
        : { code: 'HTTP_ERROR', message: `HTTP status code: ${response.status}`, until: undefined }
      throw new ApiError(response.status, code, message, until, retryAfterOf(response))
    }
    return (schema ? v.parse(schema, data) : undefined) as never
  }
  const client: ApiClient = {
    token,
    start: (body) => call('POST', '/v1/auth/email/start', startAnswer, body, { login: true }),
    // A login's mail proves the device key alone; an update's needs its session.
    mailStatus: (body) =>
      call('POST', '/v1/auth/email/status', statusAnswer, body, { login: !body.step }),
    async verify(body) {
      const answer = await call('POST', '/v1/auth/email/verify', verifyAnswer, body, {
        login: true,
      })
      client.token = answer.session.token
      return answer
    },
    socialStart: (body) =>
      call('POST', '/v1/auth/social/start', socialStartAnswer, body, { login: true }),
    farcasterStart: (body) =>
      call('POST', '/v1/auth/farcaster/start', socialStartAnswer, body, { login: true }),
    farcasterCancel: (body) =>
      call('POST', '/v1/auth/farcaster/cancel', v.object({ cancelled: v.boolean() }), body, {
        login: true,
      }),
    async socialStatus(body) {
      const answer = await call('POST', '/v1/auth/social/status', socialStatusAnswer, body, {
        login: true,
      })
      if (answer.status === 'done') client.token = answer.session.token
      return answer
    },
    me: () => call('GET', '/v1/me', meAnswer),
    putWallet: (body) => call('PUT', '/v1/wallet', undefined, body),
    shares: () => call('GET', '/v1/wallet/shares', sharesAnswer),
    recovery: () => call('POST', '/v1/wallet/recovery', recoveryAnswer, {}),
    rotate: (body) => call('POST', '/v1/wallet/rotate', undefined, body, { idempotent: false }),
    updateStart: (body) =>
      call('POST', '/v1/auth/email/update/start', v.object({ attemptId: v.string() }), body),
    updatePrimary: (body) => call('POST', '/v1/auth/email/update/verify-primary', undefined, body),
    updateSecondary: (body) =>
      call('POST', '/v1/auth/email/update/verify-secondary', v.object({ email: v.string() }), body),
    async signOut() {
      await call('POST', '/v1/auth/email/sign-out', undefined)
      client.token = undefined
    },
  }
  return client
}

export type { Commitment }
