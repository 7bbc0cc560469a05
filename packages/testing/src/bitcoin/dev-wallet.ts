// The Bitcoin dev wallet: a sats-connect protocol provider (the `request(method, params)` and
// `addListener` of Xverse-style wallets, listed in `window.btc_providers`) that signs with
// local keys (@scure/btc-signer, @noble/curves) and reads and broadcasts through an Esplora
// URL. It runs in Node and in the browser; every request is approved at once unless a fault
// is armed (`rejectNext`).
import { hexToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { selectUTXO, Transaction } from '@scure/btc-signer'
import { BITCOIN_DEV_WALLET_ICON } from '../evm/eip6963.js'
import { persistedGrant } from '../persisted-grant.js'
import { type BitcoinNetworkName, BTC_NETWORKS, SATS_CONNECT_NETWORK_NAMES } from './networks.js'
import {
  type AddressPurpose,
  type BitcoinDevKey,
  bitcoinDevKeys,
  signBip322,
  signEcdsaMessage,
} from './signing.js'

/** The sats-connect methods the dev wallet answers. */
export const BITCOIN_DEV_WALLET_METHODS = [
  'getAccounts',
  'getAddresses',
  'wallet_connect',
  'wallet_getAccount',
  'wallet_disconnect',
  'wallet_renouncePermissions',
  'wallet_getNetwork',
  'getBalance',
  'signMessage',
  'signPsbt',
  'sendTransfer',
] as const
export type BitcoinDevWalletMethod = (typeof BITCOIN_DEV_WALLET_METHODS)[number]

/** sats-connect's JSON-RPC error codes (`RpcErrorCode`). */
export const SATS_CONNECT_ERROR_CODES = {
  INVALID_PARAMS: -32602,
  METHOD_NOT_FOUND: -32601,
  INTERNAL_ERROR: -32603,
  USER_REJECTION: -32000,
  METHOD_NOT_SUPPORTED: -32001,
  ACCESS_DENIED: -32002,
} as const

export interface SatsConnectAddress {
  address: string
  publicKey: string
  purpose: AddressPurpose
  addressType: 'p2wpkh' | 'p2tr'
  walletType: 'software'
}

export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string; data?: unknown } }

export type SatsConnectEvent =
  | { type: 'accountChange'; addresses?: SatsConnectAddress[] }
  | { type: 'networkChange'; bitcoin: { name: string }; addresses?: SatsConnectAddress[] }
  | { type: 'disconnect' }

/** The provider object a sats-connect wallet puts on `window` (see `BitcoinProvider`). */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<SatsConnectResponse>
  addListener(info: {
    eventName: 'accountChange' | 'networkChange' | 'disconnect'
    cb: (event: SatsConnectEvent) => void
  }): () => void
}

/** An entry of `window.btc_providers`; `id` is the provider's path on `window`. */
export interface SatsConnectProviderInfo {
  id: string
  name: string
  icon: string
  webUrl?: string
  methods?: string[]
}

export interface BitcoinDevWalletOptions {
  /** Esplora base URL for UTXOs, fee estimates and broadcasts (sendTransfer, broadcast). */
  esploraUrl?: string
  /** Default `regtest`. */
  network?: BitcoinNetworkName
  /** Account index of the dev keys; default 0. */
  account?: number
  /** Default 'OpenModal Bitcoin Dev Wallet'. Any string: tests pass hostile ones. */
  name?: string
  /** Path on `window` where the provider lives; default `OpenModalBitcoinDev.BitcoinProvider`. */
  id?: string
  /** Default `BITCOIN_DEV_WALLET_ICON`. */
  icon?: string
  /** Methods the wallet refuses with METHOD_NOT_FOUND (a wallet without sendTransfer…). */
  omitMethods?: readonly BitcoinDevWalletMethod[]
  /** Keeps the page's grant in `localStorage` under this key, so a reload reconnects silently. */
  persistKey?: string
}

export interface BitcoinDevWalletCall {
  method: string
  params: unknown
}

class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Creates the Bitcoin dev wallet. `register()` lists it in `window.btc_providers` as real
 * sats-connect wallets do.
 *
 * @example
 * const wallet = createBitcoinDevWallet({ esploraUrl: regtest.url })
 * const unregister = wallet.register()
 * await wallet.provider.request('getAccounts', { purposes: ['payment'] })
 */
export function createBitcoinDevWallet(options: BitcoinDevWalletOptions = {}) {
  const network = options.network ?? 'regtest'
  const btcNetwork = BTC_NETWORKS[network]
  const name = options.name ?? 'OpenModal Bitcoin Dev Wallet'
  const id = options.id ?? 'OpenModalBitcoinDev.BitcoinProvider'
  const omitted = new Set<string>(options.omitMethods ?? [])
  let keys = bitcoinDevKeys(options.account ?? 0, network)
  const grant = persistedGrant(options.persistKey)
  let connected = grant.read()
  let delayMs = 0
  const faults: Array<{ method?: string }> = []
  const calls: BitcoinDevWalletCall[] = []
  const listeners = new Set<{ eventName: string; cb: (event: SatsConnectEvent) => void }>()

  const esplora = async (path: string, init?: RequestInit): Promise<Response> => {
    if (!options.esploraUrl) {
      throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INTERNAL_ERROR, 'No Esplora URL set')
    }
    const response = await fetch(`${options.esploraUrl}${path}`, init)
    if (!response.ok) {
      throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INTERNAL_ERROR, await response.text())
    }
    return response
  }

  const addresses = (purposes: readonly AddressPurpose[]): SatsConnectAddress[] =>
    purposes.map((purpose) => {
      const key = keys[purpose]
      return {
        address: key.address,
        publicKey: key.publicKey,
        purpose,
        addressType: key.addressType,
        walletType: 'software',
      }
    })

  const purposesOf = (params: unknown): AddressPurpose[] => {
    const purposes = isRecord(params) ? params.purposes : undefined
    if (purposes === undefined) return ['payment', 'ordinals']
    if (!Array.isArray(purposes) || purposes.some((p) => p !== 'payment' && p !== 'ordinals')) {
      throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid purposes')
    }
    return purposes as AddressPurpose[]
  }

  const requireConnected = () => {
    if (!connected) {
      throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.ACCESS_DENIED, 'Access denied')
    }
  }

  const keyOf = (address: unknown): BitcoinDevKey => {
    const key = Object.values(keys).find((k) => k.address === address)
    if (!key) {
      throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Unknown address')
    }
    return key
  }

  const broadcast = async (hex: string): Promise<string> =>
    (await esplora('/tx', { method: 'POST', body: hex })).text()

  const networkInfo = () => ({
    bitcoin: { name: SATS_CONNECT_NETWORK_NAMES[network] },
    stacks: { name: network === 'mainnet' ? 'mainnet' : 'testnet' },
  })

  const handlers: Record<BitcoinDevWalletMethod, (params: unknown) => Promise<unknown> | unknown> =
    {
      getAccounts(params) {
        const purposes = purposesOf(params)
        connected = grant.write(true)
        return addresses(purposes)
      },
      getAddresses(params) {
        const purposes = purposesOf(params)
        connected = grant.write(true)
        return { addresses: addresses(purposes), network: networkInfo() }
      },
      wallet_connect(params) {
        const requested = isRecord(params) ? params.addresses : undefined
        const purposes = purposesOf(requested === undefined ? undefined : { purposes: requested })
        connected = grant.write(true)
        return {
          id: 'dev',
          addresses: addresses(purposes),
          walletType: 'software',
          network: networkInfo(),
        }
      },
      wallet_getAccount() {
        requireConnected()
        return {
          id: 'dev',
          addresses: addresses(['payment', 'ordinals']),
          walletType: 'software',
          network: networkInfo(),
        }
      },
      wallet_disconnect() {
        connected = grant.write(false)
        return null
      },
      wallet_renouncePermissions() {
        connected = grant.write(false)
        return true
      },
      wallet_getNetwork() {
        return networkInfo()
      },
      async getBalance() {
        requireConnected()
        const utxos = (await (
          await esplora(`/address/${keys.payment.address}/utxo`)
        ).json()) as Array<{ value: number; status: { confirmed: boolean } }>
        const confirmed = utxos.filter((u) => u.status.confirmed).reduce((s, u) => s + u.value, 0)
        const total = utxos.reduce((s, u) => s + u.value, 0)
        return {
          confirmed: String(confirmed),
          unconfirmed: String(total - confirmed),
          total: String(total),
        }
      },
      signMessage(params) {
        requireConnected()
        if (!isRecord(params) || typeof params.message !== 'string') {
          throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid message')
        }
        const key = keyOf(params.address)
        // sats-connect's default: ECDSA for p2wpkh, BIP-322 for taproot.
        const protocol = params.protocol ?? (key.addressType === 'p2tr' ? 'BIP322' : 'ECDSA')
        if (protocol !== 'BIP322' && protocol !== 'ECDSA') {
          throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid protocol')
        }
        if (protocol === 'ECDSA' && key.addressType !== 'p2wpkh') {
          throw new WalletRpcError(
            SATS_CONNECT_ERROR_CODES.METHOD_NOT_SUPPORTED,
            'ECDSA signatures need a p2wpkh address',
          )
        }
        const signature =
          protocol === 'BIP322'
            ? signBip322(key, params.message)
            : signEcdsaMessage(key, params.message)
        return { signature, address: key.address, protocol, messageHash: '' }
      },
      async signPsbt(params) {
        requireConnected()
        if (!isRecord(params) || typeof params.psbt !== 'string') {
          throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid PSBT')
        }
        let tx: Transaction
        try {
          tx = Transaction.fromPSBT(base64.decode(params.psbt))
        } catch {
          throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid PSBT')
        }
        const signInputs = params.signInputs
        const plan: Array<[BitcoinDevKey, number]> = []
        if (signInputs === undefined) {
          // Every input of ours, found by its witness UTXO's script.
          for (let i = 0; i < tx.inputsLength; i++) {
            const script = tx.getInput(i).witnessUtxo?.script
            const key = Object.values(keys).find(
              (k) =>
                script &&
                k.script.length === script.length &&
                k.script.every((b, j) => b === script[j]),
            )
            if (key) plan.push([key, i])
          }
        } else {
          if (!isRecord(signInputs)) {
            throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid signInputs')
          }
          for (const [address, indexes] of Object.entries(signInputs)) {
            const key = keyOf(address)
            if (!Array.isArray(indexes)) {
              throw new WalletRpcError(
                SATS_CONNECT_ERROR_CODES.INVALID_PARAMS,
                'Invalid signInputs',
              )
            }
            for (const i of indexes) plan.push([key, i as number])
          }
        }
        try {
          for (const [key, i] of plan) {
            if (key.addressType === 'p2tr' && !tx.getInput(i).tapInternalKey) {
              tx.updateInput(i, { tapInternalKey: hexToBytes(key.publicKey) })
            }
            tx.signIdx(key.privateKey, i)
          }
        } catch (error) {
          throw new WalletRpcError(
            SATS_CONNECT_ERROR_CODES.INVALID_PARAMS,
            `Cannot sign: ${error instanceof Error ? error.message : String(error)}`,
          )
        }
        if (params.broadcast === true) {
          tx.finalize()
          const txid = await broadcast(tx.hex)
          return { psbt: base64.encode(tx.toPSBT()), txid }
        }
        return { psbt: base64.encode(tx.toPSBT()) }
      },
      async sendTransfer(params) {
        requireConnected()
        const recipients = isRecord(params) ? params.recipients : undefined
        if (
          !Array.isArray(recipients) ||
          recipients.length === 0 ||
          !recipients.every(
            (r) =>
              isRecord(r) &&
              typeof r.address === 'string' &&
              typeof r.amount === 'number' &&
              Number.isSafeInteger(r.amount) &&
              r.amount > 0,
          )
        ) {
          throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INVALID_PARAMS, 'Invalid recipients')
        }
        const payment = keys.payment
        const [utxos, rates] = await Promise.all([
          esplora(`/address/${payment.address}/utxo`).then(
            (r) => r.json() as Promise<Array<{ txid: string; vout: number; value: number }>>,
          ),
          esplora('/fee-estimates').then((r) => r.json() as Promise<Record<string, number>>),
        ])
        const feeRate = BigInt(Math.max(1, Math.ceil(rates['1'] ?? rates['2'] ?? 1)))
        let selected: ReturnType<typeof selectUTXO>
        try {
          selected = selectUTXO(
            utxos.map((u) => ({
              txid: u.txid,
              index: u.vout,
              witnessUtxo: { script: payment.script, amount: BigInt(u.value) },
            })),
            (recipients as Array<{ address: string; amount: number }>).map((r) => ({
              address: r.address,
              amount: BigInt(r.amount),
            })),
            'default',
            {
              changeAddress: payment.address,
              feePerByte: feeRate,
              bip69: false,
              createTx: true,
              network: btcNetwork,
            },
          )
        } catch (error) {
          throw new WalletRpcError(
            SATS_CONNECT_ERROR_CODES.INVALID_PARAMS,
            error instanceof Error ? error.message : String(error),
          )
        }
        if (!selected?.tx) {
          throw new WalletRpcError(SATS_CONNECT_ERROR_CODES.INTERNAL_ERROR, 'Insufficient funds')
        }
        selected.tx.sign(payment.privateKey)
        selected.tx.finalize()
        return { txid: await broadcast(selected.tx.hex) }
      },
    }

  const emit = (event: SatsConnectEvent) => {
    const eventName = event.type
    for (const l of [...listeners]) if (l.eventName === eventName) l.cb(event)
  }

  let nextId = 0
  const provider: SatsConnectProvider = {
    async request(method, params) {
      const rpcId = String(++nextId)
      calls.push({ method, params })
      try {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
        const fault = faults.findIndex((f) => f.method === undefined || f.method === method)
        if (fault >= 0) {
          faults.splice(fault, 1)
          throw new WalletRpcError(
            SATS_CONNECT_ERROR_CODES.USER_REJECTION,
            'User rejected the request',
          )
        }
        const handler = handlers[method as BitcoinDevWalletMethod]
        if (!handler || omitted.has(method)) {
          throw new WalletRpcError(
            SATS_CONNECT_ERROR_CODES.METHOD_NOT_FOUND,
            `Method not found: ${method}`,
          )
        }
        return { jsonrpc: '2.0', id: rpcId, result: await handler(params) }
      } catch (error) {
        const code =
          error instanceof WalletRpcError ? error.code : SATS_CONNECT_ERROR_CODES.INTERNAL_ERROR
        const message = error instanceof Error ? error.message : String(error)
        return { jsonrpc: '2.0', id: rpcId, error: { code, message } }
      }
    },
    addListener(info) {
      const entry = { eventName: info.eventName, cb: info.cb }
      listeners.add(entry)
      return () => listeners.delete(entry)
    },
  }

  const info: SatsConnectProviderInfo = {
    id,
    name,
    icon: options.icon ?? BITCOIN_DEV_WALLET_ICON,
    methods: BITCOIN_DEV_WALLET_METHODS.filter((m) => !omitted.has(m)),
  }

  return {
    provider,
    info,
    name,
    id,
    network,
    /** The wallet's keys (addresses, public keys) for the current account. */
    get keys(): Record<AddressPurpose, BitcoinDevKey> {
      return keys
    },
    get connected(): boolean {
      return connected
    },
    /** Requests received, in order. */
    calls,
    /** The next request (of `method`, if given) is rejected as the user would (-32000). */
    rejectNext(fault: { method?: BitcoinDevWalletMethod } = {}) {
      faults.push(fault)
    },
    /** Waits `ms` before answering each request. */
    delay(ms: number) {
      delayMs = ms
    },
    /** Switches to the keys of account `index` and reports `accountChange`. */
    setAccount(index: number) {
      keys = bitcoinDevKeys(index, network)
      if (connected) emit({ type: 'accountChange', addresses: addresses(['payment', 'ordinals']) })
    },
    /** The wallet drops the app's permission and reports `disconnect`. */
    revoke() {
      connected = grant.write(false)
      emit({ type: 'disconnect' })
    },
    /** Sends a raw event, as a misbehaving wallet could. */
    emitRaw(eventName: 'accountChange' | 'networkChange' | 'disconnect', event: unknown) {
      for (const l of [...listeners]) if (l.eventName === eventName) l.cb(event as SatsConnectEvent)
    },
    /**
     * Lists the wallet in `window.btc_providers` and puts the provider at its `id` path on
     * `window`, as sats-connect wallets do. Returns a function that removes both.
     */
    register(scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>) {
      const path = id.split('.')
      let holder = scope
      for (const part of path.slice(0, -1)) {
        holder[part] ??= {}
        holder = holder[part] as Record<string, unknown>
      }
      const last = path[path.length - 1] as string
      holder[last] = provider
      scope.btc_providers ??= []
      const list = scope.btc_providers as SatsConnectProviderInfo[]
      list.push(info)
      return () => {
        if (holder[last] === provider) delete holder[last]
        const at = list.indexOf(info)
        if (at >= 0) list.splice(at, 1)
      }
    },
  }
}

export type BitcoinDevWallet = ReturnType<typeof createBitcoinDevWallet>
