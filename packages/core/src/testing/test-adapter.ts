// A small in-memory ChainAdapter used only by tests: it proves the adapter contract and
// lets UI tests list, connect and reject without a real wallet. Real adapters (EVM, Solana…)
// run the same contract suite against their dev wallets.
import type {
  AdapterAccount,
  AdapterEvent,
  ChainAdapter,
  Connector,
  ConnectorType,
  ConnectResult,
} from '../adapters/types.js'
import { kitError } from '../errors/errors.js'
import type { CaipNetwork, ChainNamespace } from '../types/network.js'

export interface TestWallet {
  id: string
  name: string
  rdns?: string
  imageUrl?: string
  type?: ConnectorType
}

export interface TestAdapterOptions {
  namespace?: ChainNamespace
  wallets?: readonly TestWallet[]
  accounts?: readonly string[]
  chainId?: number | string
  /** Chains the wallet knows; switching to another fails with code 4902. */
  knownChainIds?: ReadonlyArray<number | string>
  /** Native balance in the smallest unit. */
  balance?: bigint
  /** Which connector ids grant silent reconnection (default: the ones connected before). */
  authorized?: readonly string[]
  /** Report wallets after a task, as EIP-6963 and wallet-standard discovery do. */
  asyncDiscovery?: boolean
  /** Every reconnect waits for this promise first (a wallet slow to answer after a reload). */
  reconnectGate?: Promise<void>
}

export interface TestAdapter extends ChainAdapter {
  /** Emits a wallet event to the listeners. */
  emit(event: AdapterEvent): void
  /** The next connect rejects with `error` (e.g. `{ code: 4001 }`). */
  rejectNextConnect(error: unknown): void
  /** The next connect never settles until `release()` is called. */
  holdNextConnect(): { release: () => void }
  /** The method names called, in order (e.g. `connect:io.test`). */
  readonly calls: string[]
  /** Replaces the discovered wallets (as a later EIP-6963 announcement would). */
  setWallets(wallets: readonly TestWallet[]): void
  readonly authorized: Set<string>
  readonly connected: boolean
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * @example
 * const adapter = createTestAdapter({ wallets: [{ id: 'io.test', name: 'Test Wallet' }] })
 * createModalClient({ projectId: 'p', networks: [mainnet], adapters: [adapter] })
 */
export function createTestAdapter(options: TestAdapterOptions = {}): TestAdapter {
  const namespace = options.namespace ?? 'eip155'
  let wallets = options.wallets ?? [
    { id: 'dev.openmodal.test', name: 'Test Wallet', rdns: 'dev.openmodal.test' },
  ]
  const addresses = options.accounts ?? ['0x1111111111111111111111111111111111111111']
  let chainId: number | string = options.chainId ?? 1
  const known = new Set((options.knownChainIds ?? [chainId]).map(String))
  const listeners = new Set<(event: AdapterEvent) => void>()
  const watchers = new Set<(connectors: readonly Connector[]) => void>()
  const authorized = new Set(options.authorized ?? [])
  const calls: string[] = []
  let nextError: unknown
  let hold: Promise<void> | undefined
  let connectedId: string | undefined

  const toConnectors = (): Connector[] =>
    wallets.map((w) => ({
      id: w.id,
      type: w.type ?? 'ANNOUNCED',
      name: w.name,
      namespaces: [namespace],
      installed: true,
      ...(w.rdns ? { rdns: w.rdns } : {}),
      ...(w.imageUrl ? { imageUrl: w.imageUrl } : {}),
    }))
  const accounts = (): AdapterAccount[] =>
    addresses.map((address) => ({ address, namespace, type: 'eoa' }))
  const result = (): ConnectResult => ({ accounts: accounts(), chainId })
  const requireWallet = (id: string) => {
    if (!wallets.some((w) => w.id === id))
      throw kitError('CONNECTOR_NOT_CONNECTED', { details: id })
  }

  const adapter: TestAdapter = {
    namespace,
    capabilities: ['signTypedData'],
    calls,
    authorized,
    get connected() {
      return connectedId !== undefined
    },
    watchConnectors(onChange) {
      calls.push('watchConnectors')
      watchers.add(onChange)
      if (options.asyncDiscovery) {
        setTimeout(() => {
          if (watchers.has(onChange)) onChange(toConnectors())
        }, 0)
      } else onChange(toConnectors())
      return () => watchers.delete(onChange)
    },
    async connect({ connectorId, network }: { connectorId: string; network: CaipNetwork }) {
      calls.push(`connect:${connectorId}`)
      requireWallet(connectorId)
      // Only the next connect waits: a second request (Try again) is answered at once.
      const held = hold
      hold = undefined
      if (held) await held
      if (nextError !== undefined) {
        const error = nextError
        nextError = undefined
        throw error
      }
      if (known.has(String(network.id))) chainId = network.id
      connectedId = connectorId
      authorized.add(connectorId)
      return result()
    },
    async reconnect({ connectorId }) {
      calls.push(`reconnect:${connectorId}`)
      await options.reconnectGate
      // Like real adapters, wait for the wallet to announce itself before asking it.
      if (options.asyncDiscovery) await new Promise((r) => setTimeout(r, 5))
      if (!authorized.has(connectorId) || !wallets.some((w) => w.id === connectorId)) return null
      connectedId = connectorId
      return result()
    },
    async disconnect() {
      calls.push('disconnect')
      if (connectedId) authorized.delete(connectedId)
      connectedId = undefined
    },
    async getAccounts() {
      return connectedId ? accounts() : []
    },
    async switchNetwork(network) {
      calls.push(`switchNetwork:${network.id}`)
      if (!connectedId) throw kitError('CONNECTOR_NOT_CONNECTED')
      if (!known.has(String(network.id))) throw new RpcError(4902, 'Unrecognized chain ID')
      chainId = network.id
      for (const listener of listeners) listener({ type: 'chainChanged', chainId })
    },
    async getBalance({ network }) {
      return {
        value: options.balance ?? 1_234_567_890_000_000_000n,
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
    async signMessage({ message, address }) {
      if (!connectedId) throw kitError('CONNECTOR_NOT_CONNECTED')
      return `signed:${address}:${message}`
    },
    async sendTransfer({ to, value, tokenAddress, fee }) {
      calls.push(`sendTransfer:${to}:${value}${tokenAddress ? `:${tokenAddress}` : ''}`)
      if (fee) calls.push(`sendTransfer.fee:${'gasPrice' in fee ? fee.gasPrice : fee.maxFeePerGas}`)
      if (!connectedId) throw kitError('CONNECTOR_NOT_CONNECTED')
      return `tx:${to}:${value}`
    },
    async estimateTransferFee({ fee }) {
      if (!connectedId) throw kitError('CONNECTOR_NOT_CONNECTED')
      // 21,000 gas at 1 gwei, or at the ceiling it is given.
      const price = fee ? ('gasPrice' in fee ? fee.gasPrice : fee.maxFeePerGas) : 1_000_000_000n
      return { value: 21_000n * price, cap: { gasPrice: price } }
    },
    async getTransactionStatus() {
      return 'success'
    },
    async request({ method }) {
      calls.push(`request:${method}`)
      if (method === 'eth_chainId') return `0x${Number(chainId).toString(16)}`
      if (method === 'eth_accounts') return connectedId ? addresses : []
      throw new RpcError(4200, `Unsupported method ${method}`)
    },
    getProvider() {
      return { request: adapter.request }
    },
    on(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(event) {
      if (event.type === 'chainChanged') chainId = event.chainId
      if (event.type === 'disconnect') connectedId = undefined
      for (const listener of [...listeners]) listener(event)
    },
    rejectNextConnect(error) {
      nextError = error
    },
    holdNextConnect() {
      let release = () => {}
      hold = new Promise<void>((resolve) => {
        release = () => resolve()
      })
      return { release }
    },
    setWallets(next) {
      wallets = next
      for (const watcher of watchers) watcher(toConnectors())
    },
  }
  return adapter
}
