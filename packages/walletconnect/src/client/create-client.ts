// The dapp side of WalletConnect: one sign-client, its pairing URIs (renewed before they
// expire, spec §4), its session (persisted and restored by sign-client's storage) and the
// session's events. sign-client itself is loaded with `import()` inside
// `createWalletConnectClient`, so importing this module costs nothing.
import {
  type CaipNetwork,
  createEmitter,
  isUserRejection,
  kitError,
  withTimeout,
} from '@openmodal/core/internal'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { type Clock, systemClock } from '../utils/clock.js'
import { toRpcError } from '../utils/rpc-error.js'
import { authenticate, canAuthenticate, type OneClickSiwx } from './authenticate.js'
import {
  DEFAULT_RELAY_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
} from './constants.js'
import { buildNamespaces } from './namespaces.js'

type SignClient = Awaited<
  ReturnType<typeof import('@walletconnect/sign-client')['SignClient']['init']>
>

/** The storage sign-client persists to (its `IKeyValueStorage`). */
export interface KeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export interface WalletConnectClientOptions {
  projectId: string
  /** The networks to ask wallets for (eip155, solana and bip122 ones are used). */
  networks: readonly CaipNetwork[]
  metadata: SignClientTypes.Metadata
  /** Default: the public relay (`DEFAULT_RELAY_URL`). */
  relayUrl?: string
  /** WalletConnect's telemetry (pulse.walletconnect.org). Default false. */
  telemetry?: boolean
  /**
   * The Verify API (verify.walletconnect.org) that tells wallets the page's attested origin.
   * Default false: the kit calls no host the dapp did not configure, and a self-hosted relay
   * does not need it (wallets then show the origin as unverified). `true` turns it on; offline
   * it costs a 5 s wait per connect and request in browsers.
   */
  verify?: boolean
  /** Default: sign-client's own (IndexedDB in browsers). */
  storage?: KeyValueStorage
  /** Keeps two clients of one page or process apart. */
  customStoragePrefix?: string
  /** Time source of pairing expiry (tests fake it). */
  clock?: Clock
  /** How long a request waits for the wallet (default 5 minutes). */
  requestTimeoutMs?: number
  /** sign-client's log level (default 'silent': errors reach the caller instead). */
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
  /**
   * The host's SIWX config at pairing time, if any: with one, a proposal for eip155 networks
   * only is a one-click auth (sign-client `authenticate`, CAIP-222), whose Cacaos become the
   * config's sessions. A wallet without the feature answers the fallback proposal.
   */
  siwx?: (() => OneClickSiwx | undefined | Promise<OneClickSiwx | undefined>) | undefined
}

export interface PairingUri {
  uri: string
  /** Epoch ms; `isPairingExpired` says when to stop showing it. */
  expiresAt: number
}

export type DisconnectReason = 'deleted' | 'expired' | 'local'

export interface WalletConnectEvents {
  /** A new pairing URI to show (the first one and every renewal). */
  uri: PairingUri
  connect: { session: SessionTypes.Struct }
  /** The session's accounts of a namespace changed (CAIP-10). */
  accountsChanged: { namespace: string; accounts: readonly string[] }
  /** The wallet moved to another chain (CAIP-2). */
  chainChanged: { chainId: string }
  disconnect: { reason: DisconnectReason }
  /** The relay socket dropped or came back. */
  relay: { connected: boolean }
}

export interface ConnectParameters {
  /** Default: the client's networks. */
  networks?: readonly CaipNetwork[]
  /** Aborting stops renewing URIs and rejects with "Modal closed". */
  signal?: AbortSignal
}

export interface WalletConnectClient {
  /** The underlying sign-client, for what this wrapper does not cover. */
  readonly signClient: SignClient
  /** The current session (restored from storage at creation), if any. */
  readonly session: SessionTypes.Struct | undefined
  /** The pairing URI being shown, if a connect is under way. */
  readonly pairing: PairingUri | undefined
  /**
   * Proposes a session and resolves when a wallet approves it. The URI comes through the
   * `uri` event and is renewed without user action while fewer than 10 s of its 4 minutes
   * are left. A wallet's refusal rejects with "Connection rejected".
   */
  connect(params?: ConnectParameters): Promise<SessionTypes.Struct>
  /** Sends a request to the wallet on `chainId` (CAIP-2). */
  request<T = unknown>(args: { chainId: string; method: string; params?: unknown }): Promise<T>
  /** CAIP-10 accounts of the session in `namespace`. */
  getAccounts(namespace: string): readonly string[]
  /** Ends the session (telling the wallet) and forgets it. */
  disconnect(): Promise<void>
  on<E extends keyof WalletConnectEvents>(
    event: E,
    listener: (payload: WalletConnectEvents[E]) => void,
  ): () => void
  /** Closes the relay socket and timers; the client is unusable afterwards. */
  close(): Promise<void>
}

/**
 * Whether a pairing URI should no longer be shown: under 10 s of its life left (spec §4).
 *
 * @example isPairingExpired({ uri, expiresAt: Date.now() + 5_000 }) // true
 */
export function isPairingExpired(pairing: PairingUri, now = Date.now()): boolean {
  return pairing.expiresAt - now < PAIRING_EXPIRY_MARGIN_MS
}

// sign-client 2.25 waits 15 s for a publish's ack before it queues it for the next heartbeat
// (5 s). A publish written into a socket the relay just dropped is never acked, so a request
// sent at that moment waited ~18 s. 3 s is still far above a relay's ack time; a publish
// retried twice is deduplicated by the receiver (same message).
const PUBLISH_ACK_TIMEOUT_MS = 3_000

/**
 * Creates the WalletConnect client: loads sign-client, connects it to `relayUrl` and restores
 * a stored session. Telemetry is off unless asked for.
 *
 * @example
 * const wc = await createWalletConnectClient({ projectId, networks: [mainnet], metadata })
 * wc.on('uri', ({ uri }) => showQrCode(uri))
 * const session = await wc.connect()
 */
export async function createWalletConnectClient(
  options: WalletConnectClientOptions,
): Promise<WalletConnectClient> {
  if (!options.projectId) throw kitError('FAILED_TO_CONNECT', { details: 'projectId is required' })
  const clock = options.clock ?? systemClock
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const { SignClient } = await import('@walletconnect/sign-client')
  const signClient = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl ?? DEFAULT_RELAY_URL,
    metadata: options.metadata,
    telemetryEnabled: options.telemetry ?? false,
    logger: options.logLevel ?? 'silent',
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.customStoragePrefix ? { customStoragePrefix: options.customStoragePrefix } : {}),
  })
  if (options.verify !== true) {
    signClient.core.verify.register = async () => ''
    // No attestation: wallets show the origin as unverified, as when Verify is unreachable.
    signClient.core.verify.resolve = (async () =>
      undefined) as unknown as typeof signClient.core.verify.resolve
  }
  const publisher = signClient.core.relayer.publisher as unknown as {
    initialPublishTimeout?: number
  }
  if (typeof publisher.initialPublishTimeout === 'number') {
    publisher.initialPublishTimeout = PUBLISH_ACK_TIMEOUT_MS
  }

  const events = createEmitter<WalletConnectEvents>()
  const { emit } = events

  const isLive = (s: SessionTypes.Struct) => s.expiry * 1000 > Date.now()
  // The most recent live session is ours; older ones (another tab's) stay untouched.
  let session: SessionTypes.Struct | undefined = signClient.session
    .getAll()
    .filter(isLive)
    .sort((a, b) => b.expiry - a.expiry)[0]
  let pairing: PairingUri | undefined
  let closed = false

  const end = (reason: DisconnectReason) => {
    if (!session) return
    session = undefined
    emit('disconnect', { reason })
  }

  const onSessionEvent = ({ topic, params }: SignClientTypes.EventArguments['session_event']) => {
    if (topic !== session?.topic) return
    const { name, data } = params.event
    const [namespace = ''] = params.chainId.split(':')
    if (name === 'chainChanged') {
      const chainId = normalizeChainId(namespace, data) ?? params.chainId
      emit('chainChanged', { chainId })
    } else if (name === 'accountsChanged' && Array.isArray(data)) {
      const accounts = data
        .filter((a): a is string => typeof a === 'string')
        .map((a) => (a.includes(':') ? a : `${params.chainId}:${a}`))
      emit('accountsChanged', { namespace, accounts })
    } else if (name === 'bip122_addressesChanged' && Array.isArray(data)) {
      // WalletConnect's Bitcoin event lists address objects ({ address, … }) or strings.
      const accounts = data
        .map((a: unknown) => (typeof a === 'string' ? a : (a as { address?: unknown })?.address))
        .filter((a): a is string => typeof a === 'string')
        .map((a) => (a.includes(':') ? a : `${params.chainId}:${a}`))
      emit('accountsChanged', { namespace, accounts })
    }
  }
  const onSessionUpdate = ({ topic }: SignClientTypes.EventArguments['session_update']) => {
    if (topic !== session?.topic) return
    const before = session
    session = signClient.session.get(topic)
    for (const [namespace, ns] of Object.entries(session.namespaces)) {
      const old = before.namespaces[namespace]?.accounts ?? []
      if (old.join() !== ns.accounts.join()) {
        emit('accountsChanged', { namespace, accounts: ns.accounts })
      }
    }
  }
  const onSessionDelete = ({ topic }: { topic: string }) => {
    if (topic === session?.topic) end('deleted')
  }
  const onSessionExpire = ({ topic }: { topic: string }) => {
    if (topic === session?.topic) end('expired')
  }
  const onRelayConnect = () => emit('relay', { connected: true })
  const onRelayDisconnect = () => emit('relay', { connected: false })
  signClient.on('session_event', onSessionEvent)
  signClient.on('session_update', onSessionUpdate)
  signClient.on('session_delete', onSessionDelete)
  signClient.on('session_expire', onSessionExpire)
  signClient.core.relayer.on('relayer_connect', onRelayConnect)
  signClient.core.relayer.on('relayer_disconnect', onRelayDisconnect)

  /** One proposal; resolves with its session, or `undefined` when its URI expired first. */
  const propose = async (
    networks: readonly CaipNetwork[],
    signal: AbortSignal | undefined,
  ): Promise<SessionTypes.Struct | undefined> => {
    const siwx = canAuthenticate(networks) ? await options.siwx?.() : undefined
    const { uri, approval } = siwx
      ? await authenticate(signClient, siwx, networks)
      : await signClient.connect({ optionalNamespaces: buildNamespaces(networks) })
    if (!uri) throw kitError('FAILED_TO_CONNECT', { details: 'sign-client made no pairing URI' })
    const pairingTopic = uri.slice(3, uri.indexOf('@'))
    const current: PairingUri = { uri, expiresAt: clock.now() + PAIRING_EXPIRY_MS }
    pairing = current
    emit('uri', current)
    let timer: unknown
    let onAbort: (() => void) | undefined
    let abandoned = false
    const approved = approval()
    try {
      return await Promise.race([
        approved,
        new Promise<undefined>((resolve) => {
          timer = clock.setTimeout(
            () => {
              abandoned = true
              resolve(undefined)
            },
            current.expiresAt - PAIRING_EXPIRY_MARGIN_MS - clock.now(),
          )
        }),
        new Promise<never>((_, reject) => {
          onAbort = () => {
            abandoned = true
            reject(kitError('MODAL_CLOSED'))
          }
          if (signal?.aborted) onAbort()
          signal?.addEventListener('abort', onAbort)
        }),
      ])
    } catch (error) {
      // The wallet refused the proposal (WalletConnect's 5000-5199 codes).
      if (isUserRejection(error)) throw kitError('CONNECTION_REJECTED', { cause: error })
      throw error
    } finally {
      clock.clearTimeout(timer)
      if (onAbort) signal?.removeEventListener('abort', onAbort)
      if (pairing === current) pairing = undefined
      if (abandoned) abandon(approved, pairingTopic)
    }
  }

  /** An expired or aborted proposal must not become a session later (an old QR scanned late). */
  const abandon = (approved: Promise<SessionTypes.Struct>, pairingTopic: string) => {
    approved.then(
      (late) => {
        void signClient
          .disconnect({ topic: late.topic, reason: { code: 6000, message: 'Expired URI' } })
          .catch(() => undefined)
      },
      () => undefined,
    )
    // Expire it now as sign-client would in 5 minutes: its approval timer and keys go too. The
    // unused pairing itself expires with sign-client's expirer (telling no peer: none joined).
    for (const proposal of signClient.proposal.getAll()) {
      if (proposal.pairingTopic === pairingTopic) {
        signClient.events.emit('proposal_expire', { id: proposal.id })
      }
    }
  }

  const client: WalletConnectClient = {
    signClient,
    get session() {
      return session
    },
    get pairing() {
      return pairing
    },

    async connect({ networks = options.networks, signal } = {}) {
      if (closed) throw kitError('FAILED_TO_CONNECT', { details: 'The client is closed' })
      for (;;) {
        const approved = await propose(networks, signal)
        if (!approved) continue
        session = approved
        emit('connect', { session: approved })
        return approved
      }
    },

    async request<T>({
      chainId,
      method,
      params,
    }: {
      chainId: string
      method: string
      params?: unknown
    }) {
      const current = session
      if (!current) throw kitError('CONNECTOR_NOT_CONNECTED')
      const ended = new AbortController()
      const off = client.on('disconnect', () =>
        ended.abort(kitError('CONNECTOR_NOT_CONNECTED', { details: 'The session ended' })),
      )
      try {
        return await withTimeout(
          signClient.request<T>({
            topic: current.topic,
            chainId,
            request: { method, params: params ?? [] },
          }),
          {
            timeout: requestTimeoutMs,
            signal: ended.signal,
            errorInstance: kitError('REQUEST_ABORTED', {
              details: `WalletConnect: no answer to ${method} within ${requestTimeoutMs} ms`,
            }),
          },
        )
      } catch (thrown) {
        throw toRpcError(thrown)
      } finally {
        off()
      }
    },

    getAccounts(namespace) {
      return session?.namespaces[namespace]?.accounts ?? []
    },

    async disconnect() {
      const current = session
      if (!current) return
      end('local')
      await signClient
        .disconnect({ topic: current.topic, reason: { code: 6000, message: 'User disconnected.' } })
        .catch(() => undefined)
    },

    on: events.on,

    async close() {
      if (closed) return
      closed = true
      signClient.off('session_event', onSessionEvent)
      signClient.off('session_update', onSessionUpdate)
      signClient.off('session_delete', onSessionDelete)
      signClient.off('session_expire', onSessionExpire)
      signClient.core.relayer.off('relayer_connect', onRelayConnect)
      signClient.core.relayer.off('relayer_disconnect', onRelayDisconnect)
      signClient.core.heartbeat.stop()
      await signClient.core.relayer.transportClose().catch(() => undefined)
      // sign-client keeps one Core per storage prefix in a global; a closed one must not be
      // handed to the next client (it would skip reading the storage).
      const key = `_walletConnectCore_${options.customStoragePrefix ?? ''}`
      const globals = globalThis as Record<string, unknown>
      if (globals[key] === signClient.core) {
        delete globals[key]
        delete globals[`${key}_count`]
      }
    },
  }
  return client
}

/** A chain id from a session event (number, hex or CAIP-2) as CAIP-2. */
function normalizeChainId(namespace: string, data: unknown): string | undefined {
  if (typeof data === 'number' && Number.isSafeInteger(data)) return `${namespace}:${data}`
  if (typeof data !== 'string' || data === '') return undefined
  if (data.includes(':')) return data
  if (/^0x[0-9a-f]+$/i.test(data)) return `${namespace}:${Number(data)}`
  return `${namespace}:${data}`
}
