// A Solana wallet adapter (`@solana/wallet-adapter-base`) over the modal's Solana connection,
// so a dapp's `useWallet()` / `useConnection()` of `@solana/wallet-adapter-react` follow what
// the modal connected (any wallet-standard wallet, WalletConnect, the embedded wallet) and sign
// and send through it. The modal stays the one source of truth: the adapter reads the Solana
// account from core's `$accounts`, opens the modal (Solana wallets only) to connect, and routes
// every signature through the modal's Solana adapter (`request`, the WalletConnect shapes), so
// whichever wallet the visitor picked signs.
import type { ModalInstance } from '@openmodal/core'
import {
  $accounts,
  base58Decode,
  base58Encode,
  base64Decode,
  base64Encode,
  getAccountState,
  getAdapter,
} from '@openmodal/core/internal'
import {
  BaseMessageSignerWalletAdapter,
  isVersionedTransaction,
  type SupportedTransactionVersions,
  WalletConnectionError,
  WalletDisconnectionError,
  type WalletError,
  type WalletName,
  WalletNotConnectedError,
  WalletReadyState,
  WalletSignMessageError,
  WalletSignTransactionError,
} from '@solana/wallet-adapter-base'
import { PublicKey, type Transaction, type VersionedTransaction } from '@solana/web3.js'

/** The adapter's name in `useWallet().wallets`, what `select()` takes. */
export const OpenModalWalletName = 'OpenModal' as WalletName<'OpenModal'>

// The OpenModal mark (a ring in a rounded square), small enough to inline.
const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f6feb"/><circle cx="16" cy="16" r="8" fill="none" stroke="#fff" stroke-width="4"/></svg>',
  )

export interface OpenModalWalletAdapterConfig {
  /** The instance `createModal` returned, with `solanaAdapter()` among its adapters. */
  modal: ModalInstance
}

/** The modal's Solana connection: its address, or busy while a connect or reconnect runs. */
type Solana = { busy: true } | { busy: false; address: string | undefined }

function readSolana(): Solana {
  const account = getAccountState('solana')
  if (account.status === 'connecting' || account.status === 'reconnecting') return { busy: true }
  return { busy: false, address: account.status === 'connected' ? account.address : undefined }
}

/** The message of whatever was thrown. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * `error` as wallet-adapter's `Kind` of error (one that is already a `Keep`, such as "not
 * connected", stays as it is), so a dapp's `onError` and `catch` see the kinds it knows.
 */
function asWalletError(
  error: unknown,
  Kind: new (message?: string, error?: unknown) => WalletError,
  Keep: abstract new (...args: never[]) => WalletError = WalletNotConnectedError,
): WalletError {
  return error instanceof Keep ? error : new Kind(messageOf(error), error)
}

/**
 * A wallet adapter whose wallet is the modal: `connect()` opens the modal on its Solana
 * wallets (or takes the connection it already has), the public key follows the modal's
 * Solana account, and signing goes to the wallet the visitor connected there.
 *
 * @example
 * const wallets = [new OpenModalWalletAdapter({ modal })]
 * <WalletProvider wallets={wallets} autoConnect>…</WalletProvider>
 */
export class OpenModalWalletAdapter extends BaseMessageSignerWalletAdapter {
  readonly name = OpenModalWalletName
  readonly url = 'https://github.com/openmodal/openmodal'
  readonly icon = ICON
  readonly supportedTransactionVersions: SupportedTransactionVersions = new Set([
    'legacy',
    0,
  ] as const)
  /** The modal can always be opened: nothing to install. */
  readonly readyState = WalletReadyState.Loadable

  readonly #modal: ModalInstance
  #publicKey: PublicKey | null = null
  #connecting = false

  constructor({ modal }: OpenModalWalletAdapterConfig) {
    super()
    this.#modal = modal
    const current = readSolana()
    if (!current.busy && current.address) this.#publicKey = new PublicKey(current.address)
    // The adapter lives as long as the page (wallet-adapter has no destroy): one listener.
    $accounts.listen(() => this.#follow())
  }

  get publicKey(): PublicKey | null {
    return this.#publicKey
  }

  get connecting(): boolean {
    return this.#connecting
  }

  /** Tells wallet-adapter what changed in the modal: connect (or a new account), disconnect. */
  #follow(): void {
    const state = readSolana()
    // connect() tells wallet-adapter itself when it settles.
    if (state.busy || this.#connecting) return
    const before = this.#publicKey?.toBase58()
    if (state.address === before) return
    if (!state.address) {
      this.#publicKey = null
      this.emit('disconnect')
      return
    }
    this.#publicKey = new PublicKey(state.address)
    this.emit('connect', this.#publicKey)
  }

  /** Resolves with the modal's Solana address once no connect or reconnect is under way. */
  #settled(): Promise<string | undefined> {
    return new Promise((resolve) => {
      const check = () => {
        const state = readSolana()
        if (state.busy) return false
        stop?.()
        resolve(state.address)
        return true
      }
      let stop: (() => void) | undefined
      if (!check()) stop = $accounts.listen(check)
    })
  }

  /**
   * Takes the modal's Solana connection when it has one (a reload restores it), and never
   * opens the modal: what `<WalletProvider autoConnect>` calls on load.
   */
  override async autoConnect(): Promise<void> {
    const address = await this.#settled()
    if (!address) throw new WalletNotConnectedError('The modal has no Solana connection')
    this.#publicKey = new PublicKey(address)
    this.emit('connect', this.#publicKey)
  }

  /** Tells the dapp's `onError` of `failure`, then gives it back to be thrown. */
  #failed(failure: WalletError): WalletError {
    this.emit('error', failure)
    return failure
  }

  /** Opens the modal on its Solana wallets unless it is connected there already. */
  async connect(): Promise<void> {
    if (this.#connecting) return
    if (this.#publicKey) {
      // wallet-adapter-react reads the key from this event only: say it again on a connect()
      // after select() of an adapter that followed the modal while it was not selected.
      this.emit('connect', this.#publicKey)
      return
    }
    this.#connecting = true
    try {
      const address = (await this.#settled()) ?? (await this.#connectInModal())
      this.#publicKey = new PublicKey(address)
      this.emit('connect', this.#publicKey)
    } catch (error) {
      throw this.#failed(asWalletError(error, WalletConnectionError, WalletConnectionError))
    } finally {
      this.#connecting = false
    }
  }

  /** Opens the modal (Connect, Solana wallets only); the visitor closing it rejects. */
  #connectInModal(): Promise<string> {
    return new Promise((resolve, reject) => {
      let opened = false
      const stops: (() => void)[] = []
      const done = (settle: () => void) => {
        for (const stop of stops) stop()
        settle()
      }
      stops.push(
        $accounts.listen(() => {
          const state = readSolana()
          if (!state.busy && state.address) done(() => resolve(state.address as string))
        }),
        this.#modal.subscribeState((state) => {
          if (state.open) opened = true
          else if (opened && !readSolana().busy) {
            done(() => reject(new WalletConnectionError('Modal closed')))
          }
        }),
      )
      this.#modal.open({ view: 'Connect', data: { namespace: 'solana' } })
    })
  }

  async disconnect(): Promise<void> {
    if (!this.#publicKey) return
    try {
      await this.#modal.disconnect('solana')
    } catch (error) {
      this.emit('error', new WalletDisconnectionError(messageOf(error), error))
    }
    // The modal's store already said so when the disconnect went through; say it once more
    // only if it did not (wallet-adapter expects `disconnect` after this call).
    if (this.#publicKey) {
      this.#publicKey = null
      this.emit('disconnect')
    }
  }

  /** The modal's Solana adapter, once connected. */
  #request(method: string, params: unknown): Promise<unknown> {
    const adapter = getAdapter('solana')
    if (!this.#publicKey || !adapter) throw new WalletNotConnectedError()
    return adapter.request({ method, params })
  }

  async signTransaction<T extends Transaction | VersionedTransaction>(transaction: T): Promise<T> {
    try {
      const { transaction: signed } = (await this.#request('solana_signTransaction', {
        transaction: base64Encode(serialize(transaction)),
      })) as { transaction: string }
      return deserialize(transaction, fromBase64(signed))
    } catch (error) {
      throw this.#failed(asWalletError(error, WalletSignTransactionError))
    }
  }

  override async signAllTransactions<T extends Transaction | VersionedTransaction>(
    transactions: T[],
  ): Promise<T[]> {
    try {
      const { transactions: signed } = (await this.#request('solana_signAllTransactions', {
        transactions: transactions.map((t) => base64Encode(serialize(t))),
      })) as { transactions: string[] }
      return transactions.map((t, i) => deserialize(t, fromBase64(signed[i])))
    } catch (error) {
      throw this.#failed(asWalletError(error, WalletSignTransactionError))
    }
  }

  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    try {
      const { signature } = (await this.#request('solana_signMessage', {
        message: base58Encode(message),
        pubkey: this.#publicKey?.toBase58(),
      })) as { signature: string }
      const bytes = base58Decode(signature)
      if (!bytes) throw new Error('The wallet answered no signature')
      return bytes
    } catch (error) {
      throw this.#failed(asWalletError(error, WalletSignMessageError))
    }
  }
}

/** The wire bytes of a transaction, unsigned parts allowed (the wallet adds its signature). */
function serialize(transaction: Transaction | VersionedTransaction): Uint8Array {
  return isVersionedTransaction(transaction)
    ? transaction.serialize()
    : transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
}

/** The bytes of a base64 answer of the modal's adapter. */
function fromBase64(text: string | undefined): Uint8Array {
  const bytes = text === undefined ? undefined : base64Decode(text)
  if (!bytes) throw new Error('The wallet answered no transaction')
  return bytes
}

/**
 * The signed transaction, built by the class of the one the dapp passed: a dapp with its own
 * copy of web3.js gets its own `Transaction` back, not ours.
 */
function deserialize<T extends Transaction | VersionedTransaction>(
  original: T,
  bytes: Uint8Array,
): T {
  const kind = original.constructor as unknown as {
    from?: (bytes: Uint8Array) => T
    deserialize?: (bytes: Uint8Array) => T
  }
  const build = isVersionedTransaction(original) ? kind.deserialize : kind.from
  if (!build) throw new Error('Unknown transaction class')
  return build.call(kind, bytes)
}
