// WalletConnect as a Bitcoin wallet: a wallet-standard wallet over the session's `bip122`
// namespace, registered for the Bitcoin adapter to discover (as the Solana wallet is for the
// Solana adapter). Its features send WalletConnect's Bitcoin RPC to the wallet (spec §7:
// sendTransfer, signMessage, signPsbt, getAccountAddresses): PSBTs and signatures base64.
import {
  adapterError,
  base64Decode,
  base64Encode,
  type CaipNetwork,
  kitError,
} from '@openmodal/core/internal'
import type { WalletConnectClient } from '../client/create-client.js'
import { WALLETCONNECT_BITCOIN_ID } from '../connector/identity.js'
import { createSessionWallet, type SessionStandardWallet } from '../utils/session-wallet.js'

type BitcoinChain = `bitcoin:${string}` | `bip122:${string}`

/** Address purposes, as the Bitcoin adapter names them (WalletConnect: `intention`). */
export type BitcoinPurpose = 'payment' | 'ordinals'

/** A wallet-standard account (`WalletAccount`) plus the purpose the wallet gave it. */
export interface BitcoinWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly BitcoinChain[]
  readonly features: readonly string[]
  readonly purpose: BitcoinPurpose
}

/** The wallet-standard wallet (`Wallet` of @wallet-standard/base) the Bitcoin adapter drives. */
export type BitcoinStandardWallet = SessionStandardWallet<BitcoinChain, BitcoinWalletAccount>

export interface WalletConnectBitcoinWallet {
  readonly wallet: BitcoinStandardWallet
  /** Registers the wallet with the page's wallet-standard registry; returns an unregister. */
  register(target?: EventTarget): () => void
  /** Stops a pairing a `bitcoin:connect` is waiting on (it rejects with "Modal closed"). */
  cancelPairing(): void
}

export interface BitcoinWalletOptions {
  /** The WalletConnect client (already created, or created on first use). */
  client: () => Promise<WalletConnectClient>
  /** The host's networks: the bip122 ones are the chains offered before a session exists. */
  networks: readonly CaipNetwork[]
}

/** Wallet-standard chain names (`bitcoin:mainnet`, …) by CAIP-2 reference (genesis hash). */
const NAMES: Readonly<Record<string, BitcoinChain>> = {
  '000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  '000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}
const nameOf = (caip: string): BitcoinChain | undefined => NAMES[caip.slice('bip122:'.length)]

/** CAIP-2 chains plus their wallet-standard names (the adapter asks with those). */
const withNames = (caip: readonly string[]): BitcoinChain[] => [
  ...new Set([
    ...(caip as BitcoinChain[]),
    ...caip.map(nameOf).filter((n): n is BitcoinChain => n !== undefined),
  ]),
]

type AccountEntry = { address: string; publicKey: Uint8Array; purpose: BitcoinPurpose }
/** The addresses of CAIP-10 accounts, once each. */
const addressesOf = (caip10: readonly string[]): string[] => [
  ...new Set(caip10.map((a) => a.split(':')[2] ?? '').filter(Boolean)),
]
/** An address the wallet gave no purpose for: a payment one (the bip122 default, spec §3). */
const paymentEntry = (address: string): AccountEntry => ({
  address,
  publicKey: new Uint8Array(),
  purpose: 'payment',
})

const FEATURES = [
  'bitcoin:signMessage',
  'bitcoin:signTransaction',
  'bitcoin:signAndSendTransaction',
  'bip122:sendTransfer',
] as const

const invalid = (details: string) => adapterError('INVALID_PARAMS', { details })
const fromHex = (value: unknown): Uint8Array =>
  typeof value === 'string' && /^(?:[0-9a-f]{2})+$/i.test(value)
    ? Uint8Array.from(value.match(/../g) as string[], (b) => Number.parseInt(b, 16))
    : new Uint8Array()

/** A string field of a wallet's answer; a clear error when missing. */
function stringField(answer: unknown, field: string): string {
  const value = (answer as Record<string, unknown> | null | undefined)?.[field]
  if (typeof value !== 'string' || value.length === 0) {
    throw kitError('UNKNOWN', { details: `The wallet answered no valid ${field}` })
  }
  return value
}

/** A base64 field of a wallet's answer, decoded. */
function base64Field(answer: unknown, field: string): Uint8Array {
  const bytes = base64Decode(stringField(answer, field))
  if (!bytes || bytes.length === 0) {
    throw kitError('UNKNOWN', { details: `The wallet answered no valid ${field}` })
  }
  return bytes
}

/**
 * The Bitcoin wallet of a WalletConnect client. Before a session it offers the host's bip122
 * chains and `bitcoin:connect` starts a pairing (the QR view shows its URI); with a session
 * its accounts are the wallet's `getAccountAddresses` answer (payment and ordinals, with
 * their purpose), or the session's bip122 accounts as payment ones when the wallet lists none.
 * `bip122:sendTransfer` is WalletConnect's `sendTransfer` (the wallet builds the transaction).
 *
 * @example
 * const bitcoin = createBitcoinWallet({ client: () => wc, networks })
 * const unregister = bitcoin.register() // the Bitcoin adapter lists "WalletConnect"
 */
export function createBitcoinWallet(options: BitcoinWalletOptions): WalletConnectBitcoinWallet {
  /** The wallet's `getAccountAddresses` answer for this session (topic), once read. */
  let listed: { topic: string; entries: AccountEntry[] } | undefined
  /** The session whose addresses a restore is reading in the background. */
  let reading: string | undefined

  return createSessionWallet<BitcoinChain, BitcoinWalletAccount>({
    namespace: 'bip122',
    label: 'Bitcoin',
    name: WALLETCONNECT_BITCOIN_ID,
    client: options.client,
    networks: options.networks,
    chainName: nameOf,
    connectFeatures: ['bitcoin:connect'],
    accountKey: (a) => `${a.address}/${a.purpose}`,
    parseAccounts(wc, caip) {
      if (caip.length === 0) return []
      const topic = wc?.session?.topic
      const entries =
        topic && listed?.topic === topic
          ? listed.entries
          : addressesOf(wc?.getAccounts('bip122') ?? []).map(paymentEntry)
      return entries.map((e) =>
        Object.freeze({ ...e, chains: Object.freeze(withNames(caip)), features: FEATURES }),
      )
    },
    onAccountsChanged(wc, changed) {
      // The event names addresses only: a known one keeps its purpose, a new one is payment.
      const topic = wc.session?.topic
      const known = new Map(listed?.entries.map((e) => [e.address, e]))
      listed = topic
        ? {
            topic,
            entries: addressesOf(changed).map((a) => known.get(a) ?? paymentEntry(a)),
          }
        : undefined
    },
    onDisconnect() {
      listed = undefined
    },
    async onSession(wc, { sessionChains, request, refresh }, silent) {
      // Asks the wallet for its addresses with their purpose (`getAccountAddresses`).
      const topic = wc.session?.topic
      const chainId = sessionChains()[0]
      if (!topic || !chainId || listed?.topic === topic) return
      const read = async () => {
        const payment = wc.getAccounts('bip122')[0]?.split(':')[2]
        const answer = await request(chainId, 'getAccountAddresses', {
          account: payment,
          intentions: ['payment', 'ordinal'],
        })
        const entries = (Array.isArray(answer) ? answer : []).flatMap((entry: unknown) => {
          const { address, publicKey, intention } = (entry ?? {}) as Record<string, unknown>
          if (typeof address !== 'string' || !/^[0-9A-Za-z]{14,90}$/.test(address)) return []
          const purpose: BitcoinPurpose = intention === 'ordinal' ? 'ordinals' : 'payment'
          return [{ address, publicKey: fromHex(publicKey), purpose }]
        })
        if (entries.length > 0 && wc.session?.topic === topic) listed = { topic, entries }
      }
      if (!silent) return read()
      // A restored session comes back at once with the session's (payment) accounts; the
      // wallet's purposes follow when it answers, as a change. A wallet offline keeps them.
      if (reading === topic) return
      reading = topic
      void read()
        .then(refresh, () => undefined)
        .finally(() => {
          if (reading === topic) reading = undefined
        })
    },
    features: ({ accounts, addressOf, chainFor, request }) => {
      const signMessage = async (...inputs: unknown[]) => {
        const outputs = []
        for (const input of inputs) {
          const address = addressOf(input)
          const { message, protocol } = input as { message?: unknown; protocol?: unknown }
          if (!(message instanceof Uint8Array) || message.length === 0) {
            throw invalid('message must be bytes')
          }
          const answer = await request(chainFor(undefined), 'signMessage', {
            account: address,
            address,
            message: new TextDecoder().decode(message),
            // WalletConnect's default is ECDSA; wallet-standard's is BIP-322.
            protocol: protocol === 'ecdsa' ? 'ecdsa' : 'bip322',
          })
          outputs.push({ signedMessage: message, signature: base64Field(answer, 'signature') })
        }
        return outputs
      }

      /** WalletConnect's `signPsbt` for a wallet-standard transaction input. */
      const signPsbt = async (input: unknown, broadcast: boolean) => {
        const { psbt, inputsToSign, chain } = (input ?? {}) as Record<string, unknown>
        if (!(psbt instanceof Uint8Array) || psbt.length === 0) throw invalid('psbt must be bytes')
        const signInputs = (Array.isArray(inputsToSign) ? inputsToSign : []).flatMap(
          (entry: unknown) => {
            const address = addressOf(entry)
            const indexes = (entry as { signingIndexes?: unknown }).signingIndexes
            if (
              !Array.isArray(indexes) ||
              !indexes.every((i) => Number.isSafeInteger(i) && i >= 0)
            ) {
              throw invalid('signingIndexes must be input indexes')
            }
            return indexes.map((index: number) => ({ address, index }))
          },
        )
        return request(chainFor(chain), 'signPsbt', {
          account: signInputs[0]?.address ?? accounts()[0]?.address,
          psbt: base64Encode(psbt),
          signInputs,
          broadcast,
        })
      }

      const signTransaction = async (...inputs: unknown[]) => {
        const outputs = []
        for (const input of inputs) {
          outputs.push({ signedPsbt: base64Field(await signPsbt(input, false), 'psbt') })
        }
        return outputs
      }

      const signAndSendTransaction = async (...inputs: unknown[]) => {
        const outputs = []
        for (const input of inputs) {
          outputs.push({ txId: stringField(await signPsbt(input, true), 'txid') })
        }
        return outputs
      }

      const sendTransfer = async (input: unknown) => {
        const address = addressOf(input)
        const { recipientAddress, amount, chain } = (input ?? {}) as Record<string, unknown>
        if (typeof recipientAddress !== 'string' || recipientAddress.length === 0) {
          throw invalid('recipientAddress must be an address')
        }
        const sats = typeof amount === 'bigint' ? amount : BigInt(String(amount ?? '0'))
        if (sats <= 0n) throw invalid('amount must be a positive number of sats')
        const answer = await request(chainFor(chain), 'sendTransfer', {
          account: address,
          recipientAddress,
          amount: sats.toString(),
        })
        return { txid: stringField(answer, 'txid') }
      }

      return {
        'bitcoin:signMessage': Object.freeze({ version: '1.0.0', signMessage }),
        'bitcoin:signTransaction': Object.freeze({ version: '1.0.0', signTransaction }),
        'bitcoin:signAndSendTransaction': Object.freeze({
          version: '1.0.0',
          signAndSendTransaction,
        }),
        'bip122:sendTransfer': Object.freeze({ version: '1.0.0', sendTransfer }),
      }
    },
  })
}
