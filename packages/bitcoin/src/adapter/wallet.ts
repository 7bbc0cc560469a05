// The one shape the Bitcoin adapter drives, whatever protocol the wallet speaks (sats-connect
// providers in `window.btc_providers`, wallet-standard Bitcoin wallets).

/** Address purposes (sats-connect `AddressPurpose`): only `payment` accounts are selectable. */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** An address a wallet granted, with its purpose. */
export interface BitcoinWalletAccount {
  address: string
  /** Hex public key, when the wallet tells it. */
  publicKey?: string
  purpose: BitcoinAddressPurpose
  /** `p2wpkh`, `p2tr`, `p2sh`, … when the wallet tells it. */
  addressType?: string
}

/** Message signature protocols: BIP-322 (any address type) or legacy ECDSA (BIP-137). */
export type MessageProtocol = 'BIP322' | 'ECDSA'

export type BitcoinWalletEvent =
  | { type: 'accountsChanged'; accounts: readonly BitcoinWalletAccount[] | undefined }
  | { type: 'disconnect' }

export interface SignPsbtParameters {
  /** Base64 PSBT. */
  psbt: string
  /** Input indexes to sign, by the address that signs them (sats-connect's `signInputs`). */
  signInputs?: Record<string, number[]>
  /** Finalize and broadcast after signing; the answer then carries the txid. */
  broadcast?: boolean
}

export interface BitcoinWallet {
  readonly kind: 'sats-connect' | 'wallet-standard'
  /** The wallet object for the host (a sats-connect provider, a wallet-standard wallet). */
  readonly provider: unknown
  /** Asks the user for the payment and ordinals addresses. */
  connect(message?: string): Promise<BitcoinWalletAccount[]>
  /** The granted addresses without asking; `null` when the app has no permission. */
  accounts(): Promise<BitcoinWalletAccount[] | null>
  disconnect(): Promise<void>
  signMessage(params: {
    address: string
    message: string
    protocol: MessageProtocol
  }): Promise<string>
  signPsbt(params: SignPsbtParameters): Promise<{ psbt: string; txid?: string }>
  /** Sends `amount` sats to each recipient; resolves the txid. */
  sendTransfer(recipients: Array<{ address: string; amount: bigint }>): Promise<string>
  /** A raw request in the wallet's own protocol. */
  request(method: string, params?: unknown): Promise<unknown>
  /** Wallet events; returns an unsubscribe function. */
  on(listener: (event: BitcoinWalletEvent) => void): () => void
}
