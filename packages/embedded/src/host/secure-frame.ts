// The host side of the secure frame: created only when asked, a handshake to the exact secure
// origin, then every message on a private MessageChannel port. Window messages count only
// when their source is our iframe's window and their origin the secure origin; replies are
// matched by crypto.randomUUID() ids and checked with the protocol schemas; anything else is
// dropped without a trace on the caller's side.
import { type AlertCode, frameError, kitError, withTimeout } from '@openmodal/core/internal'
import * as v from 'valibot'
import { tryMessage } from '../protocol/check.js'
import { methodKind } from '../protocol/methods.js'
import {
  APP_EVENTS,
  type AppEventPayload,
  type AppEventResult,
  type AppEventType,
  type FrameFeature,
  frameMessage,
  HANDSHAKE,
  HANDSHAKE_ACCEPT,
  handshakeAnswer,
  type LoginStatus,
} from '../protocol/schemas.js'
import { FrameError, ProviderRpcError, replyError, SESSION_EXPIRED_CODES } from './errors.js'
import { DEFAULT_TIMEOUTS, type FrameTimeouts, timeoutOf } from './timeouts.js'

export interface SecureFrameOptions {
  /** The secure site's origin, exactly (`https://secure.example.com`). */
  secureOrigin: string
  projectId: string
  chainId: string | number
  /** The kit's version, passed to the frame. */
  version: string
  enableLogger?: boolean
  /**
   * `passphrase`: the frame offers a recovery passphrase first instead of a passkey. Who can
   * recover a wallet (`non-custodial` or `custodial`) is the project's setting on the server,
   * never the page's.
   */
  recovery?: 'passphrase'
  /** Path of the frame page on the secure origin; default `/frame`. */
  framePath?: string
  /** Spec §9 timeouts; override only in tests. */
  timeouts?: Partial<FrameTimeouts>
  /** Where to report the spec §8 alerts; default the kit's alert store. */
  onAlert?: (error: { readonly alert: AlertCode }) => void
}

interface Pending {
  type: AppEventType
  /** Safe reads cannot be aborted (spec §4). */
  abortable: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** Spec §9: the frame sits above everything, the modal's 999 included. */
export const FRAME_Z_INDEX = 999_999

export interface SecureFrame {
  readonly iframe: HTMLIFrameElement
  /** Resolves once the frame is ready (ready event + 500 ms); rejects with a `FrameError`. */
  readonly ready: Promise<void>
  /**
   * Resolves on the frame's ready event: its port is up and requests may go. The frame answers
   * them in order once its own start is done (they wait in the port's queue meanwhile), so
   * requests need not wait out the 500 ms of `ready`. Rejects as `ready` does.
   */
  readonly answering: Promise<void>
  /** Sends one event and resolves with the frame's checked answer. */
  request<T extends AppEventType>(
    type: T,
    payload: AppEventPayload<T>,
    options?: { signal?: AbortSignal },
  ): Promise<AppEventResult<T>>
  /** Rejects every pending request except safe reads with "Request was aborted". */
  abortPending(): void
  /**
   * Whether the frame named `feature` in its READY event (`changeRecovery`: it answers
   * `CHANGE_RECOVERY`). Resolves once the frame is ready; `false` for a frame that named
   * nothing (an older secure site) or did not load.
   */
  supports(feature: FrameFeature): Promise<boolean>
  /** Listens for the frame showing (`true`) or hiding (`false`) its approval UI. */
  onVisibility(listener: (visible: boolean) => void): () => void
  /**
   * Whether the frame's storage persists across visits: `false` when the browser denies it
   * storage as a third-party frame and did not grant storage access (keys in memory: "this
   * device will be new on every visit"); `undefined` until the frame tells (before ready).
   */
  readonly persistentStorage: boolean | undefined
  /** Listens for changes of `persistentStorage` (a grant after an approval click). */
  onStorage(listener: (persistent: boolean) => void): () => void
  /**
   * Listens for where the e-mail login stands while the visitor types the code in the frame
   * (`waiting`, `sent`, `mail_failed`, `verifying`, `ready`); the code itself never leaves it.
   */
  onLoginStatus(listener: (status: LoginStatus) => void): () => void
  /** Removes the frame and rejects everything still pending. */
  destroy(): void
}

function frameUrl(options: SecureFrameOptions): string {
  const url = new URL(options.framePath ?? '/frame', options.secureOrigin)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', String(options.chainId))
  url.searchParams.set('version', options.version)
  url.searchParams.set('enableLogger', String(options.enableLogger ?? false))
  const recovery: unknown = options.recovery
  if (recovery === 'automatic' || recovery === 'custodial') {
    throw new Error(
      `recovery '${recovery}' is not a page option: operator-held ('custodial') recovery is the project's setting on the server ("recovery": "custodial" in its config)`,
    )
  }
  if (recovery === 'passphrase') url.searchParams.set('recovery', 'passphrase')
  return url.href
}

function setVisible(iframe: HTMLIFrameElement, visible: boolean) {
  iframe.style.visibility = visible ? 'visible' : 'hidden'
  iframe.style.pointerEvents = visible ? 'auto' : 'none'
}

/**
 * `createSecureFrame` with the alert reporter given: what the AUTH connector's lazy module uses,
 * so that it imports no core store (see connector/load.ts).
 */
export function createFrame(
  options: SecureFrameOptions & { onAlert: (error: { readonly alert: AlertCode }) => void },
): SecureFrame {
  const secureOrigin = new URL(options.secureOrigin).origin
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const report = options.onAlert
  const pending = new Map<string, Pending>()
  const visibility = new Set<(visible: boolean) => void>()
  const storage = new Set<(persistent: boolean) => void>()
  const loginStatus = new Set<(status: LoginStatus) => void>()
  let persistentStorage: boolean | undefined
  let features: readonly string[] = []
  const nonce = crypto.randomUUID()
  let port: MessagePort | undefined
  let destroyed = false

  const iframe = document.createElement('iframe')
  iframe.src = frameUrl(options)
  iframe.title = 'Secure wallet'
  // The recovery passkey is the secure origin's (WebAuthn in a cross-origin frame needs this).
  iframe.allow = `publickey-credentials-get ${secureOrigin}; publickey-credentials-create ${secureOrigin}`
  iframe.setAttribute('aria-hidden', 'true')
  iframe.style.cssText = `position:fixed;inset:0;width:100%;height:100%;border:0;background:transparent;z-index:${FRAME_Z_INDEX};color-scheme:normal`
  setVisible(iframe, false)

  let markReadyEvent: () => void = () => {}
  const readyEvent = new Promise<void>((resolve) => {
    markReadyEvent = resolve
  })
  let failHandshake: (error: FrameError) => void = () => {}
  const handshakeFailed = new Promise<never>((_, reject) => {
    failHandshake = reject
  })

  function onPortMessage(event: MessageEvent) {
    const message = tryMessage(frameMessage, event.data)
    if (!message) return
    if ('event' in message) {
      if (message.event === 'READY') {
        features = message.features ?? []
        markReadyEvent()
      } else if (message.event === 'LOGIN') {
        for (const listener of loginStatus) listener(message.status)
      } else if (message.event === 'STORAGE') {
        persistentStorage = message.persistent
        for (const listener of storage) listener(message.persistent)
      } else {
        const visible = message.event === 'SHOW'
        setVisible(iframe, visible)
        iframe.toggleAttribute('aria-hidden', !visible)
        for (const listener of visibility) listener(visible)
      }
      return
    }
    const entry = pending.get(message.id)
    if (!entry) return // unknown id: dropped
    pending.delete(message.id)
    if (message.status === 'ERROR') {
      // Spec §8 "Session Expired": a request the login session no longer covers. Not for the
      // checks that ask whether one exists (a stale login is forgotten silently, spec §4).
      const { errorCode } = message.payload
      if (
        errorCode &&
        SESSION_EXPIRED_CODES.has(errorCode) &&
        entry.type !== 'IS_CONNECTED' &&
        entry.type !== 'SIGN_OUT'
      ) {
        report({ alert: 'SESSION_EXPIRED' })
      }
      entry.reject(replyError(message.payload))
      return
    }
    const result = v.safeParse(APP_EVENTS[entry.type].result, message.payload)
    if (result.success) entry.resolve(result.output)
    else entry.reject(replyError({ message: `Invalid ${entry.type} answer from the frame` }))
  }

  function onWindowMessage(event: MessageEvent) {
    // Only our frame's window, from the exact secure origin, in answer to our own nonce.
    if (event.source !== iframe.contentWindow || event.origin !== secureOrigin) return
    const answer = tryMessage(handshakeAnswer, event.data)
    if (!answer || answer.nonce !== nonce || port) return
    window.removeEventListener('message', onWindowMessage)
    if (answer.type !== HANDSHAKE_ACCEPT) {
      failHandshake(new FrameError('unverified_domain', `${location.origin} is not allowed`))
      return
    }
    const [received] = event.ports
    if (!received) return
    port = received
    port.onmessage = onPortMessage
  }

  window.addEventListener('message', onWindowMessage)
  iframe.addEventListener('load', () => {
    if (!port) iframe.contentWindow?.postMessage({ type: HANDSHAKE, nonce }, secureOrigin)
  })
  document.body.append(iframe)

  const ready = withTimeout(
    Promise.race([
      readyEvent.then(
        () => new Promise<void>((resolve) => setTimeout(resolve, timeouts.readyDelay)),
      ),
      handshakeFailed,
    ]),
    {
      timeout: timeouts.load,
      errorInstance: new FrameError('iframe_load_failed', `no ready event in ${timeouts.load} ms`),
    },
  )
  // The ready event, or the failure of `ready` (no handshake, the load timeout) if first.
  const answering = Promise.race([readyEvent, ready])
  answering.catch(() => undefined)
  ready.catch((error: unknown) => {
    if (destroyed) return
    if (error instanceof FrameError) report(error)
    rejectAll(error, () => true)
  })

  function rejectAll(error: unknown, which: (entry: Pending) => boolean) {
    for (const [id, entry] of pending) {
      if (!which(entry)) continue
      pending.delete(id)
      entry.reject(error)
    }
  }

  async function request<T extends AppEventType>(
    type: T,
    payload: AppEventPayload<T>,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<AppEventResult<T>> {
    // The payload is checked here too: a bad input fails at the caller with the schema's words.
    const checked = v.safeParse(APP_EVENTS[type].payload, payload)
    if (!checked.success) {
      const [issue] = checked.issues
      // Spec §5: an invalid e-mail is the coded EMAIL_INVALID ("Invalid email").
      if (issue?.path?.[0]?.key === 'email') throw frameError('EMAIL_INVALID')
      throw new ProviderRpcError(-32602, issue?.message ?? 'Invalid params')
    }
    await answering
    if (destroyed || !port) throw new FrameError('iframe_load_failed', 'the frame was removed')
    const kind =
      type === 'RPC_REQUEST' ? methodKind((payload as { method: string }).method) : 'safe'
    const id = crypto.randomUUID()
    const answer = new Promise<unknown>((resolve, reject) => {
      pending.set(id, {
        type,
        abortable: type !== 'RPC_REQUEST' || kind !== 'safe',
        resolve,
        reject,
      })
    })
    port.postMessage({ id, type, payload: checked.output })
    const timeout = timeoutOf(type, timeouts, kind === 'unsafe')
    const timedOut = new FrameError('iframe_request_timeout', `${type}: no answer in ${timeout} ms`)
    try {
      return (await withTimeout(answer, {
        timeout,
        errorInstance: timedOut,
        ...(signal ? { signal } : {}),
      })) as AppEventResult<T>
    } catch (error) {
      pending.delete(id)
      if (error === timedOut && type !== 'SIGN_OUT') report(timedOut)
      throw error
    }
  }

  return {
    iframe,
    ready,
    answering,
    request,
    abortPending() {
      rejectAll(kitError('REQUEST_ABORTED'), (entry) => entry.abortable)
    },
    supports: (feature) =>
      ready.then(
        () => features.includes(feature),
        () => false,
      ),
    onVisibility(listener) {
      visibility.add(listener)
      return () => visibility.delete(listener)
    },
    get persistentStorage() {
      return persistentStorage
    },
    onStorage(listener) {
      storage.add(listener)
      return () => storage.delete(listener)
    },
    onLoginStatus(listener) {
      loginStatus.add(listener)
      return () => loginStatus.delete(listener)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      window.removeEventListener('message', onWindowMessage)
      port?.close()
      iframe.remove()
      rejectAll(kitError('REQUEST_ABORTED', { details: 'the frame was removed' }), () => true)
    },
  }
}
