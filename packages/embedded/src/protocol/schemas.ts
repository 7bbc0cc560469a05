// The frame protocol (spec §7): every event the dapp sends the secure frame and every reply,
// as valibot schemas. Both sides check every message with them: the host checks replies and
// frame events, the frame checks requests. Sizes are capped before any schema runs.
//
// Built only from the valibot functions core's options schema already uses (pipe, check, lazy,
// picklist, custom, safeInteger…), not `union`, `variant`, `literal`, `email`, `uuid`, `url`,
// `regex`, `nullable` or `unknown`: valibot is one module, so a function that only this lazy
// file used would still load with the page, in the host's first file (apps/size measured
// 0.7 kB gzip in app (e)). The parts below stand in for them.
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH } from '@openmodal/core/internal'
import * as v from 'valibot'

/** Whole messages are capped at 1 MiB of JSON (a large calldata fits; a flood does not). */
export const MAX_MESSAGE_BYTES = 1_048_576

/** Any value (valibot's `unknown`). */
const anything = v.custom<unknown>(() => true)
const nothing = v.custom<null>((input) => input === null)
/** Exactly `value` (valibot's `literal`). */
const exactly = <const T extends string>(value: T) => v.picklist([value])
/** A string matching `pattern` (valibot's `regex`). */
const matching = (pattern: RegExp, message?: string) =>
  v.check<string, string | undefined>((input) => pattern.test(input), message)
/** `input[key]` when `input` is an object: what the `lazy` schemas below branch on. */
const field = (input: unknown, key: string): unknown =>
  typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined
const canParseUrl = (input: string) => {
  try {
    new URL(input)
    return true
  } catch {
    return false
  }
}
const url = v.pipe(v.string(), v.check(canParseUrl, 'Invalid URL'))
/** An RFC 4122 UUID, as `crypto.randomUUID()` makes them. */
const UUID = /^[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}$/i

const email = v.pipe(
  v.string(),
  v.transform((input) => input.trim()),
  v.maxLength(MAX_EMAIL_LENGTH),
  matching(EMAIL_PATTERN, 'Invalid email'),
)
const numericChainId = v.pipe(v.number(), v.safeInteger(), v.minValue(1))
const namedChainId = v.pipe(v.string(), v.minLength(1), v.maxLength(64))
const chainId = v.lazy((input) => (typeof input === 'number' ? numericChainId : namedChainId))
const accountType = v.picklist(['eoa', 'smartAccount'])
const address = v.pipe(v.string(), v.minLength(1), v.maxLength(128))
const empty = v.strictObject({})

/** Spec §5: the action a login or e-mail step asks for next. */
export const frameAction = v.picklist([
  'VERIFY_DEVICE',
  'VERIFY_OTP',
  'CONNECT',
  'VERIFY_PRIMARY_OTP',
  'VERIFY_SECONDARY_OTP',
])

/** Spec §3: the embedded user. */
export const embeddedUser = v.object({
  email: v.optional(
    v.lazy((input) =>
      input === null ? nothing : v.pipe(v.string(), v.maxLength(MAX_EMAIL_LENGTH)),
    ),
  ),
  address,
  chainId,
  userName: v.optional(v.pipe(v.string(), v.maxLength(256))),
  accounts: v.optional(
    v.pipe(
      v.array(
        v.object({
          address,
          type: accountType,
          namespace: v.optional(v.picklist(['eip155', 'solana'])),
        }),
      ),
      v.maxLength(16),
    ),
  ),
  preferredAccountType: v.optional(accountType),
  smartAccountDeployed: v.optional(v.boolean()),
})

export type EmbeddedUser = v.InferOutput<typeof embeddedUser>

/** A JSON-RPC request the dapp forwards (spec §7 "rpc request"). */
export const rpcRequest = v.object({
  method: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  params: v.optional(anything),
})

/**
 * Each app event (spec §7): its payload schema and its success payload schema.
 */
const themeValue = v.lazy((input) => (typeof input === 'number' ? v.number() : v.string()))

export const APP_EVENTS = {
  SWITCH_NETWORK: { payload: v.object({ chainId }), result: v.object({ chainId }) },
  CONNECT_EMAIL: { payload: v.object({ email }), result: v.object({ action: frameAction }) },
  CONNECT_DEVICE: { payload: empty, result: empty },
  /**
   * Shows the frame's own code entry and answers once the wallet is ready. It carries no code:
   * the visitor types it inside the frame, so the host page never sees it, and a payload with a
   * code is refused (this was `{ otp }`).
   */
  CONNECT_OTP: { payload: empty, result: empty },
  CONNECT_SOCIAL: {
    payload: v.object({
      uri: v.pipe(v.string(), v.maxLength(4096)),
      preferredAccountType: v.optional(accountType),
      chainId: v.optional(chainId),
    }),
    result: embeddedUser,
  },
  /** Opens a Sign In With Farcaster channel: the URL the QR code carries. */
  GET_FARCASTER_URI: { payload: empty, result: v.object({ url }) },
  /** Waits until the Farcaster wallet signed in; the wallet is then open (as CONNECT_SOCIAL). */
  CONNECT_FARCASTER: { payload: empty, result: v.object({ userName: v.string() }) },
  /**
   * Spec §4: the modal closed during a Farcaster login. The frame gives the attempt up at the
   * server, so a signature arriving later logs nobody in, and CONNECT_FARCASTER ends.
   */
  CANCEL_FARCASTER: { payload: empty, result: v.object({ cancelled: v.boolean() }) },
  GET_USER: {
    payload: v.object({
      chainId: v.optional(chainId),
      preferredAccountType: v.optional(accountType),
      socialUri: v.optional(v.pipe(v.string(), v.maxLength(4096))),
    }),
    result: embeddedUser,
  },
  GET_SOCIAL_REDIRECT_URI: {
    payload: v.object({
      provider: v.picklist(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'telegram']),
      // Telegram mini apps: the page the provider sends the visitor back to (no popup there).
      returnTo: v.optional(url),
    }),
    result: v.object({ uri: url }),
  },
  SIGN_OUT: { payload: empty, result: empty },
  IS_CONNECTED: {
    payload: v.object({ token: v.optional(v.pipe(v.string(), v.maxLength(4096))) }),
    result: v.object({ isConnected: v.boolean() }),
  },
  GET_CHAIN_ID: { payload: empty, result: v.object({ chainId }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    payload: empty,
    result: v.object({ smartAccountEnabledNetworks: v.array(v.number()) }),
  },
  INIT_SMART_ACCOUNT: { payload: empty, result: empty },
  SET_PREFERRED_ACCOUNT: {
    payload: v.object({ type: accountType }),
    result: v.object({ type: accountType, address }),
  },
  RPC_REQUEST: { payload: rpcRequest, result: v.object({ result: anything }) },
  UPDATE_EMAIL: { payload: v.object({ email }), result: v.object({ action: frameAction }) },
  // The codes of an update are typed in the frame, like the login's (CONNECT_OTP).
  UPDATE_EMAIL_PRIMARY_OTP: { payload: empty, result: v.object({ action: frameAction }) },
  UPDATE_EMAIL_SECONDARY_OTP: { payload: empty, result: v.object({ newEmail: email }) },
  // A known device changes what recovers the wallet on a new device. The visitor confirms with
  // a new code and chooses the passkey or passphrase in the frame: the page sends nothing else.
  CHANGE_RECOVERY: {
    payload: empty,
    result: v.object({ recovery: v.picklist(['passkey', 'passphrase', 'custodial']) }),
  },
  SYNC_THEME: {
    payload: v.object({
      themeMode: v.optional(v.picklist(['light', 'dark'])),
      themeVariables: v.optional(v.record(v.string(), themeValue)),
    }),
    result: empty,
  },
  SYNC_DAPP_DATA: {
    payload: v.object({
      metadata: v.optional(
        v.object({
          name: v.pipe(v.string(), v.maxLength(256)),
          description: v.optional(v.pipe(v.string(), v.maxLength(1024))),
          url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
          icons: v.optional(v.array(v.pipe(v.string(), v.maxLength(2048)))),
        }),
      ),
      sdkVersion: v.pipe(v.string(), v.maxLength(64)),
      sdkType: v.pipe(v.string(), v.maxLength(64)),
      projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
    }),
    result: empty,
  },
  RELOAD: { payload: empty, result: empty },
} as const

export type AppEventType = keyof typeof APP_EVENTS
export type AppEventPayload<T extends AppEventType> = v.InferInput<
  (typeof APP_EVENTS)[T]['payload']
>
export type AppEventResult<T extends AppEventType> = v.InferOutput<(typeof APP_EVENTS)[T]['result']>

const APP_EVENT_TYPES = Object.keys(APP_EVENTS) as AppEventType[]
const id = v.pipe(v.string(), matching(UUID))

/** A request of the dapp on the port: `{ id, type, payload }`; the payload is checked by type. */
export const appRequest = v.object({
  id,
  type: v.picklist(APP_EVENT_TYPES),
  payload: anything,
})

const successReply = v.object({ id, status: exactly('SUCCESS'), payload: anything })
const errorReply = v.object({
  id,
  status: exactly('ERROR'),
  payload: v.object({
    message: v.optional(v.pipe(v.string(), v.maxLength(1024))),
    /** An EIP-1193 / JSON-RPC error code, when the error is one. */
    code: v.optional(v.number()),
    /** The server's error code (`INVALID_OTP`, `RATE_LIMITED`…), when the server refused. */
    errorCode: v.optional(v.pipe(v.string(), matching(/^[A-Z][A-Z_]{0,39}$/))),
    /** When the server's refusal ends, ms since the epoch (`NEW_DEVICE_HOLD`). */
    until: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
    /** A refusal's `Retry-After` in seconds (the server's 429, spec §5). */
    retryAfter: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.check((seconds) => seconds >= 1 && seconds <= 86_400),
      ),
    ),
  }),
})

/** The frame's answer to one request (spec §7: SUCCESS or ERROR, an error carries a message). */
export const frameReply = v.lazy((input) =>
  field(input, 'status') === 'ERROR' ? errorReply : successReply,
)

/**
 * What a frame can do beyond the requests every frame answers, named in its READY event (a
 * frame of an older secure site names nothing): `changeRecovery`, the `CHANGE_RECOVERY` request.
 * The host offers a control for one only when the frame named it.
 */
export const FRAME_FEATURES = ['changeRecovery'] as const
export type FrameFeature = (typeof FRAME_FEATURES)[number]

/**
 * Events the frame sends unasked: ready (with the features it has; names this host does not
 * know are kept as given and ignored), show / hide around its approval UI, and whether its
 * storage persists (`persistent: false`: keys in memory, this device is new on every visit).
 */
const plainEvent = v.object({ event: v.picklist(['SHOW', 'HIDE']) })
const readyEvent = v.object({
  event: exactly('READY'),
  features: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(32))),
})
const storageEvent = v.object({ event: exactly('STORAGE'), persistent: v.boolean() })
/**
 * Where the e-mail login stands while the visitor types the code in the frame (never the code):
 * `waiting` (the code entry shows, the mail is on its way), `sent` (the mail left), `mail_failed`
 * (it could not be sent), `verifying`, `recovery` (the frame asks for the passkey or passphrase
 * that locks or opens the recovery share), `ready` (the wallet is open).
 */
export const LOGIN_STATUSES = [
  'waiting',
  'sent',
  'mail_failed',
  'verifying',
  'recovery',
  'ready',
] as const
export type LoginStatus = (typeof LOGIN_STATUSES)[number]
const loginEvent = v.strictObject({ event: exactly('LOGIN'), status: v.picklist(LOGIN_STATUSES) })
export const frameEvent = v.lazy((input) =>
  field(input, 'event') === 'STORAGE'
    ? storageEvent
    : field(input, 'event') === 'LOGIN'
      ? loginEvent
      : field(input, 'event') === 'READY'
        ? readyEvent
        : plainEvent,
)

/** What the frame can put on the port: an event when it names one, else a reply. */
export const frameMessage = v.lazy((input) =>
  field(input, 'event') === undefined ? frameReply : frameEvent,
)

/** Handshake on `window.postMessage`: the dapp's hello, to the exact secure origin. */
export const HANDSHAKE = '@openmodal-frame/handshake'
export const HANDSHAKE_ACCEPT = '@openmodal-frame/handshake-accept'
export const HANDSHAKE_REFUSE = '@openmodal-frame/handshake-refuse'

export const handshake = v.object({ type: exactly(HANDSHAKE), nonce: id })
/** The frame's answer: accepted (with the port in `event.ports`) or refused (origin not allowed). */
export const handshakeAnswer = v.object({
  type: v.picklist([HANDSHAKE_ACCEPT, HANDSHAKE_REFUSE]),
  nonce: id,
})

export type AppRequest = v.InferOutput<typeof appRequest>
export type FrameReply = v.InferOutput<typeof frameReply>
export type FrameMessage = v.InferOutput<typeof frameMessage>
