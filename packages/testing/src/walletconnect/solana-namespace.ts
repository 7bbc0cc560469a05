// The solana namespace of the WalletConnect wallet harness: WalletConnect's Solana JSON-RPC
// methods answered by the wallet-standard Solana dev wallet (its keys, its fault controls,
// and its RPC URL for signAndSend), so a Solana session over WalletConnect signs for real.
import type { WalletAccount } from '@wallet-standard/base'
import bs58 from 'bs58'
import { ProviderRpcError } from '../evm/provider-error.js'
import type { SolanaChain, SolanaDevWallet } from '../solana/dev-wallet.js'
import { parseTransaction, signerIndex } from '../solana/wire.js'
import type { NamespaceWallet } from './wallet-harness.js'

/** The WalletConnect Solana methods the harness answers. */
export const SOLANA_WALLET_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
] as const

export const SOLANA_WALLET_EVENTS = ['accountsChanged', 'chainChanged'] as const

export interface SolanaNamespaceOptions {
  /** The dev wallet that signs (it is authorized for the session's app). */
  wallet: SolanaDevWallet
  /**
   * The CAIP-2 chains served, each with the dev wallet's chain it maps to (which picks the
   * RPC URL signAndSend uses), e.g. `{ 'solana:HsAA1Wqa25WNXuVomYzh8y8n7FTobxNj': 'solana:localnet' }`.
   */
  chains: Readonly<Record<string, SolanaChain>>
}

type Feature<T> = Record<string, T>

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

function fromBase64(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    throw new ProviderRpcError(-32602, `${what} must be a base64 string`)
  }
  return new Uint8Array(Buffer.from(value, 'base64'))
}

function fromBase58(value: unknown, what: string): Uint8Array {
  try {
    if (typeof value !== 'string') throw new Error('not a string')
    return bs58.decode(value)
  } catch {
    throw new ProviderRpcError(-32602, `${what} must be a base58 string`)
  }
}

const paramsObject = (params: unknown): Record<string, unknown> => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new ProviderRpcError(-32602, 'Params must be an object')
  }
  return params as Record<string, unknown>
}

/**
 * The solana namespace over `options.wallet`, for `createWalletHarness({ namespaces })`.
 * Params and results follow WalletConnect's Solana RPC: messages base58, transactions base64,
 * signatures base58.
 *
 * @example
 * const rpc = await startSolanaRpc()
 * const dev = createSolanaDevWallet({ rpcUrl: rpc.rpcUrl })
 * const wallet = await createWalletHarness({
 *   relayUrl: relay.url,
 *   chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
 *   namespaces: {
 *     solana: solanaNamespaceWallet({
 *       wallet: dev,
 *       chains: { [`solana:${rpc.genesisHash.slice(0, 32)}`]: 'solana:localnet' },
 *     }),
 *   },
 * })
 */
export function solanaNamespaceWallet(options: SolanaNamespaceOptions): NamespaceWallet {
  const dev = options.wallet
  // A WalletConnect session is the grant: the wallet-standard side is authorized up front.
  dev.setAuthorized(true)
  const features = dev.wallet.features as Feature<Record<string, (...a: unknown[]) => unknown>>

  const call = async (feature: string, method: string, input: unknown): Promise<unknown> => {
    const fn = features[feature]?.[method]
    if (!fn) throw new ProviderRpcError(4200, `The wallet has no ${feature}`)
    const [output] = (await fn(input)) as unknown[]
    return output
  }

  const accountFor = (address?: unknown): WalletAccount => {
    const accounts = dev.wallet.accounts
    const account =
      address === undefined ? accounts[0] : accounts.find((a) => a.address === address)
    if (!account) throw new ProviderRpcError(4100, 'The account is not authorized')
    return account
  }

  /** The account that must sign `bytes`: the first of the wallet's that is a signer. */
  const signerOf = (bytes: Uint8Array): WalletAccount => {
    let tx: ReturnType<typeof parseTransaction>
    try {
      tx = parseTransaction(bytes)
    } catch (error) {
      throw new ProviderRpcError(-32602, `Invalid transaction: ${(error as Error).message}`)
    }
    const account = dev.wallet.accounts.find(
      (a) => signerIndex(tx, new Uint8Array(a.publicKey)) !== -1,
    )
    if (!account) throw new ProviderRpcError(-32602, 'No account of this wallet is a signer')
    return account
  }

  const walletChain = (chainId: string): SolanaChain => {
    const chain = options.chains[chainId]
    if (!chain) throw new ProviderRpcError(4902, `Unsupported chain ${chainId}`)
    return chain
  }

  const signTransaction = async (value: unknown, chainId: string) => {
    const bytes = fromBase64(value, 'transaction')
    const account = signerOf(bytes)
    const { signedTransaction } = (await call('solana:signTransaction', 'signTransaction', {
      account,
      transaction: bytes,
      chain: walletChain(chainId),
    })) as { signedTransaction: Uint8Array }
    const signed = parseTransaction(signedTransaction)
    const index = signerIndex(signed, new Uint8Array(account.publicKey))
    return {
      signature: bs58.encode(signed.signatures[index] as Uint8Array),
      transaction: toBase64(signedTransaction),
    }
  }

  return {
    methods: SOLANA_WALLET_METHODS,
    events: SOLANA_WALLET_EVENTS,
    supportsChain: (chainId) => chainId in options.chains,
    accounts: (chainId) => dev.addresses.map((address) => `${chainId}:${address}`),
    async request({ method, params, chainId }) {
      switch (method) {
        case 'solana_getAccounts':
        case 'solana_requestAccounts':
          return dev.wallet.accounts.map((a) => ({ pubkey: a.address }))
        case 'solana_signMessage': {
          const { message, pubkey } = paramsObject(params)
          const bytes = fromBase58(message, 'message')
          const { signature } = (await call('solana:signMessage', 'signMessage', {
            account: accountFor(pubkey),
            message: bytes,
          })) as { signature: Uint8Array }
          return { signature: bs58.encode(signature) }
        }
        case 'solana_signTransaction':
          return signTransaction(paramsObject(params).transaction, chainId)
        case 'solana_signAllTransactions': {
          const { transactions } = paramsObject(params)
          if (!Array.isArray(transactions)) {
            throw new ProviderRpcError(-32602, 'transactions must be an array')
          }
          const signed: string[] = []
          for (const tx of transactions)
            signed.push((await signTransaction(tx, chainId)).transaction)
          return { transactions: signed }
        }
        case 'solana_signAndSendTransaction': {
          const { transaction, sendOptions } = paramsObject(params)
          const bytes = fromBase64(transaction, 'transaction')
          const { signature } = (await call(
            'solana:signAndSendTransaction',
            'signAndSendTransaction',
            {
              account: signerOf(bytes),
              transaction: bytes,
              chain: walletChain(chainId),
              ...(sendOptions && typeof sendOptions === 'object' ? { options: sendOptions } : {}),
            },
          )) as { signature: Uint8Array }
          return { signature: bs58.encode(signature) }
        }
        default:
          throw new ProviderRpcError(4200, `Unsupported method ${method}`)
      }
    },
  }
}
