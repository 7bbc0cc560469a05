// The wallet side of WalletConnect for tests: a real `@walletconnect/sign-client` in Node that
// pairs from a URI, approves or rejects proposals and answers session requests. eip155 requests
// are signed by the EVM dev wallet (viem, anvil's keys) and sent to the chain's RPC URL; other
// namespaces plug in through `namespaces` (the extension point for a Solana dev wallet).
// One-click auth (sign-client `authenticate`, CAIP-222): the wallet answers
// `wc_sessionAuthenticate` with a Cacao signed by the EVM dev wallet, or, with
// `oneClickAuth: false`, leaves it unanswered like a wallet without the feature, so the dapp's
// fallback session proposal is used.
import { SignClient } from '@walletconnect/sign-client'
import type { AuthTypes, ProposalTypes, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import type { Hex } from 'viem'
import { createDevWallet, type DevWallet, type DevWalletChain } from '../evm/dev-wallet.js'
import { ProviderRpcError, RPC_ERROR_CODES } from '../evm/provider-error.js'
import { MemoryStorage } from './memory-storage.js'

/** What the wallet does with a session proposal. */
export type ProposalMode = 'approve' | 'reject' | 'manual'

/** A session request as the harness hands it to a namespace wallet. */
export interface NamespaceRequest {
  method: string
  params: unknown
  /** CAIP-2, e.g. `eip155:31337` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: string
  topic: string
}

/**
 * One namespace of the wallet. The harness builds `eip155` from the EVM dev wallet; give
 * others here (e.g. `solana` over a Solana dev wallet) and their requests are routed to them.
 */
export interface NamespaceWallet {
  /** Methods it answers (the session grants the proposal's ones among these). */
  readonly methods: readonly string[]
  /** Events it may emit. */
  readonly events: readonly string[]
  /** Whether it can serve this CAIP-2 chain. */
  supportsChain(chainId: string): boolean
  /** The CAIP-10 accounts it exposes on `chainId`. */
  accounts(chainId: string): readonly string[]
  /** Answers a request; throw an error with a numeric `code` to answer an RPC error. */
  request(request: NamespaceRequest): Promise<unknown>
}

export interface WalletHarnessOptions {
  /** The local relay (`startRelay().url`); the harness never reaches the public relay. */
  relayUrl: string
  /** Chains the EVM dev wallet signs for (anvil RPC URLs). */
  chains: readonly DevWalletChain[]
  /** Indexes of anvil's keys to expose (default `[0]`). */
  accounts?: readonly number[]
  /** Default `'approve'`. */
  proposalMode?: ProposalMode
  /** Extra (or replacement) namespaces, e.g. `{ solana: solanaNamespaceWallet(…) }`. */
  namespaces?: Readonly<Record<string, NamespaceWallet>>
  projectId?: string
  /** Default: a unique prefix per harness (two clients in a process must not share a Core). */
  customStoragePrefix?: string
  metadata?: SignClientTypes.Metadata
  /**
   * Whether the wallet supports one-click auth (`wc_sessionAuthenticate`): it then answers an
   * `authenticate` request per `proposalMode` with a Cacao of its first account on the first
   * requested chain it knows. `false`: a wallet without it (the dapp falls back to the
   * session proposal). Default true.
   */
  oneClickAuth?: boolean
}

/** A one-click auth request as the harness received it, with the Cacaos it answered. */
export interface HarnessAuthRequest {
  id: number
  /** What the dapp asked to sign (domain, aud, nonce, chains, statement, resources, …). */
  authPayload: AuthTypes.PayloadParams
  /** The signed Cacaos sent back (none when rejected). */
  cacaos: AuthTypes.Cacao[]
}

export interface HarnessRequest {
  id: number
  topic: string
  method: string
  params: unknown
  chainId: string
  /** The answer sent: a result, or `{ code, message }` for an error. */
  outcome?: { result: unknown } | { error: { code: number; message: string } }
}

export interface WalletHarness {
  /** The wallet's sign-client (a real one). */
  readonly client: InstanceType<typeof SignClient>
  /** The EVM dev wallet that signs eip155 requests. */
  readonly evm: DevWallet
  /** Proposals received, in order. */
  readonly proposals: readonly ProposalTypes.Struct[]
  /** Session requests received, in order, with the answer sent. */
  readonly requests: readonly HarnessRequest[]
  /** One-click auth requests received (`oneClickAuth`), in order. */
  readonly authRequests: readonly HarnessAuthRequest[]
  /** Active sessions. */
  readonly sessions: readonly SessionTypes.Struct[]
  proposalMode: ProposalMode
  /** Pairs with a dapp's `wc:` URI; the proposal then follows `proposalMode`. */
  pair(uri: string): Promise<void>
  /** Resolves with the next proposal (or one received already and not yet awaited). */
  nextProposal(timeoutMs?: number): Promise<ProposalTypes.Struct>
  /** Approves a proposal (`manual` mode): requested chains this wallet knows, all accounts. */
  approve(proposal: ProposalTypes.Struct): Promise<SessionTypes.Struct>
  /** Rejects a proposal with WalletConnect's `USER_REJECTED` (5000). */
  reject(proposal: ProposalTypes.Struct): Promise<void>
  /** Resolves with the next settled session. */
  nextSession(timeoutMs?: number): Promise<SessionTypes.Struct>
  /** The next request (of `method`, if given) is answered with this error code (default 4001). */
  rejectNextRequest(code?: number, method?: string): void
  /** Every later request waits this long before it is answered (0 turns it off). */
  setResponseDelay(ms: number): void
  /** Exposes these anvil key indexes, updates the sessions and emits `accountsChanged`. */
  setAccounts(indexes: readonly number[]): Promise<void>
  /** Switches the EVM wallet's chain and emits `chainChanged` to the sessions. */
  switchChain(chainId: number): Promise<void>
  /** Ends a session (default: every session) with `USER_DISCONNECTED`. */
  disconnect(topic?: string): Promise<void>
  /** Closes the relay socket and stops the heartbeat; the harness is unusable afterwards. */
  close(): Promise<void>
}

export const EIP155_WALLET_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
] as const

export const EIP155_WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const

const DEFAULT_METADATA: SignClientTypes.Metadata = {
  name: 'OpenModal Test Wallet',
  description: 'The wallet side of OpenModal tests',
  url: 'http://127.0.0.1',
  icons: [],
}

let harnessCount = 0

const chainNumber = (caip: string) => Number(caip.split(':')[1])
const toHex = (n: number) => `0x${n.toString(16)}`

function waiter<T>(
  queue: T[],
  waiters: Set<(value: T) => void>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const ready = queue.shift()
  if (ready !== undefined) return Promise.resolve(ready)
  return new Promise((resolve, reject) => {
    const done = (value: T) => {
      clearTimeout(timer)
      waiters.delete(done)
      resolve(value)
    }
    const timer = setTimeout(() => {
      waiters.delete(done)
      reject(new Error(`wallet harness: no ${what} within ${timeoutMs} ms`))
    }, timeoutMs)
    waiters.add(done)
  })
}

function deliver<T>(queue: T[], waiters: Set<(value: T) => void>, value: T) {
  const first = waiters.values().next()
  if (first.done) queue.push(value)
  else first.value(value)
}

/**
 * The eip155 namespace over the EVM dev wallet. A WalletConnect request names its chain, so
 * `align` first moves the wallet to that chain (without telling the dapp).
 */
function eip155Namespace(
  evm: DevWallet,
  known: ReadonlySet<number>,
  align: (chainId: number) => Promise<void>,
): NamespaceWallet {
  return {
    methods: EIP155_WALLET_METHODS,
    events: EIP155_WALLET_EVENTS,
    supportsChain: (chainId) => chainId.startsWith('eip155:') && known.has(chainNumber(chainId)),
    accounts: (chainId) => evm.addresses.map((address) => `${chainId}:${address}`),
    async request({ method, params, chainId }) {
      if (method !== 'wallet_switchEthereumChain') await align(chainNumber(chainId))
      return evm.request({ method, params })
    },
  }
}

/**
 * Starts a wallet: a real sign-client on `relayUrl` with in-memory storage, telemetry off,
 * Verify stubbed (it would call verify.walletconnect.org) and a silent logger.
 *
 * @example
 * const relay = await startRelay()
 * const wallet = await createWalletHarness({
 *   relayUrl: relay.url,
 *   chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
 * })
 * await wallet.pair(uri) // the dapp's approval promise now resolves
 * await wallet.close()
 */
export async function createWalletHarness(options: WalletHarnessOptions): Promise<WalletHarness> {
  const evm = createDevWallet({
    chains: options.chains,
    ...(options.accounts ? { accounts: options.accounts } : {}),
  })
  evm.setAuthorized(true)
  let quiet = false
  const align = async (chainId: number) => {
    if (evm.chainId === chainId) return
    quiet = true
    try {
      await evm.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: toHex(chainId) }],
      })
    } finally {
      quiet = false
    }
  }
  const known = new Set(options.chains.map((c) => c.id))
  const namespaces: Record<string, NamespaceWallet> = {
    eip155: eip155Namespace(evm, known, align),
    ...options.namespaces,
  }

  const prefix = options.customStoragePrefix ?? `openmodal-wallet-${++harnessCount}-${Date.now()}`
  const client = await SignClient.init({
    projectId: options.projectId ?? 'openmodal-test',
    relayUrl: options.relayUrl,
    customStoragePrefix: prefix,
    storage: new MemoryStorage(),
    telemetryEnabled: false,
    logger: 'silent',
    metadata: options.metadata ?? DEFAULT_METADATA,
  })
  // Offline, Verify would fetch verify.walletconnect.org for every proposal and request.
  client.core.verify.register = async () => ''
  // An unknown origin (validation UNKNOWN), as when the Verify server cannot be reached.
  client.core.verify.resolve = (async () =>
    undefined) as unknown as typeof client.core.verify.resolve

  const proposals: ProposalTypes.Struct[] = []
  const proposalQueue: ProposalTypes.Struct[] = []
  const proposalWaiters = new Set<(p: ProposalTypes.Struct) => void>()
  const sessionQueue: SessionTypes.Struct[] = []
  const sessionWaiters = new Set<(s: SessionTypes.Struct) => void>()
  const requests: HarnessRequest[] = []
  const authRequests: HarnessAuthRequest[] = []
  const faults: { code: number; method?: string }[] = []
  let responseDelay = 0
  let closed = false

  /** The namespaces to grant: requested chains this wallet serves, and its methods. */
  const grant = (proposal: ProposalTypes.Struct): SessionTypes.Namespaces => {
    const requested: Record<string, { chains: Set<string>; methods: Set<string> }> = {}
    for (const source of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
      for (const [key, ns] of Object.entries(source ?? {})) {
        // A key may be a namespace (`eip155`) or one chain (`eip155:1`).
        const [namespace = key] = key.split(':')
        const entry = requested[namespace] ?? { chains: new Set(), methods: new Set() }
        requested[namespace] = entry
        for (const chain of ns.chains ?? (key.includes(':') ? [key] : [])) entry.chains.add(chain)
        for (const method of ns.methods ?? []) entry.methods.add(method)
      }
    }
    const granted: SessionTypes.Namespaces = {}
    for (const [namespace, entry] of Object.entries(requested)) {
      const wallet = namespaces[namespace]
      if (!wallet) continue
      const chains = [...entry.chains].filter((c) => wallet.supportsChain(c))
      if (chains.length === 0) continue
      const methods =
        entry.methods.size > 0
          ? wallet.methods.filter((m) => entry.methods.has(m))
          : [...wallet.methods]
      granted[namespace] = {
        chains,
        accounts: chains.flatMap((c) => [...wallet.accounts(c)]),
        methods,
        events: [...wallet.events],
      }
    }
    return granted
  }

  const approve = async (proposal: ProposalTypes.Struct) => {
    const granted = grant(proposal)
    if (Object.keys(granted).length === 0) {
      await client.reject({ id: proposal.id, reason: getSdkError('UNSUPPORTED_CHAINS') })
      throw new Error('wallet harness: no requested chain is known to this wallet')
    }
    const { acknowledged } = await client.approve({ id: proposal.id, namespaces: granted })
    const session = await acknowledged()
    deliver(sessionQueue, sessionWaiters, session)
    return session
  }

  const reject = async (proposal: ProposalTypes.Struct) => {
    await client.reject({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
  }

  /**
   * One-click auth: the payload completed for the chains and methods this wallet grants
   * (`populateAuthPayload`), the CAIP-122 text sign-client formats from it signed with
   * personal_sign by the dev wallet's first account, and the Cacao sent back.
   */
  const approveAuthenticate = async (id: number, authPayload: AuthTypes.PayloadParams) => {
    const entry: HarnessAuthRequest = { id, authPayload, cacaos: [] }
    authRequests.push(entry)
    if (harness.proposalMode !== 'approve') {
      await client.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
      return
    }
    const wallet = namespaces.eip155
    const chains = authPayload.chains.filter((c) => wallet?.supportsChain(c))
    const [chain] = chains
    if (!wallet || !chain) {
      await client.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
      return
    }
    const payload = populateAuthPayload({
      authPayload,
      chains,
      methods: [...wallet.methods],
    })
    const [address] = evm.addresses
    const iss = `did:pkh:${chain}:${address}`
    const message = client.formatAuthMessage({ request: payload, iss })
    const signature = (await evm.request({
      method: 'personal_sign',
      params: [message, address],
    })) as string
    const cacao = buildAuthObject(payload, { t: 'eip191', s: signature }, iss)
    entry.cacaos.push(cacao)
    const { session } = await client.approveSessionAuthenticate({ id, auths: [cacao] })
    if (session) deliver(sessionQueue, sessionWaiters, session)
  }
  if (options.oneClickAuth !== false) {
    client.on('session_authenticate', ({ id, params }) => {
      // The relay may hand one request over twice (its subscription and the fetch of pending
      // messages when the pairing starts): a wallet shows and answers each request id once.
      if (authRequests.some((request) => request.id === id)) return
      approveAuthenticate(id, params.authPayload).catch(() => undefined)
    })
  }

  client.on('session_proposal', ({ params }) => {
    proposals.push(params)
    deliver(proposalQueue, proposalWaiters, params)
    if (harness.proposalMode === 'approve') approve(params).catch(() => undefined)
    else if (harness.proposalMode === 'reject') reject(params).catch(() => undefined)
  })

  const answer = async (
    topic: string,
    id: number,
    outcome: NonNullable<HarnessRequest['outcome']>,
  ) => {
    const response =
      'result' in outcome
        ? { id, jsonrpc: '2.0', result: outcome.result }
        : { id, jsonrpc: '2.0', error: outcome.error }
    await client.respond({ topic, response })
  }

  client.on('session_request', async ({ id, topic, params }) => {
    const { request, chainId } = params
    const entry: HarnessRequest = {
      id,
      topic,
      method: request.method,
      params: request.params,
      chainId,
    }
    requests.push(entry)
    if (responseDelay > 0) await new Promise((r) => setTimeout(r, responseDelay))
    const faultIndex = faults.findIndex(
      (f) => f.method === undefined || f.method === request.method,
    )
    try {
      if (faultIndex !== -1) {
        const [fault] = faults.splice(faultIndex, 1)
        throw new ProviderRpcError(fault?.code ?? RPC_ERROR_CODES.userRejected)
      }
      const [namespace = ''] = chainId.split(':')
      const wallet = namespaces[namespace]
      if (!wallet) throw new ProviderRpcError(RPC_ERROR_CODES.unsupportedMethod)
      const result = await wallet.request({
        method: request.method,
        params: request.params,
        chainId,
        topic,
      })
      entry.outcome = { result: result ?? null }
    } catch (thrown) {
      const code =
        typeof (thrown as { code?: unknown })?.code === 'number'
          ? (thrown as { code: number }).code
          : RPC_ERROR_CODES.internal
      const message = thrown instanceof Error ? thrown.message : String(thrown)
      entry.outcome = { error: { code, message } }
    }
    if (!closed) await answer(topic, id, entry.outcome).catch(() => undefined)
  })

  const eip155Sessions = () =>
    client.session.getAll().filter((s) => s.namespaces.eip155 !== undefined)

  const emitToSessions = async (name: string, data: unknown, chainId: string) => {
    for (const session of eip155Sessions()) {
      await client.emit({ topic: session.topic, event: { name, data }, chainId })
    }
  }

  // The dev wallet's own events become session events (a switch requested by the dapp too).
  evm.provider.on('chainChanged', (hexId) => {
    if (quiet || closed) return
    const id = Number(hexId)
    void emitToSessions('chainChanged', id, `eip155:${id}`).catch(() => undefined)
  })

  const harness: WalletHarness = {
    client,
    evm,
    proposals,
    requests,
    authRequests,
    get sessions() {
      return client.session.getAll()
    },
    proposalMode: options.proposalMode ?? 'approve',
    async pair(uri) {
      await client.pair({ uri })
    },
    nextProposal: (timeoutMs = 10_000) =>
      waiter(proposalQueue, proposalWaiters, timeoutMs, 'proposal'),
    nextSession: (timeoutMs = 10_000) => waiter(sessionQueue, sessionWaiters, timeoutMs, 'session'),
    approve,
    reject,
    rejectNextRequest(code = RPC_ERROR_CODES.userRejected, method) {
      faults.push({ code, ...(method ? { method } : {}) })
    },
    setResponseDelay(ms) {
      responseDelay = Math.max(0, ms)
    },
    async setAccounts(indexes) {
      evm.setAccounts(indexes)
      const addresses = evm.addresses as readonly Hex[]
      for (const session of eip155Sessions()) {
        const ns = session.namespaces.eip155
        if (!ns) continue
        const chains = ns.chains ?? [
          ...new Set(ns.accounts.map((a) => a.split(':').slice(0, 2).join(':'))),
        ]
        await client.update({
          topic: session.topic,
          namespaces: {
            ...session.namespaces,
            eip155: { ...ns, accounts: chains.flatMap((c) => addresses.map((a) => `${c}:${a}`)) },
          },
        })
        await client.emit({
          topic: session.topic,
          event: { name: 'accountsChanged', data: [...addresses] },
          chainId: `eip155:${evm.chainId}`,
        })
      }
    },
    async switchChain(chainId) {
      await evm.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: toHex(chainId) }],
      })
    },
    async disconnect(topic) {
      const topics = topic ? [topic] : client.session.getAll().map((s) => s.topic)
      for (const t of topics) {
        await client.disconnect({ topic: t, reason: getSdkError('USER_DISCONNECTED') })
      }
    },
    async close() {
      if (closed) return
      closed = true
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => undefined)
      // sign-client keeps one Core per storage prefix in a global: free it.
      const globals = globalThis as Record<string, unknown>
      if (globals[`_walletConnectCore_${prefix}`] === client.core) {
        delete globals[`_walletConnectCore_${prefix}`]
        delete globals[`_walletConnectCore_${prefix}_count`]
      }
    },
  }
  return harness
}
