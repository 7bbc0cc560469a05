// What an EVM request signs, decoded for the approval dialog: loaded with import() on the first
// approval (viem's ABI decoder is not part of the frame's first load).
import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  type Hex,
  hexToBigInt,
  hexToBytes,
  isHex,
  maxUint256,
} from 'viem'
import {
  type ApprovalItem,
  type ApprovalView,
  assertShowable,
  messageItems,
  type TreeValue,
} from './approval-view.js'
import { RpcError } from './rpc-error.js'

/**
 * Names and native symbols of the networks a user is likely to meet; others are shown by id.
 * A table rather than `viem/chains`: the frame needs two strings per chain, not RPC URLs and
 * explorers for hundreds.
 */
const NETWORKS: Record<number, [name: string, symbol: string]> = {
  1: ['Ethereum', 'ETH'],
  10: ['OP Mainnet', 'ETH'],
  56: ['BNB Smart Chain', 'BNB'],
  100: ['Gnosis', 'xDAI'],
  137: ['Polygon', 'POL'],
  324: ['ZKsync Era', 'ETH'],
  8453: ['Base', 'ETH'],
  42161: ['Arbitrum One', 'ETH'],
  43114: ['Avalanche C-Chain', 'AVAX'],
  59144: ['Linea', 'ETH'],
  84532: ['Base Sepolia', 'ETH'],
  11155111: ['Sepolia', 'ETH'],
  31337: ['Anvil (local)', 'ETH'],
}

/** Test networks: their tokens have no price, so no fiat value is shown (spec §9). */
const TESTNETS = new Set([84532, 11155111, 31337])

/** Amounts at or above 2^128 are no real balance: an approval that large is unlimited. */
const UNLIMITED = 2n ** 128n

export interface EvmContext {
  chainId: number
  /** An `eth_call` on the current chain (token symbol and decimals); undefined on failure. */
  call?: (to: Hex, data: Hex) => Promise<Hex | undefined>
  /** The name of an address (the project's server: our registry or ENS); undefined if none. */
  nameOf?: (address: Hex) => Promise<string | undefined>
  /** USD per native token on this chain; undefined when unknown. */
  nativePrice?: () => Promise<number | undefined>
}

/** `name (0x…)` when the address has a name: beside the address, never instead of it. */
async function named(context: EvmContext, address: Hex): Promise<string> {
  const name = await context.nameOf?.(address).catch(() => undefined)
  return name ? `${name} (${address})` : address
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** `0.01 ETH (≈ $25.00)` when the price is known and the value is not zero. */
function withFiat(text: string, wei: bigint, price: number | undefined): string {
  if (price === undefined || wei === 0n) return text
  return `${text} (≈ ${USD.format(Number(formatUnits(wei, 18)) * price)})`
}

export interface TransactionFields {
  to?: Hex
  value?: Hex
  data?: Hex
  gas?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
  chainId?: Hex
}

/** `Ethereum (chain 1)`, or `Unknown network (chain 5)`. */
export function networkName(chainId: number): string {
  return `${NETWORKS[chainId]?.[0] ?? 'Unknown network'} (chain ${chainId})`
}

function nativeAmount(wei: bigint, chainId: number): string {
  const symbol = NETWORKS[chainId]?.[1]
  return `${formatUnits(wei, 18)} ${symbol ?? 'in the native token (18 decimals)'}`
}

const gwei = (wei: bigint) => `${formatUnits(wei, 9)} gwei`

function quantity(tx: TransactionFields, field: keyof TransactionFields): bigint | undefined {
  const value = tx[field]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) {
    throw new RpcError(-32602, `Invalid params: ${field} must be a hex quantity`)
  }
  return hexToBigInt(value)
}

interface Token {
  symbol?: string
  decimals?: number
}

async function readToken(context: EvmContext, address: Hex): Promise<Token> {
  const call = context.call
  if (!call) return {}
  const read = async (functionName: 'symbol' | 'decimals') => {
    try {
      const data = await call(address, encodeFunctionData({ abi: erc20Abi, functionName }))
      if (!data || data === '0x') return undefined
      return decodeFunctionResult({ abi: erc20Abi, functionName, data } as never) as unknown
    } catch {
      return undefined
    }
  }
  const [symbol, decimals] = await Promise.all([read('symbol'), read('decimals')])
  // A symbol is shown beside the address, never instead of it: any contract can claim "USDC".
  return {
    ...(typeof symbol === 'string' && /^[\p{L}\p{N}.\-_ $]{1,16}$/u.test(symbol) ? { symbol } : {}),
    ...(typeof decimals === 'number' && decimals <= 36 ? { decimals } : {}),
  }
}

function tokenAmount(amount: bigint, token: Token): string {
  if (token.decimals === undefined) return `${amount} (raw units: the token's decimals are unknown)`
  return `${formatUnits(amount, token.decimals)} ${token.symbol ?? ''}`.trim()
}

type Erc20Call =
  | { functionName: 'transfer'; args: readonly [Hex, bigint] }
  | { functionName: 'approve'; args: readonly [Hex, bigint] }
  | { functionName: 'transferFrom'; args: readonly [Hex, Hex, bigint] }

/** The ERC-20 call `data` encodes exactly (no trailing bytes), or undefined. */
function erc20Call(data: Hex): Erc20Call | undefined {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    if (!['transfer', 'approve', 'transferFrom'].includes(call.functionName)) return undefined
    const again = encodeFunctionData({ abi: erc20Abi, ...call } as never)
    return again.toLowerCase() === data.toLowerCase() ? (call as Erc20Call) : undefined
  } catch {
    return undefined
  }
}

async function erc20Items(
  context: EvmContext,
  contract: Hex,
  call: Erc20Call,
): Promise<{ title: string; items: ApprovalItem[] }> {
  const [token, party] = await Promise.all([
    readToken(context, contract),
    named(context, call.functionName === 'transferFrom' ? call.args[1] : call.args[0]),
  ])
  const tokenField: ApprovalItem = {
    kind: 'field',
    label: 'Token',
    value: token.symbol ? `${token.symbol} (${contract})` : `${contract} (symbol unknown)`,
  }
  if (call.functionName === 'approve') {
    const [spender, amount] = call.args
    const unlimited = amount >= UNLIMITED
    return {
      title: 'Allow token spending',
      items: [
        ...(unlimited
          ? [
              {
                kind: 'warning' as const,
                text: `Unlimited approval: ${spender} may take all of this token from your account, now and later, until you revoke it.`,
              },
            ]
          : []),
        tokenField,
        { kind: 'field', label: 'Spender', value: party },
        {
          kind: 'field',
          label: 'Allowance',
          value: unlimited
            ? `Unlimited${amount === maxUint256 ? '' : ` (${amount} raw units)`}`
            : tokenAmount(amount, token),
        },
      ],
    }
  }
  const [from, , amount] = call.functionName === 'transfer' ? [undefined, ...call.args] : call.args
  return {
    title: 'Send tokens',
    items: [
      tokenField,
      ...(from ? [{ kind: 'field' as const, label: 'From', value: from }] : []),
      { kind: 'field', label: 'Recipient', value: party },
      { kind: 'field', label: 'Amount', value: tokenAmount(amount, token) },
    ],
  }
}

/**
 * What `eth_sendTransaction` signs: network, recipient and value first, then an ERC-20 call
 * decoded, the fee caps, and the data in full. Data over {@link MAX_SHOWN_BYTES} is refused.
 *
 * @example
 * await describeTransaction({ to, value: '0x2386f26fc10000' }, { chainId: 1 })
 * // { title: 'Send a transaction', items: [Network: Ethereum (chain 1), To: 0x…, Value: 0.01 ETH, …] }
 */
export async function describeTransaction(
  tx: TransactionFields,
  context: EvmContext,
): Promise<ApprovalView> {
  const { chainId } = context
  const data = tx.data
  if (data !== undefined && (!isHex(data, { strict: true }) || data.length % 2 !== 0)) {
    throw new RpcError(-32602, 'Invalid params: data must be hex bytes')
  }
  const dataBytes = data ? (data.length - 2) / 2 : 0
  assertShowable('the transaction data', dataBytes)
  const value = quantity(tx, 'value') ?? 0n
  const declaredChain = quantity(tx, 'chainId')
  if (declaredChain !== undefined && declaredChain !== BigInt(chainId)) {
    throw new RpcError(
      -32602,
      `Invalid params: the transaction is for chain ${declaredChain}, the wallet is on chain ${chainId}`,
    )
  }
  const gas = quantity(tx, 'gas')
  const gasPrice = quantity(tx, 'gasPrice')
  const maxFee = quantity(tx, 'maxFeePerGas')
  const maxPriority = quantity(tx, 'maxPriorityFeePerGas')
  const nonce = quantity(tx, 'nonce')
  if (gasPrice !== undefined && (maxFee !== undefined || maxPriority !== undefined)) {
    throw new RpcError(-32602, 'Invalid params: gasPrice and EIP-1559 fee caps together')
  }

  let title = tx.to ? 'Send a transaction' : 'Deploy a contract'
  const [to, price] = await Promise.all([
    tx.to ? named(context, tx.to) : 'New contract (contract creation)',
    value > 0n && !TESTNETS.has(chainId)
      ? context.nativePrice?.().catch(() => undefined)
      : undefined,
  ])
  const items: ApprovalItem[] = [
    { kind: 'field', label: 'Network', value: networkName(chainId) },
    { kind: 'field', label: 'To', value: to },
    { kind: 'field', label: 'Value', value: withFiat(nativeAmount(value, chainId), value, price) },
  ]
  const call = tx.to && data ? erc20Call(data) : undefined
  if (tx.to && call) {
    const erc20 = await erc20Items(context, tx.to, call)
    title = erc20.title
    items.push(...erc20.items)
  }
  const feeCap = maxFee ?? gasPrice
  if (gas !== undefined) items.push({ kind: 'field', label: 'Gas limit', value: `${gas}` })
  if (maxFee !== undefined)
    items.push({ kind: 'field', label: 'Max fee per gas', value: gwei(maxFee) })
  if (maxPriority !== undefined) {
    items.push({ kind: 'field', label: 'Max priority fee per gas', value: gwei(maxPriority) })
  }
  if (gasPrice !== undefined)
    items.push({ kind: 'field', label: 'Gas price', value: gwei(gasPrice) })
  items.push({
    kind: 'field',
    label: 'Max network fee',
    value:
      gas !== undefined && feeCap !== undefined
        ? nativeAmount(gas * feeCap, chainId)
        : "Set from the network's current fees when sent",
  })
  if (nonce !== undefined) items.push({ kind: 'field', label: 'Nonce', value: `${nonce}` })
  if (data && dataBytes > 0) {
    items.push({
      kind: 'field',
      label: 'Data',
      value: call
        ? `${dataBytes} bytes (the call above)`
        : `${dataBytes} bytes${dataBytes >= 4 ? `, function selector ${data.slice(0, 10)}` : ''}, not decoded`,
    })
    items.push({ kind: 'raw', label: 'Data (hex)', value: data })
  }
  return { title, items }
}

/**
 * What `personal_sign` signs: UTF-8 text, or hex with a warning when the bytes are not text.
 *
 * @example
 * describePersonalSign('0x6869') // { title: 'Sign a message', items: [Message: hi] }
 */
export function describePersonalSign(message: string): ApprovalView {
  let bytes: Uint8Array
  if (isHex(message, { strict: true })) {
    if (message.length % 2 !== 0) throw new RpcError(-32602, 'Invalid params: odd-length hex')
    bytes = hexToBytes(message as Hex)
  } else {
    bytes = new TextEncoder().encode(message)
  }
  return { title: 'Sign a message', items: messageItems(bytes) }
}

const MAX_DEPTH = 32

function toTree(value: unknown, depth = 0): TreeValue {
  if (depth > MAX_DEPTH) {
    throw new RpcError(-32602, `Request too deeply nested to show (over ${MAX_DEPTH} levels)`)
  }
  if (Array.isArray(value)) return value.map((entry) => toTree(entry, depth + 1))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, toTree(entry, depth + 1)]),
    )
  }
  return String(value)
}

function hasUnlimited(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasUnlimited)
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasUnlimited)
  try {
    return (typeof value === 'string' || typeof value === 'number') && BigInt(value) === maxUint256
  } catch {
    return false
  }
}

export interface TypedData {
  domain: Record<string, unknown>
  types: Record<string, unknown>
  primaryType: string
  message: Record<string, unknown>
}

/**
 * Parses and checks `eth_signTypedData_v4`'s JSON string; refuses it when it is too large.
 *
 * @example
 * parseTypedData(JSON.stringify({ domain, types, primaryType: 'Mail', message }))
 */
export function parseTypedData(json: string): TypedData {
  assertShowable('the typed data', new TextEncoder().encode(json).length)
  let typed: unknown
  try {
    typed = JSON.parse(json)
  } catch {
    throw new RpcError(-32602, 'Invalid params: typed data is not JSON')
  }
  const object = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
  if (
    !object(typed) ||
    !object(typed.types) ||
    !object(typed.message) ||
    typeof typed.primaryType !== 'string' ||
    (typed.domain !== undefined && !object(typed.domain))
  ) {
    throw new RpcError(
      -32602,
      'Invalid params: typed data needs types, primaryType, domain and message',
    )
  }
  return { ...(typed as unknown as TypedData), domain: (typed.domain ?? {}) as TypedData['domain'] }
}

/**
 * What `eth_signTypedData_v4` signs: the domain, the primary type and the message as trees.
 *
 * @example
 * describeTypedData(parseTypedData(json), 1)
 */
export function describeTypedData(typed: TypedData, chainId: number): ApprovalView {
  const items: ApprovalItem[] = []
  const domainChain = typed.domain.chainId
  if (domainChain !== undefined) {
    let id: bigint | undefined
    try {
      id = BigInt(domainChain as string | number)
    } catch {
      id = undefined
    }
    if (id !== BigInt(chainId)) {
      items.push({
        kind: 'warning',
        text: `This signature is for chain ${String(domainChain)}, not the current network (chain ${chainId}).`,
      })
    }
    items.push({
      kind: 'field',
      label: 'Network',
      value: id !== undefined && id < 2n ** 53n ? networkName(Number(id)) : String(domainChain),
    })
  }
  if (hasUnlimited(typed.message)) {
    items.push({
      kind: 'warning',
      text: 'The message holds an unlimited amount (2^256 - 1): signing it can allow spending all of a token.',
    })
  }
  items.push(
    { kind: 'tree', label: 'Domain', value: toTree(typed.domain) },
    { kind: 'field', label: 'Primary type', value: typed.primaryType },
    { kind: 'tree', label: 'Message', value: toTree(typed.message) },
  )
  return { title: 'Sign typed data', items }
}
