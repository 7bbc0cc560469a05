// A wallet-standard Solana wallet over the secure frame: what @openmodal/solana drives (it
// finds wallets through the wallet-standard registry), backed by the frame's Solana account
// (m/44'/501'/0'/0'). Every signature is approved by the user inside the frame.
import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type { SecureFrame } from './frame.js'

/** Features of the wallet-standard Solana wallet, by name (as `@solana/wallet-standard-features`). */
export const SOLANA_WALLET_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const

export interface EmbeddedSolanaWalletOptions {
  /** The clusters it signs for, `solana:<genesis hash prefix>`; the first is the default. */
  chains: readonly [`solana:${string}`, ...`solana:${string}`[]]
  /**
   * Other names of those clusters, as wallet-standard apps name them (`solana:devnet`,
   * `solana:localnet`, …) → the cluster in `chains`: listed as the wallet's chains too, and
   * translated before the frame sees them.
   */
  aliases?: Readonly<Record<`solana:${string}`, `solana:${string}`>>
  /** Default "E-mail wallet". */
  name?: string
  /** A `data:image/…` icon; default an envelope. */
  icon?: WalletIcon
}

const ENVELOPE_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCIgZmlsbD0ibm9uZSIgc3Ryb2tlPSIjNDc2MWY1IiBzdHJva2Utd2lkdGg9IjIiPjxyZWN0IHg9IjIiIHk9IjQiIHdpZHRoPSIyMCIgaGVpZ2h0PSIxNiIgcng9IjIiLz48cGF0aCBkPSJtMiA2IDEwIDcgMTAtNyIvPjwvc3ZnPg==' as const

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void

interface SignInput {
  account: WalletAccount
  transaction: Uint8Array
  chain?: string
  options?: Record<string, unknown>
}

/**
 * A wallet-standard wallet whose Solana account lives in `frame`. Register it where the Solana
 * adapter looks (`getWallets().register(wallet)` of `@wallet-standard/app`) once the visitor is
 * logged in; `standard:connect` reads the account from the frame.
 *
 * @example
 * const wallet = createEmbeddedSolanaWallet(frame, { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
 * const { accounts } = await wallet.features['standard:connect'].connect()
 */
export function createEmbeddedSolanaWallet(
  frame: SecureFrame,
  options: EmbeddedSolanaWalletOptions,
): Wallet & { readonly features: Record<(typeof SOLANA_WALLET_FEATURES)[number], unknown> } {
  const clusters: readonly string[] = options.chains
  const aliases: Readonly<Record<string, `solana:${string}`>> = options.aliases ?? {}
  const chains = [
    ...options.chains,
    ...Object.keys(aliases).filter((alias) => clusters.includes(aliases[alias] ?? '')),
  ] as `solana:${string}`[]
  const listeners = new Set<Listener>()
  let accounts: readonly WalletAccount[] = []

  const setAccounts = (next: readonly WalletAccount[]) => {
    accounts = next
    for (const listener of listeners) listener({ accounts })
  }

  const rpc = async (method: string, params: unknown) =>
    (await frame.request('RPC_REQUEST', { method, params })).result as Record<string, unknown>

  const ownAccount = (account: WalletAccount) => {
    if (!accounts.some((known) => known.address === account?.address)) {
      throw new Error('This account is not connected to the e-mail wallet')
    }
  }

  const chainOf = (input: SignInput) => {
    const named = input.chain ?? options.chains[0]
    const chain = aliases[named] ?? named
    if (!clusters.includes(chain)) {
      throw new Error(`The e-mail wallet does not sign for ${named}`)
    }
    return chain
  }

  const features = {
    'standard:connect': {
      version: '1.0.0',
      async connect() {
        const user = await frame.request('GET_USER', {})
        const address = user.accounts?.find((account) => account.namespace === 'solana')?.address
        if (!address) throw new Error('The e-mail wallet has no Solana account')
        setAccounts([
          {
            address,
            publicKey: base58.decode(address),
            chains,
            features: [
              'solana:signMessage',
              'solana:signTransaction',
              'solana:signAndSendTransaction',
            ],
          },
        ])
        return { accounts }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      // Forgets the account here; signing out of the frame is the connector's job.
      async disconnect() {
        setAccounts([])
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: 'change', listener: Listener) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
        const outputs = []
        for (const { account, message } of inputs) {
          ownAccount(account)
          const { signature } = await rpc('solana_signMessage', {
            message: base58.encode(message),
            pubkey: account.address,
          })
          outputs.push({ signedMessage: message, signature: base58.decode(String(signature)) })
        }
        return outputs
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs: SignInput[]) {
        for (const input of inputs) ownAccount(input.account)
        if (inputs.length === 1) {
          const [input] = inputs as [SignInput]
          const { transaction } = await rpc('solana_signTransaction', {
            transaction: base64.encode(input.transaction),
            chain: chainOf(input),
          })
          return [{ signedTransaction: base64.decode(String(transaction)) }]
        }
        // Several at once: one approval in the frame for all of them.
        for (const input of inputs) chainOf(input)
        const { transactions } = await rpc('solana_signAllTransactions', {
          transactions: inputs.map((input) => base64.encode(input.transaction)),
        })
        return (transactions as string[]).map((t) => ({ signedTransaction: base64.decode(t) }))
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs: SignInput[]) {
        const outputs = []
        for (const input of inputs) {
          ownAccount(input.account)
          const { signature } = await rpc('solana_signAndSendTransaction', {
            transaction: base64.encode(input.transaction),
            chain: chainOf(input),
            sendOptions: input.options ?? {},
          })
          outputs.push({ signature: base58.decode(String(signature)) })
        }
        return outputs
      },
    },
  }

  return {
    version: '1.0.0',
    name: options.name ?? 'E-mail wallet',
    icon: options.icon ?? ENVELOPE_ICON,
    chains,
    get accounts() {
      return accounts
    },
    features,
  }
}
