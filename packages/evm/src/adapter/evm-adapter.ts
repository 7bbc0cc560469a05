// The EVM (eip155) ChainAdapter: EIP-6963 and injected wallets through EIP-1193, reads
// through viem. This module and discovery import no viem: the code a used wallet needs
// (wallet-actions.ts) loads with `import()` on first use, ENS (ens.ts) on the first lookup.
import {
  $networks,
  type AdapterAccount,
  type ChainAdapter,
  type ConnectResult,
  createAdapterSession,
  isEip155Address,
  issueWarning,
  kitError,
  parseChainId,
  withTimeout,
} from '@openmodal/core/internal'
import type { Address } from 'viem'
import type { ConnectorSource } from '../connectors/source.js'
import { createDiscovery, type DiscoveryOptions } from '../discovery/discovery.js'
import { asError, call, rpcErrorCode } from '../provider/errors.js'
import type { Eip1193Provider } from '../provider/types.js'
import { BASE_FEE_MULTIPLIER, checkBaseFeeMultiplier } from './fee-multiplier.js'
import { loadWalletActions, type WalletActions } from './load-wallet-actions.js'

export interface EvmAdapterOptions extends DiscoveryOptions {
  /** Connectors beside EIP-6963 (`safeConnector()`, `coinbaseConnector()`), listed after the announced wallets. */
  connectors?: readonly ConnectorSource[]
  /** How long connect/reconnect wait for a connector to be announced (default 500 ms). */
  discoveryTimeoutMs?: number
  /** How long reconnect waits for `eth_accounts`/`eth_chainId` (default 5 s). */
  reconnectTimeoutMs?: number
  /**
   * The fee ceiling's share of the latest base fee (spec §9: default 1.2, at least 1): a
   * transfer is priced at base fee × this + the priority fee.
   */
  baseFeeMultiplier?: number
}

interface Session {
  connectorId: string
  provider: Eip1193Provider
  accounts: readonly AdapterAccount[]
  chainId: number
}

/**
 * A signature as hex, `0x` included: a smart account that approved the message on chain (a
 * Safe's SignMessageLib) answers it, and ERC-1271's isValidSignature(hash, 0x) is its proof.
 */
const SIGNATURE = /^0x[0-9a-fA-F]*$/
/** Chains with ENS (the Universal Resolver of viem's `mainnet`): Ethereum mainnet. */
const ENS_CHAIN_IDS: ReadonlySet<number> = new Set([1])
const TX_HASH = /^0x[0-9a-fA-F]{64}$/

const toAccounts = (
  addresses: readonly Address[],
  type: 'eoa' | 'smartAccount' = 'eoa',
): AdapterAccount[] => addresses.map((address) => ({ address, namespace: 'eip155', type }))

/** `promise`, or FAILED_TO_CONNECT when the wallet does not answer `what` within `ms`. */
const answerWithin = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  withTimeout(promise, {
    timeout: ms,
    errorInstance: kitError('FAILED_TO_CONNECT', { details: `${what}: no answer in ${ms} ms` }),
  })

/**
 * The EVM adapter. Discovery starts only when core watches the connectors (never at import).
 * Connecting never forces a chain switch; a user's disconnect is remembered for the page so
 * the same connector does not silently reconnect.
 *
 * @example
 * import { createModalClient } from '@openmodal/core/internal'
 * import { evmAdapter } from '@openmodal/evm'
 *
 * createModalClient({ projectId, networks: [mainnet], adapters: [evmAdapter()] })
 */
export function evmAdapter(options: EvmAdapterOptions = {}): ChainAdapter {
  const sources = options.connectors ?? []
  const announced = createDiscovery(options)
  const discovery = sources.find((s) => s.discover)?.discover?.(announced, sources) ?? announced
  const discoveryTimeoutMs = options.discoveryTimeoutMs ?? 500
  const reconnectTimeoutMs = options.reconnectTimeoutMs ?? 5_000
  const baseFeeMultiplier = checkBaseFeeMultiplier(options.baseFeeMultiplier ?? BASE_FEE_MULTIPLIER)
  const session = createAdapterSession<Session>()
  const { emit, requireSession } = session

  const subscribe = (provider: Eip1193Provider, actions: WalletActions): (() => void) => {
    const onAccountsChanged = (payload: unknown) => {
      const parsed = actions.parseAccounts(payload)
      if (!parsed || parsed.invalid > 0) {
        issueWarning('evm-invalid-accounts', 'Ignored accountsChanged with invalid accounts')
        return
      }
      const current = session.current
      if (current?.provider !== provider) return
      if (parsed.accounts.length === 0) {
        session.end()
        emit({ type: 'accountsChanged', accounts: [] })
        return
      }
      current.accounts = toAccounts(parsed.accounts, discovery.accountType?.(current.connectorId))
      emit({ type: 'accountsChanged', accounts: current.accounts })
    }
    const onChainChanged = (payload: unknown) => {
      const chainId = parseChainId(payload)
      if (chainId === undefined) {
        issueWarning('evm-invalid-chain', 'Ignored chainChanged with an invalid chain id')
        return
      }
      const current = session.current
      if (current?.provider !== provider || current.chainId === chainId) return
      current.chainId = chainId
      emit({ type: 'chainChanged', chainId })
    }
    const onDisconnect = (error: unknown) => {
      // MetaMask emits 1013 while it reconnects to its RPC: the wallet is still connected.
      if (rpcErrorCode(error) === 1013 || session.current?.provider !== provider) return
      session.end()
      emit({ type: 'disconnect' })
    }
    const handlers = [
      ['accountsChanged', onAccountsChanged],
      ['chainChanged', onChainChanged],
      ['disconnect', onDisconnect],
    ] as const
    try {
      for (const [event, handler] of handlers) provider.on?.(event, handler)
    } catch (error) {
      issueWarning('evm-provider-on', `The wallet's provider.on failed: ${String(error)}`)
    }
    return () => {
      for (const [event, handler] of handlers) {
        try {
          provider.removeListener?.(event, handler)
        } catch {
          // a wallet without working removeListener: the session check above mutes it
        }
      }
    }
  }

  const begin = (
    actions: WalletActions,
    connectorId: string,
    provider: Eip1193Provider,
    addresses: readonly Address[],
    chainId: number,
  ): ConnectResult => {
    const { accounts } = session.begin(
      {
        connectorId,
        provider,
        accounts: toAccounts(addresses, discovery.accountType?.(connectorId)),
        chainId,
      },
      () => subscribe(provider, actions),
    )
    return { accounts, chainId }
  }

  const readChainId = async (provider: Eip1193Provider) => {
    const chainId = parseChainId(await call(provider, 'eth_chainId'))
    if (chainId === undefined) {
      throw kitError('FAILED_TO_CONNECT', { details: 'The wallet answered an invalid chain id' })
    }
    return chainId
  }

  /** Sends the transaction `build` makes from the connected account; resolves its hash. */
  const send = async (
    build: (actions: WalletActions, from: Address) => unknown,
  ): Promise<string> => {
    const { provider, accounts } = requireSession()
    const actions = await loadWalletActions()
    const from = actions.toAddress(accounts[0]?.address)
    if (!from) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND')
    const hash = await call(provider, 'eth_sendTransaction', [build(actions, from)])
    if (typeof hash !== 'string' || !TX_HASH.test(hash)) {
      throw kitError('UNKNOWN', { details: 'The wallet returned no transaction hash' })
    }
    return hash
  }

  return {
    namespace: 'eip155',
    capabilities: ['signTypedData', 'sendCalls'],

    watchConnectors(onChange) {
      return discovery.subscribe(onChange)
    },

    async connect({ connectorId }) {
      const provider = await discovery.waitFor(connectorId, discoveryTimeoutMs)
      if (!provider) throw kitError('PROVIDER_NOT_FOUND', { details: connectorId })
      // Loads while the wallet asks its user.
      const loading = loadWalletActions()
      const answer = await call(provider, 'eth_requestAccounts')
      const actions = await loading
      const parsed = actions.parseAccounts(answer)
      if (parsed && parsed.invalid > 0) {
        issueWarning('evm-invalid-accounts', 'Ignored invalid accounts from eth_requestAccounts')
      }
      if (!parsed?.accounts.length) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND')
      // The wallet may be on another chain: core shows UnsupportedChain if it is not configured.
      const chainId = await readChainId(provider)
      return begin(actions, connectorId, provider, parsed.accounts, chainId)
    },

    async reconnect({ connectorId }) {
      if (session.userDisconnected(connectorId)) return null
      const provider = await discovery.waitFor(connectorId, discoveryTimeoutMs)
      if (!provider) return null
      const loading = loadWalletActions()
      const answer = await answerWithin(
        call(provider, 'eth_accounts'),
        reconnectTimeoutMs,
        'eth_accounts',
      )
      const actions = await loading
      const parsed = actions.parseAccounts(answer)
      if (!parsed?.accounts.length) return null
      const chainId = await answerWithin(readChainId(provider), reconnectTimeoutMs, 'eth_chainId')
      return begin(actions, connectorId, provider, parsed.accounts, chainId)
    },

    async disconnect() {
      const ended = session.end({ byUser: true })
      if (!ended) return
      // EIP-2255 wallets then forget the site; for the others the flag above keeps this page
      // from reconnecting silently. A wallet that hangs or refuses must not block the user.
      await answerWithin(
        call(ended.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }]),
        1_000,
        'wallet_revokePermissions',
      ).catch(() => undefined)
    },

    async getAccounts() {
      return session.current?.accounts ?? []
    },

    async switchNetwork(network) {
      const current = requireSession()
      const { switchChain } = await loadWalletActions()
      await switchChain(current.provider, network)
      const id = Number(network.id)
      // Some wallets never emit chainChanged after a switch: report it for them.
      if (session.current === current && current.chainId !== id) {
        current.chainId = id
        emit({ type: 'chainChanged', chainId: id })
      }
    },

    async getBalance({ address, network }) {
      const { readNativeBalance } = await loadWalletActions()
      return readNativeBalance({ address, network })
    },

    async signMessage({ message, address }) {
      const { provider } = requireSession()
      const { stringToHex, toAddress } = await loadWalletActions()
      const signer = toAddress(address)
      if (!signer) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND', { details: address })
      const signature = await call(provider, 'personal_sign', [stringToHex(message), signer])
      if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
        throw kitError('UNKNOWN', { details: 'The wallet returned no signature' })
      }
      return signature
    },

    async sendTransfer(params) {
      return send((actions, from) => actions.pricedTransferRequest(from, params))
    },

    async estimateTransferFee(params) {
      const { provider, accounts } = requireSession()
      const actions = await loadWalletActions()
      return actions.transferFee(provider, accounts[0]?.address, params, baseFeeMultiplier)
    },

    async getTransactionStatus(hash) {
      return (await loadWalletActions()).transactionStatus(requireSession().provider, hash)
    },

    async getRevertReason(hash) {
      return (await loadWalletActions()).revertReason(requireSession().provider, hash)
    },

    async sendTransaction(params) {
      return send((actions, from) => actions.transactionRequest(from, params))
    },

    async sendCalls({ calls }) {
      const { provider, accounts, chainId } = requireSession()
      const actions = await loadWalletActions()
      const from = actions.toAddress(accounts[0]?.address)
      if (!from) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND')
      return actions.sendCalls(provider, from, chainId, calls)
    },

    async getCallsStatus(id) {
      const { provider } = requireSession()
      return (await loadWalletActions()).callsStatus(provider, id)
    },

    async request(args) {
      const { provider } = requireSession()
      try {
        return await provider.request(args)
      } catch (thrown) {
        throw asError(thrown)
      }
    },

    async getProfile({ address, network: active }) {
      if (!isEip155Address(address) || active.testnet) return {}
      // ENS lives on Ethereum: on any other non-test network, ask the configured mainnet.
      const network = ENS_CHAIN_IDS.has(Number(active.id))
        ? active
        : $networks
            .get()
            .find((n) => n.chainNamespace === 'eip155' && ENS_CHAIN_IDS.has(Number(n.id)))
      if (!network) return {}
      const checked = (address.startsWith('0x') ? address : `0x${address}`) as Address
      try {
        // Lazy: the ENS code loads on the first lookup, never with the adapter.
        const { lookupEnsProfile } = await import('./ens.js')
        return await lookupEnsProfile({ address: checked, network })
      } catch (error) {
        issueWarning('evm-ens-failed', `ENS lookup failed: ${String(error)}`)
        return {}
      }
    },

    getProvider() {
      return session.current?.provider
    },

    // Only with connector sources (a Safe app's Safe is connected on load).
    ...(discovery.autoConnectorId ? { autoConnectorId: discovery.autoConnectorId } : {}),

    on: session.on,
  }
}
