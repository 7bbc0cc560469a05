import type { AccountType, CaipNetwork, ChainNamespace } from '../types/network.js'

/** Connector kinds (spec §3). */
export type ConnectorType =
  | 'EXTERNAL'
  | 'ANNOUNCED'
  | 'INJECTED'
  | 'MULTI_CHAIN'
  | 'AUTH'
  | 'WALLET_CONNECT'

/** Something a visitor can pick to connect: one wallet (or way) in one or more namespaces. */
export interface Connector {
  /** Stable id; for announced wallets the rdns or uuid. */
  id: string
  type: ConnectorType
  /** Shown as text only. */
  name: string
  /** `data:image/…` or `https:` only; anything else is dropped before it gets here. */
  imageUrl?: string
  rdns?: string
  /** Wallet registry id, when known. */
  explorerId?: string
  namespaces: readonly ChainNamespace[]
  /**
   * MULTI_CHAIN only: each namespace's own id for this wallet (EIP-6963 uses the rdns,
   * wallet-standard the name), which that namespace's adapter connects by.
   */
  connectorIds?: Partial<Record<ChainNamespace, string>>
  /** The wallet is present in this browser (EIP-6963, wallet-standard, injected). */
  installed?: boolean
}

export interface AdapterAccount {
  address: string
  type?: AccountType
  namespace: ChainNamespace
  publicKey?: string
  path?: string
}

export interface ConnectResult {
  accounts: readonly AdapterAccount[]
  /** The network the wallet is on after connecting (CAIP-2 reference, e.g. `1`). */
  chainId: number | string
}

export type AdapterEvent =
  | { type: 'accountsChanged'; accounts: readonly AdapterAccount[] }
  | { type: 'chainChanged'; chainId: number | string }
  | { type: 'disconnect' }

/** Optional capabilities an adapter may declare (not every namespace has them). */
export type AdapterCapability =
  | 'signTypedData'
  | 'sendCalls'
  | 'signPsbt'
  | 'walletGetAssets'
  | 'signTransaction'

export interface SendTransferParameters {
  to: string
  /** Amount in the token's smallest unit. */
  value: bigint
  /** Token contract address; absent for the native currency. */
  tokenAddress?: string
  /**
   * The price ceiling `estimateTransferFee` used (its `cap`): the send is charged no more per
   * unit, so an amount computed as balance − fee ("Max") stays sendable. Absent: the adapter
   * (or the wallet) prices the transaction itself.
   */
  fee?: FeeCap
}

/**
 * The most a transaction may pay per unit of gas (EVM): EIP-1559 `maxFeePerGas` and
 * `maxPriorityFeePerGas`, or a legacy `gasPrice` on chains without a base fee.
 */
export type FeeCap = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }

/** The network fee of a transfer, as `ChainAdapter.estimateTransferFee` measured it. */
export interface TransferFee {
  /** The most the transfer costs in fees, in the native currency's smallest unit. */
  value: bigint
  /**
   * The price ceiling `value` was computed with; hand it back to `sendTransfer` as `fee`.
   * Absent where the wallet sets the price (Solana, Bitcoin).
   */
  cap?: FeeCap
}

/** Where a sent transaction stands (`ChainAdapter.getTransactionStatus`). */
export type SentTransactionStatus = 'pending' | 'success' | 'failed'

/** A transaction for the wallet to sign and send (EVM `eth_sendTransaction`). */
export interface SendTransactionParameters {
  to: string
  /** Native value in the smallest unit; default 0. */
  value?: bigint
  /** Calldata, `0x`-prefixed hex. */
  data?: string
}

/**
 * The contract every chain adapter implements (ARCHITECTURE.md "Adapters").
 * Core calls these; the UI never imports an adapter directly.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  readonly capabilities?: readonly AdapterCapability[]
  /**
   * Starts discovery (called when the connectors store is first observed, never at import)
   * and reports the connectors it finds, now and later. Returns a stop function.
   */
  watchConnectors(onChange: (connectors: readonly Connector[]) => void): () => void
  connect(params: { connectorId: string; network: CaipNetwork }): Promise<ConnectResult>
  /**
   * Optional: a connector to connect silently on page load even without a stored connection,
   * because the page runs inside that wallet (a Safe app in the Safe interface).
   */
  autoConnectorId?(): Promise<string | undefined>
  /** Silent reconnect: resolves `null` when the wallet no longer grants access. Never prompts. */
  reconnect(params: { connectorId: string; network: CaipNetwork }): Promise<ConnectResult | null>
  disconnect(): Promise<void>
  getAccounts(): Promise<readonly AdapterAccount[]>
  switchNetwork(network: CaipNetwork): Promise<void>
  /** Native balance in the smallest unit as a decimal string, with the currency's decimals. */
  getBalance(params: { address: string; network: CaipNetwork }): Promise<{
    value: bigint
    decimals: number
    symbol: string
  }>
  signMessage(params: { message: string; address: string }): Promise<string>
  sendTransfer(params: SendTransferParameters): Promise<string>
  /**
   * Optional: the network fee `sendTransfer(params)` would cost the connected account, in the
   * native currency's smallest unit (EVM: `eth_estimateGas` × the fee ceiling, `params.fee`
   * when given; Solana: the fee of the message, plus the rent of a token account it creates
   * for the receiver), with the price ceiling it used (`cap`) for `sendTransfer`.
   */
  estimateTransferFee?(params: SendTransferParameters): Promise<TransferFee>
  /**
   * Optional: where a transaction this adapter sent stands: `pending` (no receipt yet),
   * `success`, or `failed` (mined and reverted). An adapter whose `sendTransfer` resolves only
   * once the transaction is confirmed may leave it out.
   */
  getTransactionStatus?(id: string): Promise<SentTransactionStatus>
  /**
   * Optional: why a mined transaction this adapter sent reverted (EVM: the reason string of
   * the transaction replayed with `eth_call` at its block); undefined when it tells none.
   */
  getRevertReason?(id: string): Promise<string | undefined>
  /** Optional: sends an arbitrary transaction from the connected account; resolves its id. */
  sendTransaction?(params: SendTransactionParameters): Promise<string>
  /**
   * Optional (capability `sendCalls`): sends `calls` as one EIP-5792 batch. `fallback` is true
   * when the wallet lacks EIP-5792 and each call went as its own transaction (not atomic).
   */
  sendCalls?(params: {
    calls: readonly SendTransactionParameters[]
  }): Promise<{ id: string; fallback: boolean }>
  /** Optional: where a batch of `sendCalls` stands (`failed` when any call failed). */
  getCallsStatus?(id: string): Promise<SentTransactionStatus>
  /** Raw RPC request to the wallet (EIP-1193 style). */
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /**
   * Identity for an address (e.g. ENS name and avatar). Optional; core calls it only on
   * non-test EVM networks and caches the answer for 5 minutes (spec §5, §9).
   */
  getProfile?(params: { address: string; network: CaipNetwork }): Promise<{
    name?: string
    avatar?: string
  }>
  /** The provider object a host may use directly (e.g. an EIP-1193 provider). */
  getProvider(): unknown
  /** Wallet events; returns an unsubscribe function. */
  on(listener: (event: AdapterEvent) => void): () => void
}
