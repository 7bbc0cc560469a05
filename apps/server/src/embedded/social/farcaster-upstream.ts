// The client of an upstream Sign In With Farcaster relay (the open-source relay's API, as run at
// relay.farcaster.xyz): a Farcaster wallet app posts its signature to the relay it is set up
// for, not to ours, so in this mode the server opens the login's channel there and reads its
// status from there. The upstream only carries the message: the server checks it itself
// (farcaster.ts `verifySignIn`), exactly as when it is the relay.
import * as v from 'valibot'

/** Every call to the upstream relay gives up after this (a hung relay never holds a login). */
export const UPSTREAM_TIMEOUT_MS = 5_000

/** The upstream relay did not answer, or answered something that is not its API's shape. */
export class UpstreamRelayError extends Error {
  override name = 'UpstreamRelayError'
}

const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)

/** https, or http on this machine (a test's relay): what the QR code may point at, and the relay. */
export const isSafeRelayUrl = (raw: string): boolean => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  return url.protocol === 'https:' || isLoopbackHttp(url)
}

const Token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,128}$/))
/** `POST /v1/channel` → 201 `{ channelToken, url, connectUri?, nonce }`. */
const ChannelAnswer = v.object({
  channelToken: Token,
  url: v.pipe(v.string(), v.maxLength(2048), v.check(isSafeRelayUrl, 'unsafe url')),
  nonce: v.optional(v.string()),
})
/** `GET /v1/channel/status` → 202 while pending, 200 once completed (then closed upstream). */
const PendingAnswer = v.object({ state: v.literal('pending') })
const CompletedAnswer = v.object({
  state: v.literal('completed'),
  message: v.pipe(v.string(), v.maxLength(4096)),
  signature: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{2,4096}$/)),
  fid: v.pipe(v.number(), v.integer(), v.minValue(1)),
  username: v.optional(v.nullable(v.string())),
})

export type UpstreamStatus =
  | { state: 'pending' }
  | {
      state: 'completed'
      message: string
      signature: `0x${string}`
      fid: number
      username?: string
    }
  /** The relay no longer knows the channel (401: expired, or read once already). */
  | { state: 'gone' }

/** The channel fields the server sends (the open-source relay's `CreateChannelRequest`). */
export interface UpstreamChannelRequest {
  siweUri: string
  domain: string
  nonce: string
}

/** A relay client: `open` a channel, read its `status` with the channel token. */
export type UpstreamRelay = ReturnType<typeof upstreamRelay>

/**
 * The client of the relay at `baseUrl` (the part before `/v1/channel`, e.g.
 * `https://relay.farcaster.xyz`); each call gives up after `timeoutMs`.
 *
 * @example
 * const relay = upstreamRelay('https://relay.farcaster.xyz')
 * const { channelToken, url } = await relay.open({ siweUri, domain, nonce })
 */
export function upstreamRelay(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS) {
  const base = baseUrl.replace(/\/+$/, '')
  const call = async (path: string, init: RequestInit) => {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      throw new UpstreamRelayError(`${path}: no answer (${why})`)
    }
    const text = await response.text().catch(() => '')
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: response.status, body }
  }
  const parse = <S extends v.GenericSchema>(schema: S, body: unknown, what: string) => {
    const parsed = v.safeParse(schema, body)
    if (!parsed.success) {
      throw new UpstreamRelayError(`${what}: not the relay's shape (${parsed.issues[0]?.message})`)
    }
    return parsed.output as v.InferOutput<S>
  }
  return {
    /** Opens a channel for `fields`; its `url` is what the visitor's Farcaster app opens. */
    async open(fields: UpstreamChannelRequest): Promise<{ channelToken: string; url: string }> {
      const { status, body } = await call('/v1/channel', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fields),
      })
      if (status !== 201 && status !== 200) {
        throw new UpstreamRelayError(`/v1/channel answered HTTP ${status}`)
      }
      const channel = parse(ChannelAnswer, body, '/v1/channel')
      // The message must carry our nonce: a relay that picked another one is not followed.
      if (channel.nonce !== undefined && channel.nonce !== fields.nonce) {
        throw new UpstreamRelayError('/v1/channel answered another nonce')
      }
      return { channelToken: channel.channelToken, url: channel.url }
    },
    /** Where the channel stands; `completed` is answered once (the relay then closes it). */
    async status(channelToken: string): Promise<UpstreamStatus> {
      const { status, body } = await call('/v1/channel/status', {
        method: 'GET',
        headers: { authorization: `Bearer ${channelToken}` },
      })
      if (status === 401) return { state: 'gone' }
      if (status === 202) {
        parse(PendingAnswer, body, '/v1/channel/status')
        return { state: 'pending' }
      }
      if (status !== 200) throw new UpstreamRelayError(`/v1/channel/status answered HTTP ${status}`)
      const done = parse(CompletedAnswer, body, '/v1/channel/status')
      return {
        state: 'completed',
        message: done.message,
        signature: done.signature as `0x${string}`,
        fid: done.fid,
        ...(done.username ? { username: done.username } : {}),
      }
    },
  }
}
