// A wallet-standard Bitcoin wallet (`bitcoin:connect`, `bitcoin:signMessage`,
// `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction`) as a `BitcoinWallet`. The
// standard's accounts carry no purpose: a taproot address is taken as the ordinals account,
// any other as a payment account, unless the account says its `purpose` (WalletConnect's
// wallet does). A `bip122:sendTransfer` feature (WalletConnect's `sendTransfer`) pays directly.
import {
  adapterError,
  BaseError,
  base64Decode,
  base64Encode,
  chainError,
  kitError,
} from '@openmodal/core/internal'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { isTaprootAddress } from '../utils/address.js'
import { BitcoinWalletError, walletError } from './errors.js'
import type { BitcoinWallet, BitcoinWalletAccount } from './wallet.js'

type FeatureMethod = (...args: unknown[]) => Promise<unknown>

/** `wallet.features[name][method]`, or undefined when the wallet lacks it. */
function feature(wallet: Wallet, name: string, method: string): FeatureMethod | undefined {
  try {
    const f = (wallet.features as Record<string, Record<string, unknown> | undefined>)[name]
    const fn = f?.[method]
    return typeof fn === 'function' ? (fn.bind(f) as FeatureMethod) : undefined
  } catch {
    return undefined
  }
}

const asWalletError = (method: string, thrown: unknown, connecting = false) => {
  const code =
    typeof thrown === 'object' &&
    thrown !== null &&
    typeof (thrown as { code?: unknown }).code === 'number'
      ? (thrown as { code: number }).code
      : -32603
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  return walletError(method, new BitcoinWalletError(code, message), connecting)
}

function toAccounts(list: unknown): {
  accounts: BitcoinWalletAccount[]
  byAddress: Map<string, WalletAccount>
} {
  const accounts: BitcoinWalletAccount[] = []
  const byAddress = new Map<string, WalletAccount>()
  if (!Array.isArray(list)) return { accounts, byAddress }
  for (const entry of list as WalletAccount[]) {
    try {
      const { address, publicKey } = entry
      if (typeof address !== 'string' || !/^[0-9A-Za-z]{14,90}$/.test(address)) continue
      const key = publicKey instanceof Uint8Array && publicKey.length > 0 ? publicKey : undefined
      const told = (entry as { purpose?: unknown }).purpose
      accounts.push({
        address,
        purpose:
          told === 'payment' || told === 'ordinals'
            ? told
            : isTaprootAddress(address)
              ? 'ordinals'
              : 'payment',
        ...(key
          ? { publicKey: Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('') }
          : {}),
      })
      byAddress.set(address, entry)
    } catch {
      // a hostile account object (throwing getters) is left out
    }
  }
  // Payment accounts first: the first account is the one the kit shows as connected.
  accounts.sort((a, b) => Number(a.purpose !== 'payment') - Number(b.purpose !== 'payment'))
  return { accounts, byAddress }
}

/**
 * Wraps a wallet-standard Bitcoin wallet; `chain` is its chain id for the current network
 * (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`).
 *
 * @example const wallet = standardBitcoinWallet(registered, () => 'bitcoin:mainnet')
 */
export function standardBitcoinWallet(wallet: Wallet, chain: () => string): BitcoinWallet {
  let byAddress = new Map<string, WalletAccount>()
  const account = (address: string) => {
    const found = byAddress.get(address)
    if (!found) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: address })
    return found
  }
  const need = (name: string, method: string) => {
    const fn = feature(wallet, name, method)
    if (!fn) throw adapterError('UNSUPPORTED_METHOD', { details: `${name} is missing` })
    return fn
  }
  const remember = (list: unknown) => {
    const read = toAccounts(list)
    byAddress = read.byAddress
    return read.accounts
  }

  return {
    kind: 'wallet-standard',
    provider: wallet,

    async connect() {
      const connect = need('bitcoin:connect', 'connect')
      let answer: unknown
      try {
        answer = await connect({ purposes: ['payment', 'ordinals'] })
      } catch (thrown) {
        throw asWalletError('bitcoin:connect', thrown, true)
      }
      return remember((answer as { accounts?: unknown } | undefined)?.accounts ?? wallet.accounts)
    },

    async accounts() {
      // wallet-standard's silent connect never prompts; a wallet still loading its state (a
      // restored WalletConnect session) answers once it has it, where `wallet.accounts` would
      // still be empty.
      const silent = feature(wallet, 'standard:connect', 'connect')
      const answer = silent
        ? ((await silent({ silent: true }).catch(() => undefined)) as
            | { accounts?: unknown }
            | undefined)
        : undefined
      const list = remember(answer?.accounts ?? wallet.accounts)
      return list.length > 0 ? list : null
    },

    async disconnect() {
      const disconnect = feature(wallet, 'standard:disconnect', 'disconnect')
      await disconnect?.().catch(() => undefined)
    },

    async signMessage({ address, message, protocol }) {
      const sign = need('bitcoin:signMessage', 'signMessage')
      let outputs: unknown
      try {
        outputs = await sign({
          account: account(address),
          message: new TextEncoder().encode(message),
          ...(protocol === 'ECDSA' ? { protocol: 'ecdsa' } : {}),
        })
      } catch (thrown) {
        if (thrown instanceof BaseError) throw thrown
        throw asWalletError('bitcoin:signMessage', thrown)
      }
      const signature = (outputs as Array<{ signature?: unknown }> | undefined)?.[0]?.signature
      if (!(signature instanceof Uint8Array) || signature.length === 0) {
        throw kitError('UNKNOWN', { details: 'The wallet returned no signature' })
      }
      return base64Encode(signature)
    },

    async signPsbt({ psbt, signInputs, broadcast }) {
      const bytes = base64Decode(psbt)
      if (!bytes) throw adapterError('INVALID_PARAMS', { details: 'Invalid PSBT' })
      const inputsToSign = Object.entries(signInputs ?? {}).map(([address, signingIndexes]) => ({
        account: account(address),
        signingIndexes,
      }))
      if (broadcast) {
        const send = need('bitcoin:signAndSendTransaction', 'signAndSendTransaction')
        try {
          const [output] = (await send({ psbt: bytes, inputsToSign, chain: chain() })) as Array<{
            txId?: unknown
          }>
          if (typeof output?.txId !== 'string')
            throw chainError('WALLET_UNEXPECTED_ANSWER', {
              details: 'bitcoin:signAndSendTransaction: no txId',
            })
          return { psbt, txid: output.txId }
        } catch (thrown) {
          if (thrown instanceof BaseError) throw thrown
          throw asWalletError('bitcoin:signAndSendTransaction', thrown)
        }
      }
      const sign = need('bitcoin:signTransaction', 'signTransaction')
      try {
        const [output] = (await sign({ psbt: bytes, inputsToSign, chain: chain() })) as Array<{
          signedPsbt?: unknown
        }>
        if (!(output?.signedPsbt instanceof Uint8Array))
          throw chainError('WALLET_UNEXPECTED_ANSWER', {
            details: 'bitcoin:signTransaction: no signedPsbt',
          })
        return { psbt: base64Encode(output.signedPsbt) }
      } catch (thrown) {
        if (thrown instanceof BaseError) throw thrown
        throw asWalletError('bitcoin:signTransaction', thrown)
      }
    },

    async sendTransfer(recipients) {
      const transfer = feature(wallet, 'bip122:sendTransfer', 'sendTransfer')
      const [recipient] = recipients
      if (transfer && recipients.length === 1 && recipient) {
        const from = [...byAddress.values()].find(
          (a) => (a as { purpose?: unknown }).purpose !== 'ordinals',
        )
        try {
          const answer = (await transfer({
            account: from,
            recipientAddress: recipient.address,
            amount: recipient.amount,
            chain: chain(),
          })) as { txid?: unknown } | undefined
          if (typeof answer?.txid !== 'string')
            throw chainError('WALLET_UNEXPECTED_ANSWER', {
              details: 'bip122:sendTransfer: no txid',
            })
          return answer.txid
        } catch (thrown) {
          if (thrown instanceof BaseError) throw thrown
          throw asWalletError('bip122:sendTransfer', thrown)
        }
      }
      // The standard has no transfer feature: a PSBT must be built from the UTXOs first.
      throw adapterError('UNSUPPORTED_METHOD', {
        details: 'wallet-standard Bitcoin wallets: build a PSBT and call signPsbt with broadcast',
      })
    },

    async request(method) {
      throw adapterError('UNSUPPORTED_METHOD', { details: method })
    },

    on(listener) {
      const on = feature(wallet, 'standard:events', 'on') as unknown as
        | ((event: 'change', cb: (properties: unknown) => void) => () => void)
        | undefined
      if (!on) return () => undefined
      try {
        return on('change', (properties) => {
          const accounts = (properties as { accounts?: unknown } | undefined)?.accounts
          if (accounts === undefined) return
          const list = remember(accounts)
          listener(
            list.length === 0
              ? { type: 'disconnect' }
              : { type: 'accountsChanged', accounts: list },
          )
        })
      } catch {
        return () => undefined
      }
    },
  }
}
