// The Solana ChainAdapter: wallet-standard wallets (Phantom, Solflare, Backpack, …) through
// their `standard:*` and `solana:*` features. Reads go to the network's RPC with plain fetch;
// @solana/web3.js loads with `import()` on the first transfer only (load-transfer.ts).
import {
  type AdapterAccount,
  adapterError,
  base58Encode,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectResult,
  chainError,
  createAdapterSession,
  InvalidOptionsError,
  isSolanaAddress,
  issueWarning,
  kitError,
  withTimeout,
} from '@openmodal/core/internal'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { DEV } from 'esm-env'
import { createDiscovery, type DiscoveryOptions } from '../discovery/discovery.js'
import { walletChain } from '../networks/networks.js'
import { asError } from './errors.js'
import { loadTransfer } from './load-transfer.js'
import { routeRequest } from './request.js'
import { rpcCall, rpcUrlOf } from './rpc.js'

/** Commitment levels (spec §9 "Solana preflight levels"). */
export const SOLANA_COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const
export type SolanaCommitment = (typeof SOLANA_COMMITMENTS)[number]

export interface SolanaAdapterOptions extends DiscoveryOptions {
  /** Commitment for reads, preflight and transfer confirmation; default `confirmed`. */
  commitment?: SolanaCommitment
  /** How long connect/reconnect wait for a wallet to register (default 500 ms). */
  discoveryTimeoutMs?: number
  /** How long reconnect waits for a silent `standard:connect` (default 5 s). */
  reconnectTimeoutMs?: number
  /** How long a transfer may take to confirm (default 25 s, spec §9). */
  confirmTimeoutMs?: number
}

interface Session {
  connectorId: string
  provider: Wallet
  accounts: readonly AdapterAccount[]
  /** The wallet's account objects by address: features want them back as given. */
  walletAccounts: ReadonlyMap<string, WalletAccount>
  network: CaipNetwork
}

const LAMPORTS_DECIMALS = 9
/** litesvm's and mainnet's base fee per signature, for the sender's rent check. */
const FEE_PER_SIGNATURE = 5000n

/**
 * The wallet-standard form of a commitment (processed, confirmed or finalized): the spec's
 * deprecated names map to the level they stand for.
 *
 * @example walletCommitment('singleGossip') // 'confirmed'
 */
export function walletCommitment(level: SolanaCommitment): 'processed' | 'confirmed' | 'finalized' {
  switch (level) {
    case 'processed':
    case 'recent':
      return 'processed'
    case 'finalized':
    case 'root':
    case 'max':
      return 'finalized'
    default:
      return 'confirmed'
  }
}

type FeatureMethod = (...args: unknown[]) => Promise<unknown>

/** `wallet.features[name][method]`, or undefined when the wallet lacks it. */
export function walletMethod(
  wallet: Wallet,
  name: string,
  method: string,
): FeatureMethod | undefined {
  try {
    const feature = (wallet.features as Record<string, Record<string, unknown> | undefined>)[name]
    const fn = feature?.[method]
    return typeof fn === 'function' ? (fn.bind(feature) as FeatureMethod) : undefined
  } catch {
    return undefined
  }
}

/** Valid Solana accounts of a wallet's answer; `undefined` when it is not a list. */
function readAccounts(value: unknown): WalletAccount[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.filter((a): a is WalletAccount => {
    try {
      return typeof a === 'object' && a !== null && isSolanaAddress((a as WalletAccount).address)
    } catch {
      return false
    }
  })
}

/**
 * The Solana adapter. Discovery starts only when core watches the connectors (never at
 * import). A wallet-standard wallet has no "current chain": the adapter keeps the network
 * core asked for and passes its wallet chain (`solana:mainnet`, …) to the wallet.
 *
 * @example
 * import { createModalClient } from '@openmodal/core/internal'
 * import { solana, solanaAdapter } from '@openmodal/solana'
 *
 * createModalClient({ projectId, networks: [solana], adapters: [solanaAdapter()] })
 */
export function solanaAdapter(options: SolanaAdapterOptions = {}): ChainAdapter {
  const commitment = options.commitment ?? 'confirmed'
  if (!(SOLANA_COMMITMENTS as readonly string[]).includes(commitment)) {
    throw new InvalidOptionsError('commitment', `one of ${SOLANA_COMMITMENTS.join(', ')}`)
  }
  const discovery = createDiscovery(options)
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 500
  const reconnectTimeoutMs = options.reconnectTimeoutMs ?? 5_000
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 25_000
  const session = createAdapterSession<Session>()
  const { emit, requireSession } = session

  const toAccounts = (list: readonly WalletAccount[]): AdapterAccount[] =>
    list.map((a) => ({
      address: a.address,
      namespace: 'solana',
      type: 'eoa',
      publicKey: base58Encode(Uint8Array.from(a.publicKey)),
    }))

  const accountsOf = (list: readonly WalletAccount[]) => ({
    accounts: toAccounts(list),
    walletAccounts: new Map(list.map((a) => [a.address, a])),
  })

  const subscribe = (wallet: Wallet): (() => void) => {
    const on = walletMethod(wallet, 'standard:events', 'on') as
      | ((event: 'change', listener: (properties: unknown) => void) => () => void)
      | undefined
    if (!on) return () => undefined
    const onChange = (properties: unknown) => {
      const current = session.current
      if (current?.provider !== wallet) return
      let value: unknown
      try {
        // Caught below (a warning in development): a visitor never sees it.
        if (typeof properties !== 'object' || properties === null) throw new Error('not an object')
        if (!('accounts' in properties)) return
        value = (properties as { accounts: unknown }).accounts
      } catch {
        if (DEV) {
          issueWarning('solana-invalid-change', 'Ignored a malformed standard:events change')
        }
        return
      }
      const list = readAccounts(value)
      if (!list || (Array.isArray(value) && list.length !== value.length)) {
        if (DEV) {
          issueWarning('solana-invalid-accounts', 'Ignored a change with invalid accounts')
        }
        return
      }
      if (list.length === 0) {
        session.end()
        emit({ type: 'disconnect' })
        return
      }
      Object.assign(current, accountsOf(list))
      emit({ type: 'accountsChanged', accounts: current.accounts })
    }
    try {
      const off = on('change', onChange)
      return () => {
        try {
          off()
        } catch {
          // a wallet whose off() throws: the session check above mutes it
        }
      }
    } catch (error) {
      if (DEV) {
        issueWarning('solana-events-on', `The wallet's standard:events on failed: ${String(error)}`)
      }
      return () => undefined
    }
  }

  const begin = (
    connectorId: string,
    wallet: Wallet,
    list: readonly WalletAccount[],
    network: CaipNetwork,
  ): ConnectResult => {
    const { accounts } = session.begin(
      { connectorId, provider: wallet, network, ...accountsOf(list) },
      () => subscribe(wallet),
    )
    return { accounts, chainId: network.id }
  }

  const requireSolana = (network: CaipNetwork) => {
    if (network.chainNamespace !== 'solana') {
      throw kitError('UNSUPPORTED_CHAIN', { details: network.caipNetworkId })
    }
  }

  const accountFor = (current: Session, address?: string): WalletAccount => {
    const account = current.walletAccounts.get(address ?? current.accounts[0]?.address ?? '')
    if (!account) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: address })
    return account
  }

  const callConnect = async (wallet: Wallet, silent: boolean) => {
    const connect = walletMethod(wallet, 'standard:connect', 'connect')
    if (!connect) throw kitError('PROVIDER_NOT_FOUND')
    let answer: unknown
    try {
      answer = await connect(silent ? { silent: true } : undefined)
    } catch (thrown) {
      throw asError(thrown)
    }
    const listed = (answer as { accounts?: unknown } | undefined)?.accounts
    // Some wallets answer with nothing and expose `wallet.accounts` instead.
    return readAccounts(listed ?? wallet.accounts) ?? []
  }

  const readBalance = async (rpcUrls: string | readonly string[], address: string) => {
    const { value } = await rpcCall<{ value: number }>(rpcUrls, 'getBalance', [
      address,
      { commitment },
    ])
    return BigInt(value)
  }

  /** Refuses a transfer the chain would refuse for rent, before the wallet asks its user. */
  const checkRent = async (rpcUrl: string, from: string, to: string, lamports: bigint) => {
    const [minimum, sender, recipient] = await Promise.all([
      rpcCall<number>(rpcUrl, 'getMinimumBalanceForRentExemption', [0]).then(BigInt),
      readBalance(rpcUrl, from),
      readBalance(rpcUrl, to),
    ])
    // The error's text comes with the transfer code (already loading for this transfer).
    if (recipient === 0n && lamports < minimum) {
      throw (await loadTransfer()).rentError('recipient', minimum)
    }
    const left = sender - lamports - FEE_PER_SIGNATURE
    if (left > 0n && left < minimum) throw (await loadTransfer()).rentError('sender', minimum)
    return minimum
  }

  /** Where and from whom a transfer goes: the session's RPC, commitment and account. */
  const transferTarget = (current: Session) => ({
    rpcUrl: rpcUrlOf(current.network),
    wsUrl: current.network.rpcUrls.default.webSocket?.[0],
    commitment,
    from: accountFor(current).address,
  })

  return {
    namespace: 'solana',
    capabilities: ['signTransaction'],

    watchConnectors(onChange) {
      return discovery.subscribe(onChange)
    },

    async connect({ connectorId, network }) {
      requireSolana(network)
      const wallet = await discovery.waitFor(connectorId, discoveryTimeoutMs)
      if (!wallet) throw kitError('PROVIDER_NOT_FOUND', { details: connectorId })
      const list = await callConnect(wallet, false)
      if (list.length === 0) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND')
      return begin(connectorId, wallet, list, network)
    },

    async reconnect({ connectorId, network }) {
      if (session.userDisconnected(connectorId) || network.chainNamespace !== 'solana') return null
      const wallet = await discovery.waitFor(connectorId, discoveryTimeoutMs)
      if (!wallet) return null
      const list = await withTimeout(callConnect(wallet, true), {
        timeout: reconnectTimeoutMs,
        errorInstance: kitError('FAILED_TO_CONNECT', {
          details: `standard:connect: no answer in ${reconnectTimeoutMs} ms`,
        }),
      })
      if (list.length === 0) return null
      return begin(connectorId, wallet, list, network)
    },

    async disconnect() {
      const ended = session.end({ byUser: true })
      if (!ended) return
      const disconnect = walletMethod(ended.provider, 'standard:disconnect', 'disconnect')
      // A wallet that hangs or refuses must not block the user.
      if (disconnect) {
        await withTimeout(disconnect(), {
          timeout: 1_000,
          // Swallowed below: a visitor never sees it.
          errorInstance: new Error('standard:disconnect timed out'),
        }).catch(() => undefined)
      }
    },

    async getAccounts() {
      return session.current?.accounts ?? []
    },

    async switchNetwork(network) {
      requireSolana(network)
      const current = requireSession()
      if (current.network.caipNetworkId === network.caipNetworkId) return
      current.network = network
      emit({ type: 'chainChanged', chainId: network.id })
    },

    async getBalance({ address, network }) {
      if (!isSolanaAddress(address)) {
        throw adapterError('INVALID_ADDRESS', { details: address })
      }
      // Every RPC URL in order (core puts the project's proxy first).
      const value = await readBalance(network.rpcUrls.default.http, address)
      return { value, decimals: LAMPORTS_DECIMALS, symbol: network.nativeCurrency.symbol }
    },

    async signMessage({ message, address }) {
      const current = requireSession()
      const account = accountFor(current, address)
      const sign = walletMethod(current.provider, 'solana:signMessage', 'signMessage')
      if (!sign) throw chainError('WALLET_CANNOT_SIGN_MESSAGES')
      let outputs: unknown
      try {
        outputs = await sign({ account, message: new TextEncoder().encode(message) })
      } catch (thrown) {
        throw asError(thrown)
      }
      const signature = (outputs as { signature?: unknown }[] | undefined)?.[0]?.signature
      if (!(signature instanceof Uint8Array) || signature.length !== 64) {
        throw chainError('WALLET_NO_SIGNATURE')
      }
      return base58Encode(signature)
    },

    async estimateTransferFee({ to, value, tokenAddress }) {
      const current = requireSession()
      // A SOL transfer carries one signature (the sender's) at the network's fixed base fee;
      // the adapter sets no priority fee. The Send view's Max and fee check read this. A token
      // transfer: its message's fee, plus the rent of a token account it creates (transfer.ts).
      // No fee ceiling (`cap`): a Solana fee is fixed by the message, not bid per unit.
      if (tokenAddress === undefined) return { value: FEE_PER_SIGNATURE }
      const transfer = await loadTransfer()
      const cost = await transfer.transferCost(
        await transfer.prepareTokenTransfer({
          ...transferTarget(current),
          to,
          mint: tokenAddress,
          amount: value,
        }),
      )
      return { value: cost }
    },

    async sendTransfer({ to, value, tokenAddress }) {
      if (!isSolanaAddress(to)) {
        throw adapterError('INVALID_ADDRESS', { details: to })
      }
      if (value <= 0n) throw adapterError('INVALID_TRANSFER', { details: `amount ${value}` })
      const current = requireSession()
      const account = accountFor(current)
      const { network, provider: wallet } = current
      const chain = walletChain(network)
      const signAndSend = wallet.chains.includes(chain)
        ? walletMethod(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction')
        : undefined
      const signOnly = walletMethod(wallet, 'solana:signTransaction', 'signTransaction')
      if (!signAndSend && !signOnly) {
        throw chainError('WALLET_CANNOT_SEND')
      }
      const target = transferTarget(current)
      // Starts loading web3.js while the balances are read.
      const loading = loadTransfer()
      const checked =
        tokenAddress === undefined
          ? await checkRent(target.rpcUrl, account.address, to, value)
          : undefined
      return (await loading).signSendConfirm(
        {
          ...target,
          account,
          chain,
          signAndSend,
          signOnly,
          preflight: walletCommitment(commitment),
          confirmTimeoutMs,
          checkedMinimum: checked,
        },
        { to, value, tokenAddress },
      )
    },

    async request({ method, params }) {
      const current = requireSession()
      return routeRequest(
        {
          wallet: current.provider,
          chain: walletChain(current.network),
          account: (address) => accountFor(current, address),
          accounts: () => current.accounts,
          commitment: walletCommitment(commitment),
        },
        method,
        params,
      )
    },

    getProvider() {
      return session.current?.provider
    },

    on: session.on,
  }
}
