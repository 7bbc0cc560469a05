// An EIP-1193 provider over a WalletConnect session's eip155 namespace: wallet methods go
// to the wallet, node calls to the network's RPC URL, and session events become
// accountsChanged / chainChanged / disconnect. The EVM adapter drives it like any wallet.
import { type CaipNetwork, createEmitter, parseChainId } from '@openmodal/core/internal'
import { EIP155_READ_METHOD } from '../client/constants.js'
import type { WalletConnectClient } from '../client/create-client.js'
import { createPairing } from '../utils/pairing.js'
import { ProviderRpcError } from '../utils/rpc-error.js'

export interface WalletConnectEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
  removeListener(
    event: string,
    listener: (...args: unknown[]) => void,
  ): WalletConnectEip1193Provider
  readonly isWalletConnect: true
  /** Stops the pairing an `eth_requestAccounts` is waiting on (it rejects with "Modal closed"). */
  cancelPairing(): void
}

export interface Eip1193ProviderOptions {
  /** The WalletConnect client, created on the first request that needs it (lazy loading). */
  client: () => Promise<WalletConnectClient>
  /** The host's networks: their RPC URLs answer node calls. */
  networks: readonly CaipNetwork[]
}

const toHex = (n: number) => `0x${n.toString(16)}`
const addressOf = (caip10: string) => caip10.split(':')[2] ?? ''
const chainOf = (caip10: string) => caip10.split(':').slice(0, 2).join(':')

let rpcId = 0

/**
 * The EIP-1193 provider of a WalletConnect session (eip155). `eth_requestAccounts` without a
 * session starts pairing (the URI arrives through the client's `uri` event);
 * `wallet_revokePermissions` ends the session; a switch to a chain the session lacks answers
 * 4902, as a wallet that does not know the chain.
 *
 * @example
 * const provider = createEip1193Provider({ client: () => wc, networks })
 * const [address] = await provider.request({ method: 'eth_requestAccounts' })
 */
export function createEip1193Provider(
  options: Eip1193ProviderOptions,
): WalletConnectEip1193Provider {
  const events = createEmitter<Record<string, unknown>>()
  const { emit } = events
  let client: WalletConnectClient | undefined
  let loading: Promise<WalletConnectClient> | undefined
  let chainId: number | undefined
  let lastAccounts: string[] = []
  const pairing = createPairing()

  const sessionChains = (): number[] => {
    const ns = client?.session?.namespaces.eip155
    if (!ns) return []
    const chains = ns.chains ?? ns.accounts.map(chainOf)
    return [...new Set(chains.map(parseChainId).filter((id): id is number => id !== undefined))]
  }

  /** The session's addresses on the current chain (else on any chain), without duplicates. */
  const accounts = (): string[] => {
    const all = client?.getAccounts('eip155') ?? []
    const here = all.filter((a) => parseChainId(chainOf(a)) === chainId)
    return [...new Set((here.length ? here : all).map(addressOf))]
  }

  const pickChain = () => {
    const chains = sessionChains()
    if (chainId !== undefined && chains.includes(chainId)) return
    const preferred = options.networks
      .filter((n) => n.chainNamespace === 'eip155')
      .map((n) => Number(n.id))
      .find((id) => chains.includes(id))
    chainId = preferred ?? chains[0]
  }

  const reportAccounts = () => {
    const now = accounts()
    if (now.join() === lastAccounts.join()) return
    lastAccounts = now
    emit('accountsChanged', now)
  }

  const attach = (wc: WalletConnectClient) => {
    wc.on('connect', () => {
      pickChain()
      lastAccounts = accounts()
      if (chainId !== undefined) emit('connect', { chainId: toHex(chainId) })
    })
    wc.on('accountsChanged', ({ namespace }) => {
      if (namespace === 'eip155') reportAccounts()
    })
    wc.on('chainChanged', ({ chainId: caip }) => {
      const id = parseChainId(caip)
      if (!caip.startsWith('eip155:') || id === undefined || id === chainId) return
      if (!sessionChains().includes(id)) return
      chainId = id
      emit('chainChanged', toHex(id))
      reportAccounts()
    })
    wc.on('disconnect', () => {
      chainId = undefined
      lastAccounts = []
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(4900, 'The WalletConnect session ended.'))
    })
  }

  const load = async () => {
    if (client) return client
    loading ??= options.client().then((wc) => {
      client = wc
      attach(wc)
      pickChain()
      lastAccounts = accounts()
      return wc
    })
    return loading
  }

  const readFromNetwork = async (method: string, params: unknown) => {
    const network = options.networks.find(
      (n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId,
    )
    const url = network?.rpcUrls.default.http[0]
    if (!url) throw new ProviderRpcError(4901, `No RPC URL for chain ${chainId}`)
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
      })
      body = await response.json()
    } catch (cause) {
      throw new ProviderRpcError(4901, `RPC ${url} unreachable`, { cause })
    }
    if (body.error) {
      throw new ProviderRpcError(body.error.code, body.error.message, { data: body.error.data })
    }
    return body.result
  }

  const provider: WalletConnectEip1193Provider = {
    isWalletConnect: true,
    cancelPairing: pairing.cancel,
    async request({ method, params }) {
      const wc = await load()
      switch (method) {
        case 'eth_requestAccounts': {
          if (!wc.session?.namespaces.eip155) {
            await pairing.pair(wc)
            pickChain()
            lastAccounts = accounts()
          }
          return accounts()
        }
        case 'eth_accounts':
          return wc.session ? accounts() : []
        case 'eth_chainId':
          pickChain()
          if (chainId === undefined) return readFromNetwork(method, params)
          return toHex(chainId)
        case 'net_version':
          pickChain()
          return String(chainId)
        case 'wallet_revokePermissions':
          await wc.disconnect()
          return null
        case 'wallet_addEthereumChain':
        case 'wallet_switchEthereumChain': {
          const [target] = Array.isArray(params) ? params : []
          const id = parseChainId((target as { chainId?: unknown } | undefined)?.chainId)
          if (id === undefined) throw new ProviderRpcError(-32602, 'Expected { chainId }')
          if (!wc.session) throw new ProviderRpcError(4100, 'Not connected')
          // A session's chains are fixed at approval: one it lacks is unknown to this wallet.
          if (!sessionChains().includes(id)) {
            throw new ProviderRpcError(
              4902,
              `Unrecognized chain ID "${toHex(id)}": the WalletConnect session does not include it.`,
            )
          }
          if (method === 'wallet_addEthereumChain') return null
          const methods = wc.session.namespaces.eip155?.methods ?? []
          if (methods.includes(method) && chainId !== undefined) {
            await wc.request({ chainId: `eip155:${chainId}`, method, params })
          }
          if (chainId !== id) {
            chainId = id
            emit('chainChanged', toHex(id))
            reportAccounts()
          }
          return null
        }
      }
      const session = wc.session
      pickChain()
      if (session?.namespaces.eip155?.methods.includes(method) && chainId !== undefined) {
        return wc.request({ chainId: `eip155:${chainId}`, method, params })
      }
      if (EIP155_READ_METHOD.test(method)) return readFromNetwork(method, params)
      if (!session) throw new ProviderRpcError(4100, 'Not connected')
      throw new ProviderRpcError(4200, `The WalletConnect session does not include ${method}`)
    },
    on(event, listener) {
      events.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      events.off(event, listener)
      return provider
    },
  }
  return provider
}
