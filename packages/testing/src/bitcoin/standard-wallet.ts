// The Bitcoin dev wallet as a wallet-standard wallet (`bitcoin:connect`, `bitcoin:signMessage`,
// `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction`, `standard:events`,
// `standard:disconnect`), over the same keys and ledger as its sats-connect provider: each
// feature is answered by a provider request, so both faces behave alike (and share faults).
import { hexToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { registerStandardWallet } from '../wallet-standard-registration.js'
import type { BitcoinDevWallet, SatsConnectAddress, SatsConnectResponse } from './dev-wallet.js'

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void

const FEATURES = [
  'bitcoin:signMessage',
  'bitcoin:signTransaction',
  'bitcoin:signAndSendTransaction',
] as const

/** A wallet-standard error, as wallets throw them: a message and the sats-connect code. */
class StandardWalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

function unwrap<T>(response: SatsConnectResponse): T {
  if ('error' in response) {
    // A user rejection keeps EIP-1193's 4001, as wallet-standard wallets throw it.
    const code = response.error.code === -32000 ? 4001 : response.error.code
    throw new StandardWalletError(code, response.error.message)
  }
  return response.result as T
}

/**
 * The wallet-standard face of a Bitcoin dev wallet. `register()` announces it the way
 * `registerWallet` of @wallet-standard/wallet does.
 *
 * @example
 * const dev = createBitcoinDevWallet({ esploraUrl })
 * const { wallet, register } = bitcoinStandardWallet(dev)
 */
export function bitcoinStandardWallet(
  dev: BitcoinDevWallet,
  options: { name?: string; icon?: string } = {},
) {
  const chains = [`bitcoin:${dev.network}`] as Wallet['chains']
  const listeners = new Set<ChangeListener>()
  let granted: WalletAccount[] = []

  const toAccount = (a: SatsConnectAddress): WalletAccount =>
    Object.freeze({
      address: a.address,
      publicKey: hexToBytes(a.publicKey),
      chains,
      features: [...FEATURES],
    })

  const request = <T>(method: string, params?: unknown) =>
    dev.provider.request(method, params).then((r) => unwrap<T>(r))

  dev.provider.addListener({
    eventName: 'accountChange',
    cb: (event) => {
      if (!('addresses' in event) || !event.addresses) return
      granted = event.addresses.map(toAccount)
      for (const listener of [...listeners]) listener({ accounts: granted })
    },
  })
  dev.provider.addListener({
    eventName: 'disconnect',
    cb: () => {
      granted = []
      for (const listener of [...listeners]) listener({ accounts: granted })
    },
  })

  const addressOf = (account: unknown) => (account as WalletAccount | undefined)?.address

  const features = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect(input?: { purposes?: string[] }) {
        const list = await request<SatsConnectAddress[]>('getAccounts', {
          purposes: input?.purposes ?? ['payment', 'ordinals'],
        })
        granted = list.map(toAccount)
        return { accounts: granted }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        await request('wallet_disconnect')
        granted = []
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: ChangeListener) {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(
        ...inputs: Array<{ account: WalletAccount; message: Uint8Array; protocol?: string }>
      ) {
        const outputs = []
        for (const input of inputs) {
          const message = new TextDecoder().decode(input.message)
          const { signature } = await request<{ signature: string }>('signMessage', {
            address: addressOf(input.account),
            message,
            protocol: input.protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
          })
          outputs.push({ signedMessage: input.message, signature: base64.decode(signature) })
        }
        return outputs
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(
        ...inputs: Array<{
          psbt: Uint8Array
          inputsToSign: Array<{ account: WalletAccount; signingIndexes: number[] }>
        }>
      ) {
        const outputs = []
        for (const input of inputs) {
          const { psbt } = await request<{ psbt: string }>('signPsbt', {
            psbt: base64.encode(input.psbt),
            signInputs: Object.fromEntries(
              input.inputsToSign.map((i) => [addressOf(i.account), i.signingIndexes]),
            ),
          })
          outputs.push({ signedPsbt: base64.decode(psbt) })
        }
        return outputs
      },
    },
    'bitcoin:signAndSendTransaction': {
      version: '1.0.0',
      async signAndSendTransaction(
        ...inputs: Array<{
          psbt: Uint8Array
          inputsToSign: Array<{ account: WalletAccount; signingIndexes: number[] }>
        }>
      ) {
        const outputs = []
        for (const input of inputs) {
          const { txid } = await request<{ txid: string }>('signPsbt', {
            psbt: base64.encode(input.psbt),
            signInputs: Object.fromEntries(
              input.inputsToSign.map((i) => [addressOf(i.account), i.signingIndexes]),
            ),
            broadcast: true,
          })
          outputs.push({ txId: txid })
        }
        return outputs
      },
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? `${dev.name} (Wallet Standard)`,
    icon: (options.icon ?? dev.info.icon) as WalletIcon,
    chains,
    features: features as unknown as Wallet['features'],
    get accounts() {
      return granted
    },
  }

  return {
    wallet,
    /** Announces the wallet on `target` (default `window`); returns its unregister. */
    register: (target?: EventTarget) => registerStandardWallet(wallet, target),
  }
}
