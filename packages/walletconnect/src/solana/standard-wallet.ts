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
  chainError,
  kitError,
} from '@openmodal/core/internal'
import type { WalletConnectClient } from '../client/create-client.js'
import { WALLETCONNECT_SOLANA_ID } from '../connector/identity.js'
import { createSessionWallet, type SessionStandardWallet } from '../utils/session-wallet.js'
import { withSignature } from './transaction.js'

type SolanaChain = `solana:${string}`

/** `bytes` with the wallet's signature put in; a transaction it cannot go into is the wallet's fault. */
function signedWith(bytes: Uint8Array, signature: Uint8Array, address: string): Uint8Array {
  try {
    return withSignature(bytes, signature, base58Decode(address) as Uint8Array)
  } catch (cause) {
    throw chainError('WALLET_UNEXPECTED_ANSWER', { details: String(cause), cause })
  }
}

/** A wallet-standard account (`WalletAccount` of @wallet-standard/base). */
export interface SolanaWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly SolanaChain[]
  readonly features: readonly string[]
}

/** The wallet-standard wallet (`Wallet` of @wallet-standard/base) the Solana adapter drives. */
export type SolanaStandardWallet = SessionStandardWallet<SolanaChain, SolanaWalletAccount>

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
  return createSessionWallet<SolanaChain, SolanaWalletAccount>({
    namespace: 'solana',
    label: 'Solana',
    name: WALLETCONNECT_SOLANA_ID,
    client: options.client,
    networks: options.networks,
    chainName: clusterOf,
    parseAccounts(wc, caip) {
      const granted = wc?.getAccounts('solana') ?? []
      const addresses = [...new Set(granted.map((a) => a.split(':')[2] ?? '').filter(Boolean))]
      const withClusters = (list: readonly string[]) => [
        ...new Set([...list, ...list.map(clusterOf)] as SolanaChain[]),
      ]
      return addresses.flatMap((address): SolanaWalletAccount[] => {
        const publicKey = base58Decode(address)
        if (publicKey?.length !== 32) return []
        const chainsOf = withClusters(caip.filter((c) => granted.includes(`${c}:${address}`)))
        return [
          Object.freeze({
            address,
            publicKey,
            chains: Object.freeze(chainsOf.length ? chainsOf : withClusters(caip)),
            features: FEATURES,
          }),
        ]
      })
    },
    features: ({ addressOf, chainFor, request }) => {
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
              : signedWith(bytes, base58Field(answer, 'signature', 64), address)
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

      return {
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
      }
    },
  })
}
