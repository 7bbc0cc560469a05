// The bip122 namespace of the WalletConnect wallet harness: WalletConnect's Bitcoin JSON-RPC
// methods (spec §7: sendTransfer, signMessage, signPsbt, getAccountAddresses) answered by the
// sats-connect Bitcoin dev wallet (its keys, its faults, its Esplora URL), so a Bitcoin
// session over WalletConnect signs and sends for real.
import { ProviderRpcError } from '../evm/provider-error.js'
import type { NamespaceWallet } from '../walletconnect/wallet-harness.js'
import type { BitcoinDevWallet, SatsConnectResponse } from './dev-wallet.js'
import { bitcoinCaipId } from './networks.js'

/** The WalletConnect bip122 methods the harness answers. */
export const BIP122_WALLET_METHODS = [
  'sendTransfer',
  'signMessage',
  'signPsbt',
  'getAccountAddresses',
] as const

export const BIP122_WALLET_EVENTS = ['bip122_addressesChanged'] as const

const paramsObject = (params: unknown): Record<string, unknown> => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new ProviderRpcError(-32602, 'Params must be an object')
  }
  return params as Record<string, unknown>
}

/**
 * The bip122 namespace over a Bitcoin dev wallet, for `createWalletHarness({ namespaces })`.
 * The session's account is the payment address; `getAccountAddresses` lists the ordinals one
 * too (`intention: 'ordinal'`). Params and results follow WalletConnect's Bitcoin RPC.
 *
 * @example
 * const dev = createBitcoinDevWallet({ esploraUrl: regtest.url })
 * const wallet = await createWalletHarness({
 *   relayUrl: relay.url,
 *   chains: [],
 *   namespaces: { bip122: bitcoinNamespaceWallet({ wallet: dev }) },
 * })
 */
export function bitcoinNamespaceWallet(options: { wallet: BitcoinDevWallet }): NamespaceWallet {
  const dev = options.wallet
  const chain = bitcoinCaipId(dev.network)

  const call = async <T>(method: string, params?: unknown): Promise<T> => {
    const response: SatsConnectResponse = await dev.provider.request(method, params)
    if ('error' in response) {
      // A user's "no" is WalletConnect's 5000 (USER_REJECTED); the rest keep their code.
      const code = response.error.code === -32000 ? 5000 : response.error.code
      throw new ProviderRpcError(code, response.error.message)
    }
    return response.result as T
  }

  const requireChain = (chainId: string) => {
    if (chainId !== chain) throw new ProviderRpcError(4902, `Unsupported chain ${chainId}`)
  }

  return {
    methods: BIP122_WALLET_METHODS,
    events: BIP122_WALLET_EVENTS,
    supportsChain: (chainId) => chainId === chain,
    accounts: (chainId) => (chainId === chain ? [`${chain}:${dev.keys.payment.address}`] : []),
    async request({ method, params, chainId }) {
      requireChain(chainId)
      // A WalletConnect session is the grant: the sats-connect side is connected up front.
      if (!dev.connected) await call('getAccounts', { purposes: ['payment', 'ordinals'] })
      switch (method) {
        case 'getAccountAddresses': {
          const p = params === undefined ? {} : paramsObject(params)
          const intentions = Array.isArray(p.intentions) ? p.intentions : ['payment', 'ordinal']
          return Object.values(dev.keys)
            .map((k) => ({
              address: k.address,
              publicKey: k.publicKey,
              intention: k.purpose === 'ordinals' ? 'ordinal' : 'payment',
            }))
            .filter((a) => intentions.includes(a.intention))
        }
        case 'signMessage': {
          const p = paramsObject(params)
          const address = typeof p.address === 'string' ? p.address : dev.keys.payment.address
          const protocol = String(p.protocol ?? 'ecdsa').toUpperCase()
          const result = await call<{ signature: string }>('signMessage', {
            address,
            message: p.message,
            protocol: protocol === 'BIP322' ? 'BIP322' : 'ECDSA',
          })
          return { address, signature: result.signature }
        }
        case 'signPsbt': {
          const p = paramsObject(params)
          const signInputs: Record<string, number[]> = {}
          if (Array.isArray(p.signInputs)) {
            for (const entry of p.signInputs as Array<{ address?: unknown; index?: unknown }>) {
              if (typeof entry?.address !== 'string' || !Number.isSafeInteger(entry.index)) {
                throw new ProviderRpcError(
                  -32602,
                  'signInputs entries need an address and an index',
                )
              }
              signInputs[entry.address] = [
                ...(signInputs[entry.address] ?? []),
                entry.index as number,
              ]
            }
          }
          return call('signPsbt', {
            psbt: p.psbt,
            ...(Array.isArray(p.signInputs) ? { signInputs } : {}),
            broadcast: p.broadcast === true,
          })
        }
        case 'sendTransfer': {
          const p = paramsObject(params)
          const amount = Number(p.amount)
          if (!Number.isSafeInteger(amount) || amount <= 0) {
            throw new ProviderRpcError(-32602, 'amount must be a positive whole number of sats')
          }
          return call('sendTransfer', {
            recipients: [{ address: p.recipientAddress, amount }],
          })
        }
        default:
          throw new ProviderRpcError(4200, `Unsupported method ${method}`)
      }
    },
  }
}
