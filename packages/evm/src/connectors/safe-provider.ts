// Loaded by `import()` from safe.ts once the parent origin is allowed: the Safe apps SDK
// (its ES module build) and an EIP-1193 provider over it.
//
// Why not @safe-global/safe-apps-provider: its only build is CommonJS and it requires the
// SDK's CommonJS build, which requires all of viem; bundled, that chunk was 186.5 kB gzip
// against ~17 kB for the SDK's ES modules. This provider maps the same methods the same way.
import { withTimeout } from '@openmodal/core/internal'
import SafeAppsSDK, { type SafeInfo } from '@safe-global/safe-apps-sdk'
import { numberToHex } from 'viem'
import type { Eip1193Provider } from '../provider/types.js'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** An EIP-1193 error (`code` is what core and the adapter read). */
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

interface TransactionRequest {
  to: string
  value?: string
  data?: string
  gas?: string | number
}

/**
 * The Safe as an EIP-1193 provider: accounts and chain from the Safe's info; signing and
 * sending become Safe messages and Safe transactions in the parent (`eth_sendTransaction`
 * resolves the safeTxHash; receipts and transactions are looked up by it); reads go through
 * the parent's RPC.
 */
export function createSafeAppProvider(safe: SafeInfo, sdk: SafeAppsSDK): Eip1193Provider {
  const sameAddress = (address: unknown) =>
    typeof address === 'string' && address.toLowerCase() === safe.safeAddress.toLowerCase()
  const signature = (response: object) => ('signature' in response ? response.signature : '0x')
  /** The executed transaction's hash for a safeTxHash, or the hash itself. */
  const executedHash = async (hash: string) => {
    try {
      return (await sdk.txs.getBySafeTxHash(hash)).txHash ?? hash
    } catch {
      return hash
    }
  }

  return {
    async request({ method, params }) {
      const args = (Array.isArray(params) ? params : []) as unknown[]
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [safe.safeAddress]
        case 'eth_chainId':
          return numberToHex(safe.chainId)
        case 'net_version':
          return String(safe.chainId)
        case 'personal_sign': {
          const [message, address] = args as [string, string]
          if (!sameAddress(address)) throw rpcError(-32602, 'The address is not the Safe')
          return signature(await sdk.txs.signMessage(message))
        }
        case 'eth_sign': {
          const [address, hash] = args as [string, string]
          if (!sameAddress(address)) throw rpcError(-32602, 'The address is not the Safe')
          return signature(await sdk.txs.signMessage(hash))
        }
        case 'eth_signTypedData':
        case 'eth_signTypedData_v4': {
          const [address, typed] = args as [string, unknown]
          if (!sameAddress(address)) throw rpcError(-32602, 'The address is not the Safe')
          const data = typeof typed === 'string' ? JSON.parse(typed) : typed
          return signature(await sdk.txs.signTypedMessage(data))
        }
        case 'eth_sendTransaction': {
          const [tx] = args as [TransactionRequest]
          const gas = typeof tx.gas === 'string' ? Number.parseInt(tx.gas, 16) : tx.gas
          const { safeTxHash } = await sdk.txs.send({
            txs: [{ to: tx.to, value: tx.value ?? '0', data: tx.data ?? '0x' }],
            ...(gas ? { params: { safeTxGas: gas } } : {}),
          })
          return safeTxHash
        }
        case 'eth_getTransactionReceipt':
          return sdk.eth.getTransactionReceipt([await executedHash(String(args[0]))])
        case 'eth_getTransactionByHash':
          return sdk.eth.getTransactionByHash([await executedHash(String(args[0]))])
        case 'eth_blockNumber':
          return (await sdk.eth.getBlockByNumber(['latest'])).number
        case 'eth_getBalance':
          return sdk.eth.getBalance(args as [string, string?])
        case 'eth_getCode':
          return sdk.eth.getCode(args as [string, string?])
        case 'eth_getTransactionCount':
          return sdk.eth.getTransactionCount(args as [string, string?])
        case 'eth_getStorageAt':
          return sdk.eth.getStorageAt(args as [string, number, string?])
        case 'eth_getBlockByNumber':
          return sdk.eth.getBlockByNumber(args as never)
        case 'eth_getBlockByHash':
          return sdk.eth.getBlockByHash(args as [string, boolean?])
        case 'eth_call':
          return sdk.eth.call(args as never)
        case 'eth_estimateGas':
          return sdk.eth.getEstimateGas(args[0] as never)
        case 'eth_getLogs':
          return sdk.eth.getPastLogs(args as never)
        case 'eth_gasPrice':
          return sdk.eth.getGasPrice()
        case 'wallet_getPermissions':
          return sdk.wallet.getPermissions()
        case 'wallet_requestPermissions':
          return sdk.wallet.requestPermissions(args[0] as never)
        default:
          // A Safe lives on one chain: switching (and anything else) is unsupported (EIP-1193).
          throw rpcError(4200, `The Safe does not support ${method}`)
      }
    },
  }
}

/**
 * Asks the parent at `origin` for its Safe and wraps it in an EIP-1193 provider; rejects when
 * the parent does not answer within `timeoutMs` (it does not speak the Safe apps protocol).
 */
export async function createSafeProvider(params: {
  origin: string
  timeoutMs: number
}): Promise<Eip1193Provider> {
  // The SDK accepts answers only from the parent window and from these origins.
  const sdk = new SafeAppsSDK({ allowedDomains: [new RegExp(`^${escapeRegExp(params.origin)}$`)] })
  const safe = await withTimeout(sdk.safe.getInfo(), {
    timeout: params.timeoutMs,
    // Swallowed by the detection (no Safe connector is listed): a visitor never sees it.
    errorInstance: new Error(`No Safe answered from ${params.origin}`),
  })
  return createSafeAppProvider(safe, sdk)
}
