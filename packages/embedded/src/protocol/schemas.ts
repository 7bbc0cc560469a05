// The frame protocol (spec §7): every event the dapp sends the secure frame and every reply,
// as valibot schemas. Both sides check every message with them: the host checks replies and
// frame events, the frame checks requests. Sizes are capped before any schema runs.
import * as v from 'valibot'

/** Whole messages are capped at 1 MiB of JSON (a large calldata fits; a flood does not). */
export const MAX_MESSAGE_BYTES = 1_048_576
/** RFC 5321 caps an address at 254 characters. */
const MAX_EMAIL = 254

const email = v.pipe(v.string(), v.trim(), v.maxLength(MAX_EMAIL), v.email('Invalid email'))
const otp = v.pipe(v.string(), v.regex(/^\d{6}$/, 'Invalid code'))
const chainId = v.union([
  v.pipe(v.number(), v.integer(), v.minValue(1)),
  v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
])
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
  email: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(MAX_EMAIL)))),
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
  params: v.optional(v.unknown()),
})

/**
 * Each app event (spec §7): its payload schema and its success payload schema.
 */
export const APP_EVENTS = {
  SWITCH_NETWORK: { payload: v.object({ chainId }), result: v.object({ chainId }) },
  CONNECT_EMAIL: { payload: v.object({ email }), result: v.object({ action: frameAction }) },
  CONNECT_DEVICE: { payload: empty, result: empty },
  CONNECT_OTP: { payload: v.object({ otp }), result: empty },
  CONNECT_SOCIAL: {
    payload: v.object({
      uri: v.pipe(v.string(), v.maxLength(4096)),
      preferredAccountType: v.optional(accountType),
      chainId: v.optional(chainId),
    }),
    result: embeddedUser,
  },
  GET_FARCASTER_URI: { payload: empty, result: v.object({ url: v.pipe(v.string(), v.url()) }) },
  CONNECT_FARCASTER: { payload: empty, result: v.object({ userName: v.string() }) },
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
      provider: v.picklist(['google', 'github', 'apple', 'facebook', 'x', 'discord']),
    }),
    result: v.object({ uri: v.pipe(v.string(), v.url()) }),
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
  RPC_REQUEST: { payload: rpcRequest, result: v.object({ result: v.unknown() }) },
  UPDATE_EMAIL: { payload: v.object({ email }), result: v.object({ action: frameAction }) },
  UPDATE_EMAIL_PRIMARY_OTP: {
    payload: v.object({ otp }),
    result: v.object({ action: frameAction }),
  },
  UPDATE_EMAIL_SECONDARY_OTP: { payload: v.object({ otp }), result: v.object({ newEmail: email }) },
  SYNC_THEME: {
    payload: v.object({
      themeMode: v.optional(v.picklist(['light', 'dark'])),
      themeVariables: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
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
const id = v.pipe(v.string(), v.uuid())

/** A request of the dapp on the port: `{ id, type, payload }`; the payload is checked by type. */
export const appRequest = v.object({
  id,
  type: v.picklist(APP_EVENT_TYPES),
  payload: v.unknown(),
})

/** The frame's answer to one request (spec §7: SUCCESS or ERROR, an error carries a message). */
export const frameReply = v.variant('status', [
  v.object({ id, status: v.literal('SUCCESS'), payload: v.unknown() }),
  v.object({
    id,
    status: v.literal('ERROR'),
    payload: v.object({
      message: v.optional(v.pipe(v.string(), v.maxLength(1024))),
      /** An EIP-1193 / JSON-RPC error code, when the error is one. */
      code: v.optional(v.number()),
      /** The server's error code (`INVALID_OTP`, `RATE_LIMITED`…), when the server refused. */
      errorCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Z][A-Z_]{0,39}$/))),
    }),
  }),
])

/**
 * Events the frame sends unasked: ready, show / hide around its approval UI, and whether its
 * storage persists (`persistent: false`: keys in memory, this device is new on every visit).
 */
export const frameEvent = v.union([
  v.object({ event: v.picklist(['READY', 'SHOW', 'HIDE']) }),
  v.object({ event: v.literal('STORAGE'), persistent: v.boolean() }),
])

/** What the frame can put on the port. */
export const frameMessage = v.union([frameReply, frameEvent])

/** Handshake on `window.postMessage`: the dapp's hello, to the exact secure origin. */
export const HANDSHAKE = '@openmodal-frame/handshake'
export const HANDSHAKE_ACCEPT = '@openmodal-frame/handshake-accept'
export const HANDSHAKE_REFUSE = '@openmodal-frame/handshake-refuse'

export const handshake = v.object({ type: v.literal(HANDSHAKE), nonce: id })
/** The frame's answer: accepted (with the port in `event.ports`) or refused (origin not allowed). */
export const handshakeAnswer = v.object({
  type: v.picklist([HANDSHAKE_ACCEPT, HANDSHAKE_REFUSE]),
  nonce: id,
})

export type AppRequest = v.InferOutput<typeof appRequest>
export type FrameReply = v.InferOutput<typeof frameReply>
export type FrameMessage = v.InferOutput<typeof frameMessage>
