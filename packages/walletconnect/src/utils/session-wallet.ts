// The scaffold every wallet-standard face of a WalletConnect session shares (the Solana and
// the Bitcoin wallet): the client loaded on first use, the session's chains of one namespace
// under their CAIP-2 ids and wallet-standard names, accounts read again on every session
// event, one pairing at a time, the `standard:*` features and the registry's protocol. Each
// namespace brings how it reads accounts and its own signing features.
import { type CaipNetwork, createEmitter, kitError } from '@openmodal/core/internal'
import type { WalletConnectClient } from '../client/create-client.js'
import { WALLETCONNECT_ICON } from '../connector/identity.js'
import { createPairing } from './pairing.js'

type Feature = Readonly<Record<string, unknown>>

/** A wallet-standard wallet (`Wallet` of @wallet-standard/base) over a session namespace. */
export interface SessionStandardWallet<Chain extends string, Account> {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: `data:image/svg+xml,${string}`
  readonly chains: readonly Chain[]
  readonly accounts: readonly Account[]
  readonly features: Readonly<Record<string, Feature>>
}

/** What a namespace's signing features use of the session. */
export interface SessionWalletContext<Chain extends string, Account> {
  /** The accounts as last read from the session. */
  accounts(): readonly Account[]
  /** The session's chains of the namespace (CAIP-2), in its order; none without a session. */
  sessionChains(): string[]
  /** CAIP-2 chains plus their wallet-standard names (adapters ask with either). */
  withNames(caip: readonly string[]): Chain[]
  /** The session chain for a wallet-standard or CAIP-2 `chain`, else the first one. */
  chainFor(chain: unknown): string
  /** The address of a feature input's `account`; it must be one of the accounts. */
  addressOf(input: unknown): string
  /** Sends a request of the namespace's RPC to the wallet on `chainId`. */
  request(chainId: string, method: string, params: unknown): Promise<unknown>
  /** Reads the accounts again and tells listeners what changed. */
  refresh(): void
}

export interface SessionWalletOptions<Chain extends string, Account extends { address: string }> {
  /** The session namespace (`solana`, `bip122`). */
  namespace: string
  /** The chain family's name in errors ("Solana", "Bitcoin"). */
  label: string
  /** The wallet's name (the id its adapter lists it under). */
  name: string
  /** The WalletConnect client (already created, or created on first use). */
  client: () => Promise<WalletConnectClient>
  /** The host's networks: the namespace's ones are the chains offered before a session. */
  networks: readonly CaipNetwork[]
  /** The wallet-standard name of a CAIP-2 chain (`solana:mainnet`), if it has one. */
  chainName(caip: string): Chain | undefined
  /**
   * The accounts of the session as it is now (`caip`: its chains of the namespace; empty
   * without a session).
   */
  parseAccounts(wc: WalletConnectClient | undefined, caip: readonly string[]): Account[]
  /** What makes two account lists differ (default: the addresses). */
  accountKey?(account: Account): string
  /** Connect features to offer besides `standard:connect` (e.g. `bitcoin:connect`). */
  connectFeatures?: readonly string[]
  /**
   * Runs once a session with the namespace exists, before `connect` answers; `silent` is a
   * restore (page load), where nothing may wait on the wallet.
   */
  onSession?(
    wc: WalletConnectClient,
    context: SessionWalletContext<Chain, Account>,
    silent: boolean,
  ): Promise<void>
  /** The wallet announced other accounts (CAIP-10), before they are read again. */
  onAccountsChanged?(wc: WalletConnectClient, accounts: readonly string[]): void
  /** The session ended, before the accounts are read again. */
  onDisconnect?(): void
  /** The namespace's own features (signing), keyed by feature name. */
  features(context: SessionWalletContext<Chain, Account>): Record<string, Feature>
}

export interface SessionWallet<Chain extends string, Account> {
  readonly wallet: SessionStandardWallet<Chain, Account>
  /** Registers the wallet with the page's wallet-standard registry; returns an unregister. */
  register(target?: EventTarget): () => void
  /** Stops a pairing a connect is waiting on (it rejects with "Modal closed"). */
  cancelPairing(): void
}

/**
 * A wallet-standard wallet over one namespace of a WalletConnect session. Before a session it
 * offers the host's chains of the namespace and connecting starts a pairing (the QR view shows
 * its URI); with a session its chains and accounts are the session's. Ending it
 * (`standard:disconnect`) ends the WalletConnect session.
 *
 * @example
 * const { wallet, register } = createSessionWallet({
 *   namespace: 'solana', label: 'Solana', name: 'WalletConnect', client, networks,
 *   chainName: (caip) => undefined,
 *   parseAccounts: (wc) => (wc?.getAccounts('solana') ?? []).map((a) => ({ address: a })),
 *   features: () => ({}),
 * })
 */
export function createSessionWallet<Chain extends string, Account extends { address: string }>(
  options: SessionWalletOptions<Chain, Account>,
): SessionWallet<Chain, Account> {
  const { namespace } = options
  const events = createEmitter<{ change: Record<string, unknown> }>()
  const proposed = [
    ...new Set(
      options.networks.filter((n) => n.chainNamespace === namespace).map((n) => n.caipNetworkId),
    ),
  ]
  const accountKey = options.accountKey ?? ((a: Account) => a.address)
  let client: WalletConnectClient | undefined
  let loading: Promise<WalletConnectClient> | undefined
  const pairing = createPairing()
  let accounts: readonly Account[] = []
  let chains: readonly Chain[] = []

  const sessionChains = (): string[] => {
    const ns = client?.session?.namespaces[namespace]
    if (!ns) return []
    const listed = ns.chains ?? ns.accounts.map((a) => a.split(':').slice(0, 2).join(':'))
    return [...new Set(listed.filter((c) => c.startsWith(`${namespace}:`)))]
  }

  const withNames = (caip: readonly string[]): Chain[] => [
    ...new Set([
      ...(caip as Chain[]),
      ...caip.map(options.chainName).filter((n): n is Chain => n !== undefined),
    ]),
  ]

  /** Reads chains and accounts from the session; tells listeners what changed. */
  const refresh = () => {
    const caip = sessionChains()
    const nextChains = withNames(caip.length ? caip : proposed)
    const nextAccounts = options.parseAccounts(client, caip)
    const changed: Record<string, unknown> = {}
    if (nextChains.join() !== chains.join()) {
      chains = nextChains
      changed.chains = chains
    }
    if (nextAccounts.map(accountKey).join() !== accounts.map(accountKey).join()) {
      accounts = Object.freeze(nextAccounts)
      changed.accounts = accounts
    }
    if (Object.keys(changed).length) events.emit('change', changed)
  }

  const load = async (): Promise<WalletConnectClient> => {
    if (client) return client
    loading ??= options.client().then((wc) => {
      client = wc
      wc.on('connect', refresh)
      wc.on('accountsChanged', (change) => {
        if (change.namespace !== namespace) return
        options.onAccountsChanged?.(wc, change.accounts)
        refresh()
      })
      wc.on('disconnect', () => {
        options.onDisconnect?.()
        refresh()
      })
      refresh()
      return wc
    })
    return loading
  }

  const context: SessionWalletContext<Chain, Account> = {
    accounts: () => accounts,
    sessionChains,
    withNames,
    chainFor(chain) {
      const caip = sessionChains()
      if (caip.length === 0) throw kitError('CONNECTOR_NOT_CONNECTED')
      if (chain === undefined) return caip[0] as string
      const found =
        caip.find((c) => c === chain) ?? caip.find((c) => options.chainName(c) === chain)
      if (!found) {
        throw kitError('UNSUPPORTED_CHAIN', {
          details: `The WalletConnect session does not include ${String(chain)}`,
        })
      }
      return found
    },
    addressOf(input) {
      const address = (input as { account?: { address?: unknown } } | null)?.account?.address
      if (typeof address !== 'string' || !accounts.some((a) => a.address === address)) {
        throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: String(address) })
      }
      return address
    },
    async request(chainId, method, params) {
      const wc = await load()
      return wc.request<unknown>({ chainId, method, params })
    },
    refresh: () => refresh(),
  }

  const connect = async (input?: { silent?: boolean }) => {
    const wc = await load()
    if (!wc.session && !input?.silent) await pairing.pair(wc)
    if (wc.session && !wc.session.namespaces[namespace]) {
      refresh()
      if (input?.silent) return { accounts }
      throw kitError('UNSUPPORTED_CHAIN', {
        details: `The wallet did not approve ${options.label} in the WalletConnect session`,
      })
    }
    if (wc.session) await options.onSession?.(wc, context, input?.silent === true)
    refresh()
    return { accounts }
  }

  const connectFeature = Object.freeze({ version: '1.0.0', connect })
  const wallet: SessionStandardWallet<Chain, Account> = Object.freeze({
    version: '1.0.0',
    name: options.name,
    icon: WALLETCONNECT_ICON as `data:image/svg+xml,${string}`,
    get chains() {
      return chains.length ? chains : withNames(proposed)
    },
    get accounts() {
      return accounts
    },
    features: Object.freeze({
      ...Object.fromEntries((options.connectFeatures ?? []).map((f) => [f, connectFeature])),
      'standard:connect': connectFeature,
      'standard:disconnect': Object.freeze({
        version: '1.0.0',
        async disconnect() {
          await (await load()).disconnect()
        },
      }),
      'standard:events': Object.freeze({
        version: '1.0.0',
        on(event: string, listener: (properties: unknown) => void) {
          if (event !== 'change') return () => undefined
          return events.on('change', listener)
        },
      }),
      ...options.features(context),
    }),
  })

  return {
    wallet,
    cancelPairing: pairing.cancel,
    register(target = (globalThis as { window?: EventTarget }).window) {
      if (!target) return () => undefined
      // The registry's protocol (as `registerWallet` of @wallet-standard/wallet): announce
      // now, and again to an app that becomes ready later.
      const unregisters: Array<() => void> = []
      const callback = (api: { register: (...wallets: unknown[]) => () => void }) => {
        unregisters.push(api.register(wallet))
      }
      const onAppReady = (event: Event) => callback((event as CustomEvent).detail)
      void load().catch(() => undefined)
      target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
      target.addEventListener('wallet-standard:app-ready', onAppReady)
      return () => {
        target.removeEventListener('wallet-standard:app-ready', onAppReady)
        for (const unregister of unregisters.splice(0)) unregister()
      }
    },
  }
}
