// The EVM dev wallet: an EIP-1193 provider that signs with local keys (anvil's accounts by
// default) and forwards reads to a JSON-RPC URL per chain. It runs in Node and in the browser,
// announces itself with EIP-6963 and has fault controls for tests.
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  type TransactionSerializable,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from './accounts.js'
import { announceProvider, DEV_WALLET_ICON, type Eip6963ProviderInfo, uuidV4 } from './eip6963.js'
import { RPC_ERROR_CODES as CODES, ProviderRpcError } from './provider-error.js'

export interface DevWalletChain {
  id: number
  rpcUrl: string
  name?: string
  /** The native currency `wallet_getAssets` reports; default Ether (ETH, 18 decimals). */
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** ERC-20 contracts `wallet_getAssets` reports when the account holds some. */
  tokens?: readonly Hex[]
}

export interface DevWalletOptions {
  /** The chains the wallet knows; others answer 4902 until `wallet_addEthereumChain`. */
  chains: readonly DevWalletChain[]
  /** The chain it starts on; default the first. */
  chainId?: number
  /** Signing keys; default anvil's accounts 0-9 (`ANVIL_PRIVATE_KEYS`). */
  privateKeys?: readonly Hex[]
  /** Indexes into `privateKeys` the wallet exposes; default `[0]`. */
  accounts?: readonly number[]
  /** EIP-6963 info; the uuid defaults to a fresh UUIDv4 per wallet. */
  info?: Partial<Eip6963ProviderInfo>
  /** Methods answered with 4200 (e.g. `['wallet_switchEthereumChain']`). */
  unsupportedMethods?: readonly string[]
  /** Keeps the granted origins and the chain in `localStorage` under this key (reloads). */
  persistKey?: string
  /**
   * EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`); default
   * true. `false` answers them -32601 as a wallet without it does, so viem's `sendCalls`
   * falls back to one `eth_sendTransaction` per call.
   */
  eip5792?: boolean
}

export interface RequestArguments {
  method: string
  params?: unknown
}

/** The EIP-1193 object a page sees. */
export interface DevWalletProvider {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): DevWalletProvider
  removeListener(event: string, listener: (...args: unknown[]) => void): DevWalletProvider
  readonly isOpenModalDevWallet: true
}

export interface FaultOptions {
  /** Only a request of this method triggers the fault; default the next request of any. */
  method?: string
}

export interface DevWallet {
  readonly provider: DevWalletProvider
  readonly info: Eip6963ProviderInfo
  /** Same as `provider.request`. */
  request(args: RequestArguments): Promise<unknown>
  /** EIP-6963: announces now and on every request; returns a stop function. */
  announce(target?: EventTarget): () => void
  /** The addresses the wallet exposes (whether or not the page is authorized). */
  readonly addresses: readonly Hex[]
  readonly chainId: number
  /** Whether the current origin was granted accounts. */
  readonly authorized: boolean
  /** Every request received, in order. */
  readonly requests: readonly RequestArguments[]
  /** Grants (or revokes) the current origin without a request, as a returning visitor. */
  setAuthorized(authorized: boolean): void
  /** The next (matching) request rejects with this EIP-1193 code (default 4001). */
  rejectNext(code?: number, options?: FaultOptions & { message?: string; data?: unknown }): void
  /** Every later request waits `ms` first (0 turns it off). */
  delay(ms: number): void
  /** The next (matching) request never settles. */
  neverSettleNext(options?: FaultOptions): void
  /** The next (matching) request rejects with `value` itself (a string, null, a number…). */
  throwNonErrorNext(value: unknown, options?: FaultOptions): void
  /** Emits `event` with any payload, as a broken or hostile wallet would. */
  emitMalformed(event: string, payload: unknown): void
  /** Exposes these account indexes instead and emits `accountsChanged` to an authorized page. */
  setAccounts(indexes: readonly number[]): void
  /** Emits EIP-1193 `disconnect` (code 4900) and forgets the page's authorization. */
  emitDisconnect(): void
  /** Emits EIP-1193 `connect` with the current chain id. */
  emitConnect(): void
  /** Turns EIP-5792 on or off from now on (the `eip5792` option), as another wallet would be. */
  setEip5792(enabled: boolean): void
}

type Fault =
  | { kind: 'reject'; error: ProviderRpcError; method?: string }
  | { kind: 'never'; method?: string }
  | { kind: 'throw'; value: unknown; method?: string }

const FORWARDED = /^(eth|net|web3)_/
const EIP5792 = new Set(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'])
const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const toHex = (n: number | bigint) => `0x${n.toString(16)}` as Hex
const isHex = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)
const isAddress = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code
const hexBig = (value: unknown) => (isHex(value) && value.length > 2 ? BigInt(value) : undefined)

// The wallet's own reader, not the kit's (a wallet shares no code with the kit it is tested with).
function parseChainId(value: unknown): number | undefined {
  const id =
    typeof value === 'number' ? value : isHex(value) && value.length > 2 ? Number(value) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

function currentOrigin(): string {
  const location = (globalThis as { location?: { origin?: string } }).location
  return location?.origin ?? 'node'
}

interface Persisted {
  origins: string[]
  chainId?: number
}

function storage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage
  } catch {
    return undefined
  }
}

let rpcId = 0
async function rpc(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    body = await response.json()
  } catch (cause) {
    throw new ProviderRpcError(CODES.chainDisconnected, `RPC ${rpcUrl} unreachable`, { cause })
  }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result
}

/**
 * Creates a dev wallet. Reads go to the current chain's `rpcUrl`; signing happens locally.
 * `eth_accounts` answers `[]` until the page calls `eth_requestAccounts` (or `setAuthorized`).
 *
 * @example
 * const wallet = createDevWallet({ chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }] })
 * wallet.announce()
 * const [address] = await wallet.request({ method: 'eth_requestAccounts' })
 */
export function createDevWallet(options: DevWalletOptions): DevWallet {
  const keys = options.privateKeys ?? ANVIL_PRIVATE_KEYS
  // Each account is made on first use: its address costs a secp256k1 multiplication (~3 ms,
  // ~30 ms for anvil's ten), which a page that never connects this wallet need not wait for.
  const made = new Map<number, ReturnType<typeof privateKeyToAccount>>()
  const signerAt = (index: number) => {
    const key = keys[index]
    if (key === undefined) return undefined
    let signer = made.get(index)
    if (!signer) {
      signer = privateKeyToAccount(key)
      made.set(index, signer)
    }
    return signer
  }
  const chains = new Map<number, DevWalletChain>(options.chains.map((c) => [c.id, c]))
  const first = options.chains[0]
  if (!first) throw new Error('createDevWallet: give at least one chain')
  const info: Eip6963ProviderInfo = {
    uuid: options.info?.uuid ?? uuidV4(),
    name: options.info?.name ?? 'OpenModal Dev Wallet',
    icon: options.info?.icon ?? DEV_WALLET_ICON,
    rdns: options.info?.rdns ?? 'dev.openmodal.wallet',
  }
  const unsupported = new Set(options.unsupportedMethods ?? [])
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const requests: RequestArguments[] = []
  const faults: Fault[] = []
  const origins = new Set<string>()
  let exposed = [...(options.accounts ?? [0])]
  let chainId = options.chainId ?? first.id
  let latency = 0
  let eip5792 = options.eip5792 !== false

  const persisted = options.persistKey ? storage()?.getItem(options.persistKey) : null
  if (persisted) {
    try {
      const saved = JSON.parse(persisted) as Persisted
      for (const origin of saved.origins ?? []) origins.add(origin)
      if (saved.chainId && chains.has(saved.chainId)) chainId = saved.chainId
    } catch {
      // a corrupt entry starts the wallet fresh
    }
  }
  const persist = () => {
    if (!options.persistKey) return
    const value: Persisted = { origins: [...origins], chainId }
    storage()?.setItem(options.persistKey, JSON.stringify(value))
  }

  const addresses = () =>
    exposed.flatMap((i) => {
      const signer = signerAt(i)
      return signer ? [signer.address] : []
    })
  const isAuthorized = () => origins.has(currentOrigin())
  const visibleAccounts = () => (isAuthorized() ? addresses() : [])
  const signerFor = (address: unknown) => {
    if (!isAuthorized() || typeof address !== 'string') return undefined
    const lower = address.toLowerCase()
    return exposed
      .map((i) => signerAt(i))
      .find((s) => s !== undefined && s.address.toLowerCase() === lower)
  }
  const rpcUrl = () => (chains.get(chainId) ?? first).rpcUrl

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        // A page's listener must not break the wallet, as in real wallets.
        console.error(error)
      }
    }
  }

  const takeFault = (method: string): Fault | undefined => {
    const index = faults.findIndex((f) => f.method === undefined || f.method === method)
    return index === -1 ? undefined : faults.splice(index, 1)[0]
  }

  const paramsArray = (params: unknown): unknown[] => {
    if (params === undefined) return []
    if (!Array.isArray(params)) throw new ProviderRpcError(CODES.invalidParams)
    return params
  }

  async function sendTransaction(tx: Record<string, unknown>): Promise<unknown> {
    const signer = signerFor(tx.from)
    if (!signer) throw new ProviderRpcError(CODES.unauthorized)
    if (tx.chainId !== undefined && parseChainId(tx.chainId) !== chainId) {
      throw new ProviderRpcError(CODES.invalidParams, `chainId must be ${toHex(chainId)}`)
    }
    if (tx.to !== undefined && tx.to !== null && !isAddress(tx.to)) {
      throw new ProviderRpcError(CODES.invalidParams, 'Invalid "to" address')
    }
    const url = rpcUrl()
    const call = {
      from: signer.address,
      ...(isAddress(tx.to) ? { to: tx.to } : {}),
      ...(isHex(tx.value) ? { value: tx.value } : {}),
      ...(isHex(tx.data) ? { data: tx.data } : isHex(tx.input) ? { data: tx.input } : {}),
    }
    const [nonce, gas] = await Promise.all([
      hexBig(tx.nonce) ?? rpc(url, 'eth_getTransactionCount', [signer.address, 'pending']),
      hexBig(tx.gas) ?? rpc(url, 'eth_estimateGas', [call]),
    ])
    const base = {
      chainId,
      nonce: Number(hexBig(nonce) ?? nonce),
      gas: hexBig(gas) ?? BigInt(gas as string),
      ...(call.to ? { to: call.to } : {}),
      value: hexBig(call.value) ?? 0n,
      ...(call.data ? { data: call.data } : {}),
    }
    let prepared: TransactionSerializable
    const gasPrice = hexBig(tx.gasPrice)
    const block = gasPrice
      ? undefined
      : ((await rpc(url, 'eth_getBlockByNumber', ['latest', false])) as {
          baseFeePerGas?: Hex
        })
    const baseFee = hexBig(block?.baseFeePerGas)
    if (gasPrice !== undefined || baseFee === undefined) {
      const price = gasPrice ?? BigInt((await rpc(url, 'eth_gasPrice', [])) as Hex)
      prepared = { ...base, type: 'legacy', gasPrice: price }
    } else {
      const priority =
        hexBig(tx.maxPriorityFeePerGas) ??
        hexBig(await rpc(url, 'eth_maxPriorityFeePerGas', []).catch(() => undefined)) ??
        1_000_000_000n
      const maxFee = hexBig(tx.maxFeePerGas) ?? baseFee * 2n + priority
      prepared = {
        ...base,
        type: 'eip1559',
        maxFeePerGas: maxFee,
        maxPriorityFeePerGas: priority,
      }
    }
    const raw = await signer.signTransaction(prepared)
    return rpc(url, 'eth_sendRawTransaction', [raw])
  }

  // EIP-5792 on an EOA: no atomic batch, so the calls go one transaction after another (the
  // spec allows it when `atomicRequired` is false); a bundle id names their hashes.
  const bundles = new Map<string, { chainId: number; hashes: Hex[]; broken: boolean }>()

  function capabilities(params: unknown): Record<Hex, unknown> {
    const [address, chainIds] = paramsArray(params)
    if (address !== undefined && !signerFor(address)) throw new ProviderRpcError(CODES.unauthorized)
    const ids = Array.isArray(chainIds) ? chainIds.map(parseChainId) : [...chains.keys()]
    return Object.fromEntries(
      ids
        .filter((id): id is number => id !== undefined && chains.has(id))
        .map((id) => [
          toHex(id),
          { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } },
        ]),
    )
  }

  /** One ERC-20 read by `eth_call`; undefined when the contract does not answer it. */
  async function erc20(
    url: string,
    token: Hex,
    functionName: 'balanceOf' | 'decimals' | 'symbol' | 'name',
    args: readonly unknown[] = [],
  ): Promise<unknown> {
    const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as never)
    const result = await rpc(url, 'eth_call', [{ to: token, data }, 'latest']).catch(
      (error: unknown) => {
        if (codeOf(error) === CODES.chainDisconnected) throw error // the node did not answer
        return undefined // the contract reverted
      },
    )
    if (!isHex(result) || result === '0x') return undefined
    try {
      return decodeFunctionResult({ abi: erc20Abi, functionName, data: result } as never)
    } catch {
      return undefined
    }
  }

  // ERC-7811 `wallet_getAssets`: the native balance and the configured tokens the account holds
  // (a token asked for in `assetFilter` even at zero), read from each chain's node.
  async function getAssets(params: unknown): Promise<Record<Hex, unknown[]>> {
    const [request] = paramsArray(params)
    if (!isRecord(request)) throw new ProviderRpcError(CODES.invalidParams)
    const account = request.account
    if (!signerFor(account)) throw new ProviderRpcError(CODES.unauthorized)
    const { chainFilter, assetTypeFilter, assetFilter } = request
    if (chainFilter !== undefined && (!Array.isArray(chainFilter) || !chainFilter.every(isHex))) {
      throw new ProviderRpcError(CODES.invalidParams, '"chainFilter" must list hex chain ids')
    }
    if (assetFilter !== undefined && !isRecord(assetFilter)) {
      throw new ProviderRpcError(CODES.invalidParams, '"assetFilter" must map chain ids to assets')
    }
    const types = Array.isArray(assetTypeFilter) ? assetTypeFilter : ['native', 'erc20']
    const wanted = chainFilter?.map((id) => parseChainId(id)) ?? [...chains.keys()]
    const answer: Record<Hex, unknown[]> = {}
    for (const chain of [...chains.values()].filter((c) => wanted.includes(c.id))) {
      const listed = assetFilter?.[toHex(chain.id)]
      if (assetFilter && !Array.isArray(listed)) continue
      const asked = listed as readonly { address?: unknown; type?: unknown }[] | undefined
      const askedTokens = (asked ?? [])
        .filter((a) => isRecord(a) && a.type === 'erc20' && isAddress(a.address))
        .map((a) => (a.address as Hex).toLowerCase() as Hex)
      const native = types.includes('native') && (!asked || asked.some((a) => a?.type === 'native'))
      const tokens = !types.includes('erc20')
        ? []
        : [
            ...new Set(
              asked ? askedTokens : (chain.tokens ?? []).map((t) => t.toLowerCase() as Hex),
            ),
          ]
      const assets: unknown[] = []
      if (native) {
        const balance = await rpc(chain.rpcUrl, 'eth_getBalance', [account, 'latest'])
        assets.push({
          address: 'native',
          balance: toHex(BigInt(balance as Hex)),
          type: 'native',
          metadata: { ...(chain.nativeCurrency ?? ETHER) },
        })
      }
      for (const token of tokens) {
        const [balance, decimals, symbol, name] = await Promise.all([
          erc20(chain.rpcUrl, token, 'balanceOf', [account]),
          erc20(chain.rpcUrl, token, 'decimals'),
          erc20(chain.rpcUrl, token, 'symbol'),
          erc20(chain.rpcUrl, token, 'name'),
        ])
        if (typeof balance !== 'bigint' || typeof decimals !== 'number') continue
        if (typeof symbol !== 'string' || !symbol) continue
        if (balance === 0n && !asked) continue
        assets.push({
          address: token,
          balance: toHex(balance),
          type: 'erc20',
          metadata: { name: typeof name === 'string' && name ? name : symbol, symbol, decimals },
        })
      }
      answer[toHex(chain.id)] = assets
    }
    return answer
  }

  async function sendCalls(params: unknown): Promise<{ id: string }> {
    const [request] = paramsArray(params) as [Record<string, unknown> | undefined]
    if (typeof request !== 'object' || request === null) {
      throw new ProviderRpcError(CODES.invalidParams)
    }
    const from = request.from ?? addresses()[0]
    if (!signerFor(from)) throw new ProviderRpcError(CODES.unauthorized)
    if (request.chainId !== undefined && parseChainId(request.chainId) !== chainId) {
      throw new ProviderRpcError(CODES.unsupportedChain)
    }
    if (request.atomicRequired === true) throw new ProviderRpcError(CODES.atomicityNotSupported)
    const calls = request.calls
    if (!Array.isArray(calls) || calls.length === 0) {
      throw new ProviderRpcError(CODES.invalidParams, 'calls must be a non-empty array')
    }
    // Spec §5: `to` starts with 0x; `data` starts with 0x when given.
    for (const call of calls as Record<string, unknown>[]) {
      if (typeof call?.to !== 'string' || !call.to.startsWith('0x')) {
        throw new ProviderRpcError(CODES.invalidParams, 'Each call needs a "to" starting with 0x')
      }
      if (
        call.data !== undefined &&
        (typeof call.data !== 'string' || !call.data.startsWith('0x'))
      ) {
        throw new ProviderRpcError(CODES.invalidParams, '"data" must start with 0x')
      }
    }
    const bundle = { chainId, hashes: [] as Hex[], broken: false }
    for (const call of calls as Record<string, unknown>[]) {
      try {
        bundle.hashes.push(
          (await sendTransaction({ from, to: call.to, value: call.value, data: call.data })) as Hex,
        )
      } catch (error) {
        // Nothing sent yet: the whole request fails; later calls after a failure are not sent.
        if (bundle.hashes.length === 0) throw error
        bundle.broken = true
        break
      }
    }
    const id =
      typeof request.id === 'string' && request.id
        ? request.id
        : `0x${uuidV4().replaceAll('-', '')}`
    bundles.set(id, bundle)
    return { id }
  }

  async function callsStatus(params: unknown): Promise<unknown> {
    const [id] = paramsArray(params)
    const bundle = typeof id === 'string' ? bundles.get(id) : undefined
    if (!bundle) throw new ProviderRpcError(CODES.unknownBundle)
    const url = chains.get(bundle.chainId)?.rpcUrl ?? rpcUrl()
    const receipts = (await Promise.all(
      bundle.hashes.map((hash) => rpc(url, 'eth_getTransactionReceipt', [hash])),
    )) as ({ status: Hex } | null)[]
    const mined = receipts.filter((r): r is { status: Hex } => r !== null)
    const ok = mined.filter((r) => r.status === '0x1').length
    // EIP-5792: 100 pending, 200 confirmed, 500 all reverted, 600 partly.
    const status =
      mined.length < receipts.length
        ? 100
        : ok === mined.length && !bundle.broken
          ? 200
          : ok === 0
            ? 500
            : 600
    return {
      version: '2.0.0',
      id,
      chainId: toHex(bundle.chainId),
      atomic: false,
      status,
      ...(status === 100 ? {} : { receipts: mined }),
    }
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    if (unsupported.has(method)) throw new ProviderRpcError(CODES.unsupportedMethod)
    if (!eip5792 && EIP5792.has(method)) {
      throw new ProviderRpcError(
        CODES.methodNotFound,
        `The method "${method}" does not exist / is not available.`,
      )
    }
    switch (method) {
      case 'eth_requestAccounts': {
        const wasAuthorized = isAuthorized()
        origins.add(currentOrigin())
        persist()
        if (!wasAuthorized) emit('accountsChanged', addresses())
        return addresses()
      }
      case 'eth_accounts':
        return visibleAccounts()
      case 'eth_chainId':
        return toHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'personal_sign': {
        const [a, b] = paramsArray(params)
        // MetaMask's order is [message, address]; some dapps still send [address, message].
        const [message, address] = !signerFor(b) && signerFor(a) ? [b, a] : [a, b]
        const signer = signerFor(address)
        if (!signer) throw new ProviderRpcError(CODES.unauthorized)
        if (typeof message !== 'string') throw new ProviderRpcError(CODES.invalidParams)
        return signer.signMessage({
          message: isHex(message) && message.length % 2 === 0 ? { raw: message } : message,
        })
      }
      case 'eth_signTypedData_v4': {
        const [address, raw] = paramsArray(params)
        const signer = signerFor(address)
        if (!signer) throw new ProviderRpcError(CODES.unauthorized)
        let typed: {
          domain?: { chainId?: unknown }
          types?: Record<string, unknown>
          primaryType?: string
          message?: Record<string, unknown>
        }
        try {
          typed = typeof raw === 'string' ? JSON.parse(raw) : (raw as typeof typed)
        } catch {
          throw new ProviderRpcError(CODES.invalidParams, 'Typed data is not JSON')
        }
        if (!typed?.types || !typed.primaryType || !typed.message) {
          throw new ProviderRpcError(CODES.invalidParams, 'Typed data lacks types or message')
        }
        const domainChain = typed.domain?.chainId
        if (domainChain !== undefined && Number(domainChain) !== chainId) {
          throw new ProviderRpcError(
            CODES.invalidParams,
            `Provided chainId "${String(domainChain)}" must match the active chainId "${chainId}"`,
          )
        }
        const { EIP712Domain: _, ...types } = typed.types
        return signer.signTypedData({
          domain: typed.domain ?? {},
          types,
          primaryType: typed.primaryType,
          message: typed.message,
        } as Parameters<typeof signer.signTypedData>[0])
      }
      case 'eth_sendTransaction': {
        const [tx] = paramsArray(params)
        if (typeof tx !== 'object' || tx === null) throw new ProviderRpcError(CODES.invalidParams)
        return sendTransaction(tx as Record<string, unknown>)
      }
      case 'wallet_switchEthereumChain': {
        const [target] = paramsArray(params) as [{ chainId?: unknown } | undefined]
        const id = parseChainId(target?.chainId)
        if (id === undefined) throw new ProviderRpcError(CODES.invalidParams)
        if (!chains.has(id)) {
          throw new ProviderRpcError(
            CODES.unrecognizedChain,
            `Unrecognized chain ID "${toHex(id)}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        }
        if (id !== chainId) {
          chainId = id
          persist()
          emit('chainChanged', toHex(id))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const [chain] = paramsArray(params) as [
          { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown } | undefined,
        ]
        const id = parseChainId(chain?.chainId)
        const url = Array.isArray(chain?.rpcUrls) ? chain.rpcUrls[0] : undefined
        if (id === undefined || typeof url !== 'string' || !/^https?:\/\//.test(url)) {
          throw new ProviderRpcError(CODES.invalidParams, 'Expected chainId and an http rpcUrl')
        }
        if (!chains.has(id)) {
          chains.set(id, {
            id,
            rpcUrl: url,
            ...(typeof chain?.chainName === 'string' ? { name: chain.chainName } : {}),
          })
        }
        return null
      }
      case 'wallet_getCapabilities':
        return capabilities(params)
      case 'wallet_sendCalls':
        return sendCalls(params)
      case 'wallet_getCallsStatus':
        return callsStatus(params)
      case 'wallet_getAssets':
        return getAssets(params)
      case 'wallet_requestPermissions':
        await handle('eth_requestAccounts', [])
        return [{ parentCapability: 'eth_accounts' }]
      case 'wallet_getPermissions':
        return isAuthorized() ? [{ parentCapability: 'eth_accounts' }] : []
      case 'wallet_revokePermissions': {
        if (isAuthorized()) {
          origins.delete(currentOrigin())
          persist()
          emit('accountsChanged', [])
        }
        return null
      }
      case 'eth_sign':
      case 'eth_signTransaction':
        throw new ProviderRpcError(CODES.unsupportedMethod)
    }
    if (FORWARDED.test(method)) return rpc(rpcUrl(), method, params)
    throw new ProviderRpcError(CODES.unsupportedMethod, `Method ${method} is not supported`)
  }

  const provider: DevWalletProvider = {
    isOpenModalDevWallet: true,
    async request(args: RequestArguments) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        throw new ProviderRpcError(CODES.invalidRequest, 'Expected { method, params? }')
      }
      const { method, params } = args
      requests.push(params === undefined ? { method } : { method, params })
      const fault = takeFault(method)
      if (latency > 0) await new Promise((r) => setTimeout(r, latency))
      if (fault?.kind === 'never') return new Promise<never>(() => {})
      if (fault?.kind === 'reject') throw fault.error
      if (fault?.kind === 'throw') throw fault.value
      return handle(method, params)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  return {
    provider,
    info,
    request: provider.request,
    announce: (target) => announceProvider(info, provider, target),
    get addresses() {
      return addresses()
    },
    get chainId() {
      return chainId
    },
    get authorized() {
      return isAuthorized()
    },
    requests,
    setAuthorized(authorized) {
      if (authorized) origins.add(currentOrigin())
      else origins.delete(currentOrigin())
      persist()
    },
    rejectNext(code = CODES.userRejected, opts = {}) {
      faults.push({
        kind: 'reject',
        error: new ProviderRpcError(code, opts.message, opts.data),
        ...(opts.method ? { method: opts.method } : {}),
      })
    },
    delay(ms) {
      latency = Math.max(0, ms)
    },
    neverSettleNext(opts = {}) {
      faults.push({ kind: 'never', ...(opts.method ? { method: opts.method } : {}) })
    },
    throwNonErrorNext(value, opts = {}) {
      faults.push({ kind: 'throw', value, ...(opts.method ? { method: opts.method } : {}) })
    },
    emitMalformed(event, payload) {
      emit(event, payload)
    },
    setAccounts(indexes) {
      exposed = indexes.filter((i) => keys[i] !== undefined)
      if (isAuthorized()) emit('accountsChanged', addresses())
    },
    emitDisconnect() {
      origins.delete(currentOrigin())
      persist()
      emit('disconnect', new ProviderRpcError(CODES.disconnected))
    },
    emitConnect() {
      emit('connect', { chainId: toHex(chainId) })
    },
    setEip5792(enabled) {
      eip5792 = enabled
    },
  }
}
