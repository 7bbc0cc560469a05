// WalletConnect as a Solana wallet: a wallet-standard wallet over the session's `solana`
// namespace, registered for the Solana adapter to discover (as the EIP-1193 provider is
// announced for the EVM adapter). Its features send WalletConnect's Solana RPC to the wallet:
// messages and signatures base58, transactions base64.
import {
  adapterError,
  base58Decode,
  base58Encode,
  base64Decode,
  base64Encode,
  type CaipNetwork,
  createEmitter,
  kitError,
} from '@openmodal/core/internal'
import type { WalletConnectClient } from '../client/create-client.js'
import { WALLETCONNECT_ICON, WALLETCONNECT_SOLANA_ID } from '../connector/identity.js'
import { createPairing } from '../utils/pairing.js'
import { withSignature } from './transaction.js'

type SolanaChain = `solana:${string}`

/** A wallet-standard account (`WalletAccount` of @wallet-standard/base). */
export interface SolanaWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly SolanaChain[]
  readonly features: readonly string[]
}

/** The wallet-standard wallet (`Wallet` of @wallet-standard/base) the Solana adapter drives. */
export interface SolanaStandardWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: `data:image/svg+xml,${string}`
  readonly chains: readonly SolanaChain[]
  readonly accounts: readonly SolanaWalletAccount[]
  readonly features: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}

export interface WalletConnectSolanaWallet {
  readonly wallet: SolanaStandardWallet
  /** Registers the wallet with the page's wallet-standard registry; returns an unregister. */
  register(target?: EventTarget): () => void
  /** Stops a pairing a `standard:connect` is waiting on (it rejects with "Modal closed"). */
  cancelPairing(): void
}

export interface SolanaWalletOptions {
  /** The WalletConnect client (already created, or created on first use). */
  client: () => Promise<WalletConnectClient>
  /** The host's networks: the solana ones are the chains offered before a session exists. */
  networks: readonly CaipNetwork[]
}

/** The clusters wallet-standard names (`solana:mainnet`, …), by CAIP-2 reference. */
const CLUSTERS: Readonly<Record<string, SolanaChain>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}
/** The wallet-standard name of a CAIP-2 chain: any chain not listed is a local cluster. */
const clusterOf = (caip: string): SolanaChain =>
  CLUSTERS[caip.slice('solana:'.length)] ?? 'solana:localnet'

const FEATURES = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const
const VERSIONS = ['legacy', 0] as const

const invalid = (details: string) => adapterError('INVALID_PARAMS', { details })

function bytesOf(value: unknown, what: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length === 0) throw invalid(`${what} must be bytes`)
  return value
}

/** A base58 field of a wallet's answer, decoded; a clear error when missing or malformed. */
function base58Field(answer: unknown, field: string, length?: number): Uint8Array {
  const value = (answer as Record<string, unknown> | null | undefined)?.[field]
  const bytes = typeof value === 'string' ? base58Decode(value) : undefined
  if (!bytes || (length !== undefined && bytes.length !== length)) {
    throw kitError('UNKNOWN', { details: `The wallet answered no valid ${field}` })
  }
  return bytes
}

/**
 * The Solana wallet of a WalletConnect client. Before a session it offers the host's solana
 * chains and `standard:connect` starts a pairing (the QR view shows its URI); with a session
 * its chains and accounts are the session's `solana` ones. Ending it (`standard:disconnect`)
 * ends the WalletConnect session, as the EVM side's `wallet_revokePermissions` does.
 *
 * @example
 * const solana = createSolanaWallet({ client: () => wc, networks })
 * const unregister = solana.register() // the Solana adapter lists "WalletConnect"
 */
export function createSolanaWallet(options: SolanaWalletOptions): WalletConnectSolanaWallet {
  const events = createEmitter<{ change: Record<string, unknown> }>()
  const proposed = [
    ...new Set(
      options.networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId),
    ),
  ]
  let client: WalletConnectClient | undefined
  let loading: Promise<WalletConnectClient> | undefined
  const pairing = createPairing()
  let accounts: readonly SolanaWalletAccount[] = []
  let chains: readonly SolanaChain[] = []

  /** The session's solana chains (CAIP-2), in its order. */
  const sessionChains = (): string[] => {
    const ns = client?.session?.namespaces.solana
    if (!ns) return []
    const listed = ns.chains ?? ns.accounts.map((a) => a.split(':').slice(0, 2).join(':'))
    return [...new Set(listed.filter((c) => c.startsWith('solana:')))]
  }

  /** CAIP-2 chains plus their wallet-standard names (the adapter asks with those). */
  const withClusters = (caip: readonly string[]): SolanaChain[] => [
    ...new Set([...caip, ...caip.map(clusterOf)] as SolanaChain[]),
  ]

  /** Reads chains and accounts from the session; tells listeners what changed. */
  const refresh = () => {
    const caip = sessionChains()
    const nextChains = withClusters(caip.length ? caip : proposed)
    const addresses = [
      ...new Set(
        (client?.getAccounts('solana') ?? []).map((a) => a.split(':')[2] ?? '').filter(Boolean),
      ),
    ]
    const nextAccounts = addresses.flatMap((address): SolanaWalletAccount[] => {
      const publicKey = base58Decode(address)
      if (publicKey?.length !== 32) return []
      const chainsOf = withClusters(
        caip.filter((c) => client?.getAccounts('solana').includes(`${c}:${address}`)),
      )
      return [
        Object.freeze({
          address,
          publicKey,
          chains: Object.freeze(chainsOf.length ? chainsOf : withClusters(caip)),
          features: FEATURES,
        }),
      ]
    })
    const changed: Record<string, unknown> = {}
    if (nextChains.join() !== chains.join()) {
      chains = nextChains
      changed.chains = chains
    }
    if (nextAccounts.map((a) => a.address).join() !== accounts.map((a) => a.address).join()) {
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
      wc.on('accountsChanged', ({ namespace }) => {
        if (namespace === 'solana') refresh()
      })
      wc.on('disconnect', refresh)
      refresh()
      return wc
    })
    return loading
  }

  /** The session chain (CAIP-2) for a wallet-standard or CAIP-2 `chain`, else the first one. */
  const chainFor = (chain: unknown): string => {
    const caip = sessionChains()
    if (caip.length === 0) throw kitError('CONNECTOR_NOT_CONNECTED')
    if (chain === undefined) return caip[0] as string
    const found = caip.find((c) => c === chain) ?? caip.find((c) => clusterOf(c) === chain)
    if (!found) {
      throw kitError('UNSUPPORTED_CHAIN', {
        details: `The WalletConnect session does not include ${String(chain)}`,
      })
    }
    return found
  }

  const addressOf = (input: unknown): string => {
    const address = (input as { account?: { address?: unknown } } | null)?.account?.address
    if (typeof address !== 'string' || !accounts.some((a) => a.address === address)) {
      throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: String(address) })
    }
    return address
  }

  const request = async (chainId: string, method: string, params: unknown) => {
    const wc = await load()
    return wc.request<unknown>({ chainId, method, params })
  }

  const connect = async (input?: { silent?: boolean }) => {
    const wc = await load()
    if (!wc.session && !input?.silent) {
      await pairing.pair(wc)
    }
    refresh()
    if (wc.session && !wc.session.namespaces.solana && !input?.silent) {
      throw kitError('UNSUPPORTED_CHAIN', {
        details: 'The wallet did not approve Solana in the WalletConnect session',
      })
    }
    return { accounts }
  }

  const signMessage = async (...inputs: unknown[]) => {
    const outputs = []
    for (const input of inputs) {
      const address = addressOf(input)
      const message = bytesOf((input as { message?: unknown }).message, 'message')
      const answer = await request(chainFor(undefined), 'solana_signMessage', {
        message: base58Encode(message),
        pubkey: address,
      })
      outputs.push({ signedMessage: message, signature: base58Field(answer, 'signature', 64) })
    }
    return outputs
  }

  const signTransaction = async (...inputs: unknown[]) => {
    const outputs = []
    for (const input of inputs) {
      const address = addressOf(input)
      const { transaction, chain } = input as { transaction?: unknown; chain?: unknown }
      const bytes = bytesOf(transaction, 'transaction')
      const answer = (await request(chainFor(chain), 'solana_signTransaction', {
        transaction: base64Encode(bytes),
      })) as { transaction?: unknown } | null
      const returned =
        typeof answer?.transaction === 'string' ? base64Decode(answer.transaction) : undefined
      // The older form of the RPC answers the signature alone: it goes into the transaction.
      const signedTransaction =
        returned && returned.length > 0
          ? returned
          : withSignature(
              bytes,
              base58Field(answer, 'signature', 64),
              base58Decode(address) as Uint8Array,
            )
      outputs.push({ signedTransaction })
    }
    return outputs
  }

  const signAndSendTransaction = async (...inputs: unknown[]) => {
    const outputs = []
    for (const input of inputs) {
      addressOf(input)
      const { transaction, chain, options: sendOptions } = input as Record<string, unknown>
      const bytes = bytesOf(transaction, 'transaction')
      const answer = await request(chainFor(chain), 'solana_signAndSendTransaction', {
        transaction: base64Encode(bytes),
        ...(sendOptions && typeof sendOptions === 'object' ? { sendOptions } : {}),
      })
      outputs.push({ signature: base58Field(answer, 'signature', 64) })
    }
    return outputs
  }

  const wallet: SolanaStandardWallet = Object.freeze({
    version: '1.0.0',
    name: WALLETCONNECT_SOLANA_ID,
    icon: WALLETCONNECT_ICON as `data:image/svg+xml,${string}`,
    get chains() {
      return chains.length ? chains : withClusters(proposed)
    },
    get accounts() {
      return accounts
    },
    features: Object.freeze({
      'standard:connect': Object.freeze({ version: '1.0.0', connect }),
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
      'solana:signMessage': Object.freeze({ version: '1.0.0', signMessage }),
      'solana:signTransaction': Object.freeze({
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        signTransaction,
      }),
      'solana:signAndSendTransaction': Object.freeze({
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        signAndSendTransaction,
      }),
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
