// The Bitcoin (bip122) ChainAdapter: sats-connect providers (`window.btc_providers`) and
// wallet-standard Bitcoin wallets. A wallet grants payment and ordinals addresses; the
// payment one is the connected account, and only payment accounts are selectable (spec §5).
// Balances come from the network's Esplora API; transfers, PSBTs and messages are signed by
// the wallet. Nothing here loads a Bitcoin library: the wallet holds the keys and builds the
// transactions.
import {
  type AdapterAccount,
  adapterError,
  amountError,
  BaseError,
  base64Encode,
  buildError,
  type CaipNetwork,
  type ChainAdapter,
  type ConnectResult,
  createAdapterSession,
  InvalidOptionsError,
  issueWarning,
  kitError,
  withTimeout,
} from '@openmodal/core/internal'
import {
  createDiscovery,
  type DiscoveredWallet,
  type DiscoveryOptions,
} from '../discovery/discovery.js'
import { bitcoinNetworkName } from '../networks/networks.js'
import { isBitcoinAddress } from '../utils/address.js'
import { addressBalance } from './esplora.js'
import { loadTransfer } from './load-transfer.js'
import { satsConnectWallet } from './sats-connect.js'
import type {
  BitcoinAddressPurpose,
  BitcoinWallet,
  BitcoinWalletAccount,
  MessageProtocol,
  SignPsbtParameters,
} from './wallet.js'
import { standardBitcoinWallet } from './wallet-standard.js'

/** The bip122 methods of spec §7, the ones `request` answers. */
export const BITCOIN_METHODS = [
  'sendTransfer',
  'signMessage',
  'signPsbt',
  'getAccountAddresses',
] as const

export interface BitcoinAdapterOptions extends DiscoveryOptions {
  /** Esplora base URLs by CAIP-2 network id; default each network's `rpcUrls.default.http[0]`. */
  esploraUrls?: Readonly<Record<string, string>>
  /** Protocol of `signMessage` (default `BIP322`, which every address type supports). */
  messageProtocol?: MessageProtocol
  /** Shown by wallets in their connect prompt (sats-connect `message`). */
  connectMessage?: string
  /** How long connect/reconnect wait for a wallet to appear (default 500 ms). */
  discoveryTimeoutMs?: number
  /** How long reconnect waits for a silent answer (default 5 s). */
  reconnectTimeoutMs?: number
}

/** A Bitcoin account: an adapter account with its purpose (`payment` ones have type payment). */
export interface BitcoinAccount extends AdapterAccount {
  purpose: BitcoinAddressPurpose
  addressType?: string
}

/** The Bitcoin adapter: the ChainAdapter contract plus accounts, PSBTs and message protocols. */
export interface BitcoinAdapter extends ChainAdapter {
  /** Every granted account with its purpose, the selected payment account first. */
  getAccountAddresses(): readonly BitcoinAccount[]
  /** Selects another payment account; a non-payment one is refused (spec §5). */
  switchAccount(address: string): Promise<void>
  signMessage(params: {
    message: string
    address: string
    protocol?: MessageProtocol
  }): Promise<string>
  /** Has the wallet sign a base64 PSBT (and broadcast it when asked). */
  signPsbt(params: SignPsbtParameters): Promise<{ psbt: string; txid?: string }>
}

interface Session {
  connectorId: string
  provider: BitcoinWallet
  accounts: readonly BitcoinAccount[]
  network: CaipNetwork
}

const SATS_DECIMALS = 8
const PROTOCOLS = ['BIP322', 'ECDSA'] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const invalidParams = (details: string) => adapterError('INVALID_PARAMS', { details })

/** Wallet-standard chain ids per network. */
function standardChain(network: CaipNetwork | undefined): string {
  return `bitcoin:${(network && bitcoinNetworkName(network)) ?? 'mainnet'}`
}

/**
 * The Bitcoin adapter. Discovery starts only when core watches the connectors (never at
 * import).
 *
 * @example
 * import { bitcoinAdapter } from '@openmodal/bitcoin'
 * import { bitcoin } from '@openmodal/bitcoin/networks'
 *
 * createModal({ projectId, networks: [bitcoin], adapters: [bitcoinAdapter()] })
 */
export function bitcoinAdapter(options: BitcoinAdapterOptions = {}): BitcoinAdapter {
  const protocol = options.messageProtocol ?? 'BIP322'
  if (!(PROTOCOLS as readonly string[]).includes(protocol)) {
    throw new InvalidOptionsError('messageProtocol', 'BIP322 or ECDSA')
  }
  for (const [id, url] of Object.entries(options.esploraUrls ?? {})) {
    if (!/^https?:\/\//.test(url))
      throw new InvalidOptionsError(`esploraUrls.${id}`, 'an http(s) URL')
  }
  const discovery = createDiscovery(options)
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 500
  const reconnectTimeoutMs = options.reconnectTimeoutMs ?? 5_000
  const session = createAdapterSession<Session>()
  const { emit, requireSession } = session
  // One wrapper per wallet, so a reconnect to the same wallet keeps its session.
  const wrappers = new WeakMap<object, BitcoinWallet>()
  /** The network of a connect in progress (wallet-standard wallets ask for the chain). */
  let pendingNetwork: CaipNetwork | undefined

  const wrap = (found: DiscoveredWallet): BitcoinWallet => {
    const key = found.kind === 'sats-connect' ? found.provider : found.wallet
    let wrapper = wrappers.get(key)
    if (!wrapper) {
      wrapper =
        found.kind === 'sats-connect'
          ? satsConnectWallet(found.provider)
          : standardBitcoinWallet(found.wallet, () =>
              standardChain(session.current?.network ?? pendingNetwork),
            )
      wrappers.set(key, wrapper)
    }
    return wrapper
  }

  const esploraUrl = (network: CaipNetwork): string => {
    const url = options.esploraUrls?.[network.caipNetworkId] ?? network.rpcUrls.default.http[0]
    if (!url) throw kitError('NO_TRANSPORT_URL', { details: network.caipNetworkId })
    return url
  }

  /** Adapter accounts of the wallet's list: payment ones first, `selected` first of all. */
  const toAccounts = (
    list: readonly BitcoinWalletAccount[],
    selected?: string,
  ): BitcoinAccount[] => {
    const accounts = list.map<BitcoinAccount>((a) => ({
      address: a.address,
      namespace: 'bip122',
      purpose: a.purpose,
      ...(a.purpose === 'payment' ? { type: 'payment' as const } : {}),
      ...(a.publicKey ? { publicKey: a.publicKey } : {}),
      ...(a.addressType ? { addressType: a.addressType } : {}),
    }))
    const rank = (a: BitcoinAccount) =>
      a.address === selected ? 0 : a.purpose === 'payment' ? 1 : 2
    return accounts.sort((a, b) => rank(a) - rank(b))
  }

  const requireBitcoin = (network: CaipNetwork) => {
    if (network.chainNamespace !== 'bip122') {
      throw kitError('UNSUPPORTED_CHAIN', { details: network.caipNetworkId })
    }
  }

  const subscribe = (wallet: BitcoinWallet) =>
    wallet.on((event) => {
      const current = session.current
      if (current?.provider !== wallet) return
      if (event.type === 'disconnect') {
        session.end()
        emit({ type: 'disconnect' })
        return
      }
      const apply = (list: readonly BitcoinWalletAccount[] | null) => {
        if (session.current !== current) return
        if (!list?.some((a) => a.purpose === 'payment')) {
          session.end()
          emit({ type: 'disconnect' })
          return
        }
        current.accounts = toAccounts(list)
        emit({ type: 'accountsChanged', accounts: current.accounts })
      }
      if (event.accounts) apply(event.accounts)
      else {
        // An accountChange without addresses: ask the wallet (never prompts).
        wallet.accounts().then(apply, (error: unknown) => {
          issueWarning('bitcoin-accounts', `Reading the changed accounts failed: ${String(error)}`)
        })
      }
    })

  const begin = (
    connectorId: string,
    wallet: BitcoinWallet,
    list: readonly BitcoinWalletAccount[],
    network: CaipNetwork,
  ): ConnectResult => {
    const accounts = toAccounts(list)
    if (!accounts.some((a) => a.purpose === 'payment')) {
      throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', {
        details: 'The wallet granted no payment address',
      })
    }
    session.begin({ connectorId, provider: wallet, accounts, network }, () => subscribe(wallet))
    return { accounts, chainId: network.id }
  }

  const paymentAccount = (current: Session, address?: string): BitcoinAccount => {
    const account = address
      ? current.accounts.find((a) => a.address === address)
      : current.accounts.find((a) => a.purpose === 'payment')
    if (!account) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: address })
    return account
  }

  const signMessage: BitcoinAdapter['signMessage'] = async ({ message, address, protocol: p }) => {
    if (typeof message !== 'string') throw invalidParams('message must be a string')
    const current = requireSession()
    const account = paymentAccount(current, address)
    const used = p ?? protocol
    if (!(PROTOCOLS as readonly string[]).includes(used)) throw invalidParams(`protocol ${used}`)
    return current.provider.signMessage({ address: account.address, message, protocol: used })
  }

  const signPsbt: BitcoinAdapter['signPsbt'] = async (params) => {
    if (!isRecord(params) || typeof params.psbt !== 'string' || params.psbt.length === 0) {
      throw invalidParams('psbt must be a base64 string')
    }
    const { psbt, signInputs, broadcast } = params
    if (signInputs !== undefined) {
      if (!isRecord(signInputs)) throw invalidParams('signInputs must map addresses to indexes')
      for (const [address, indexes] of Object.entries(signInputs)) {
        if (!Array.isArray(indexes) || !indexes.every((i) => Number.isSafeInteger(i) && i >= 0)) {
          throw invalidParams(`signInputs of ${address}`)
        }
      }
    }
    const current = requireSession()
    return current.provider.signPsbt({
      psbt,
      ...(signInputs ? { signInputs } : {}),
      ...(broadcast ? { broadcast: true } : {}),
    })
  }

  const sendTransfer: BitcoinAdapter['sendTransfer'] = async ({ to, value, tokenAddress }) => {
    if (tokenAddress !== undefined) {
      throw buildError('UNSUPPORTED_TOKEN_TRANSFER', {
        values: { network: 'Bitcoin' },
        details: tokenAddress,
      })
    }
    const current = requireSession()
    const name = bitcoinNetworkName(current.network)
    if (!isBitcoinAddress(to, name)) {
      throw adapterError('INVALID_ADDRESS', { details: to })
    }
    if (typeof value !== 'bigint' || value <= 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw amountError('INVALID_AMOUNT', { details: String(value) })
    }
    try {
      return await current.provider.sendTransfer([{ address: to, amount: value }])
    } catch (error) {
      if (!(error instanceof BaseError && error.code === 'UNSUPPORTED_METHOD')) throw error
    }
    // No transfer method (wallet-standard wallets, some sats-connect ones): build the PSBT
    // here, lazily, and have the wallet sign and broadcast it.
    if (!name) throw kitError('UNSUPPORTED_CHAIN', { details: current.network.caipNetworkId })
    const from = paymentAccount(current)
    const { buildTransferPsbt } = await loadTransfer()
    const { psbt, inputs } = await buildTransferPsbt({
      esploraUrl: esploraUrl(current.network),
      network: name,
      from: { address: from.address, ...(from.publicKey ? { publicKey: from.publicKey } : {}) },
      to,
      amount: value,
    })
    const { txid } = await current.provider.signPsbt({
      psbt: base64Encode(psbt),
      signInputs: { [from.address]: inputs },
      broadcast: true,
    })
    if (!txid) throw kitError('UNKNOWN', { details: 'The wallet returned no txid' })
    return txid
  }

  /**
   * The fee `sendTransfer` pays when this adapter builds the PSBT, at the Esplora API's
   * next-block rate; `value` 0n (what Send's "Max" asks) is the fee of sending everything. A
   * wallet that builds its own transfer may pick another rate.
   */
  const estimateTransferFee: NonNullable<BitcoinAdapter['estimateTransferFee']> = async ({
    to,
    value,
  }) => {
    const current = requireSession()
    const name = bitcoinNetworkName(current.network)
    if (!name) throw kitError('UNSUPPORTED_CHAIN', { details: current.network.caipNetworkId })
    const from = paymentAccount(current)
    const { estimateTransferFee: estimate } = await loadTransfer()
    // No fee ceiling (`cap`): the fee rate is the one the PSBT is built at when sent.
    const fee = await estimate({
      esploraUrl: esploraUrl(current.network),
      network: name,
      from: { address: from.address, ...(from.publicKey ? { publicKey: from.publicKey } : {}) },
      to: isBitcoinAddress(to, name) ? to : from.address,
      amount: value > 0n ? value : 0n,
    })
    return { value: fee }
  }

  const adapter: BitcoinAdapter = {
    namespace: 'bip122',
    capabilities: ['signPsbt'],

    watchConnectors(onChange) {
      return discovery.subscribe(onChange)
    },

    async connect({ connectorId, network }) {
      requireBitcoin(network)
      const found = await discovery.waitFor(connectorId, discoveryTimeoutMs)
      if (!found) throw kitError('PROVIDER_NOT_FOUND', { details: connectorId })
      const wallet = wrap(found)
      pendingNetwork = network
      const list = await wallet.connect(options.connectMessage)
      return begin(connectorId, wallet, list, network)
    },

    async reconnect({ connectorId, network }) {
      if (session.userDisconnected(connectorId) || network.chainNamespace !== 'bip122') return null
      const found = await discovery.waitFor(connectorId, discoveryTimeoutMs)
      if (!found) return null
      const wallet = wrap(found)
      pendingNetwork = network
      const list = await withTimeout(wallet.accounts(), {
        timeout: reconnectTimeoutMs,
        errorInstance: kitError('FAILED_TO_CONNECT', {
          details: `no answer in ${reconnectTimeoutMs} ms`,
        }),
      })
      if (!list?.some((a) => a.purpose === 'payment')) return null
      return begin(connectorId, wallet, list, network)
    },

    async disconnect() {
      const ended = session.end({ byUser: true })
      if (!ended) return
      // A wallet that hangs must not block the user.
      await withTimeout(ended.provider.disconnect(), {
        timeout: 1_000,
        // Swallowed below: a visitor never sees it.
        errorInstance: new Error('disconnect timed out'),
      }).catch(() => undefined)
    },

    async getAccounts() {
      return session.current?.accounts ?? []
    },

    getAccountAddresses() {
      return session.current?.accounts ?? []
    },

    async switchAccount(address) {
      if (typeof address !== 'string' || address.length === 0) {
        throw invalidParams('switching accounts needs an address')
      }
      const current = requireSession()
      const account = current.accounts.find((a) => a.address === address)
      if (!account) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: address })
      if (account.purpose !== 'payment') {
        throw adapterError('NON_PAYMENT_ACCOUNT', {
          details: `${address} is an ${account.purpose} account`,
        })
      }
      if (current.accounts[0]?.address === address) return
      current.accounts = toAccounts(current.accounts, address)
      emit({ type: 'accountsChanged', accounts: current.accounts })
    },

    async switchNetwork(network) {
      requireBitcoin(network)
      const current = requireSession()
      if (current.network.caipNetworkId === network.caipNetworkId) return
      current.network = network
      emit({ type: 'chainChanged', chainId: network.id })
    },

    async getBalance({ address, network }) {
      requireBitcoin(network)
      if (!isBitcoinAddress(address, bitcoinNetworkName(network))) {
        throw adapterError('INVALID_ADDRESS', { details: address })
      }
      const value = await addressBalance(esploraUrl(network), address)
      return { value, decimals: SATS_DECIMALS, symbol: network.nativeCurrency.symbol }
    },

    signMessage,
    signPsbt,
    sendTransfer,
    estimateTransferFee,

    async request({ method, params }) {
      const current = requireSession()
      switch (method) {
        case 'getAccountAddresses':
          return current.accounts.map((a) => ({
            address: a.address,
            ...(a.publicKey ? { publicKey: a.publicKey } : {}),
            intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
          }))
        case 'signMessage': {
          if (!isRecord(params) || typeof params.message !== 'string') {
            throw invalidParams('signMessage needs { message, address }')
          }
          const address = typeof params.address === 'string' ? params.address : undefined
          const p =
            params.protocol === undefined ? undefined : String(params.protocol).toUpperCase()
          const signature = await signMessage({
            message: params.message,
            address: address ?? paymentAccount(current).address,
            ...(p ? { protocol: p as MessageProtocol } : {}),
          })
          return { address: address ?? paymentAccount(current).address, signature }
        }
        case 'signPsbt': {
          if (!isRecord(params)) throw invalidParams('signPsbt needs { psbt }')
          // WalletConnect's form lists { address, index } pairs; sats-connect's maps addresses.
          let signInputs = params.signInputs as SignPsbtParameters['signInputs'] | unknown[]
          if (Array.isArray(signInputs)) {
            const map: Record<string, number[]> = {}
            for (const entry of signInputs) {
              if (!isRecord(entry) || typeof entry.address !== 'string') {
                throw invalidParams('signInputs entries need an address and an index')
              }
              map[entry.address] = [...(map[entry.address] ?? []), entry.index as number]
            }
            signInputs = map
          }
          return signPsbt({
            psbt: params.psbt as string,
            ...(signInputs ? { signInputs: signInputs as Record<string, number[]> } : {}),
            ...(params.broadcast === true ? { broadcast: true } : {}),
          })
        }
        case 'sendTransfer': {
          if (!isRecord(params)) throw invalidParams('sendTransfer needs a recipient and an amount')
          const recipients = Array.isArray(params.recipients)
            ? params.recipients
            : [{ address: params.recipientAddress, amount: params.amount }]
          if (recipients.length !== 1 || !isRecord(recipients[0])) {
            throw invalidParams('sendTransfer sends to one recipient')
          }
          const { address, amount } = recipients[0]
          let value: bigint
          try {
            value = BigInt(amount as string | number)
          } catch {
            throw invalidParams(`amount ${String(amount)}`)
          }
          return { txid: await sendTransfer({ to: String(address), value }) }
        }
        default:
          throw adapterError('UNSUPPORTED_METHOD', { details: method })
      }
    },

    getProvider() {
      return session.current?.provider.provider
    },

    on: session.on,
  }
  return adapter
}
