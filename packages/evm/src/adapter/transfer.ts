// The transaction of a send: a native value transfer or an ERC-20 `transfer` call.
import type {
  FeeCap,
  SendTransactionParameters,
  SendTransferParameters,
} from '@openmodal/core/internal'
import { adapterError, type BaseError } from '@openmodal/core/internal'
import type { Address, Hex } from 'viem'
import { numberToHex } from 'viem/utils'
import { toAddress } from '../provider/parse.js'

// `transfer(address,uint256)`: its selector and two 32-byte words, encoded by hand so the
// generic ABI encoder (~12 KB) stays out of the bundle.
const TRANSFER_SELECTOR = '0xa9059cbb'
const MAX_UINT256 = 2n ** 256n - 1n
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')

/**
 * Calldata of an ERC-20 `transfer(to, amount)`.
 *
 * @example encodeTransfer('0x…', 1n) // '0xa9059cbb000…'
 */
export function encodeTransfer(to: Address, amount: bigint): Hex {
  return `${TRANSFER_SELECTOR}${word(to)}${word(amount.toString(16))}`
}

export interface TransferRequest {
  from: Address
  to: Address
  value?: Hex
  data?: Hex
}

function invalid(details: string): BaseError {
  return adapterError('INVALID_TRANSFER', { details })
}

/**
 * The `eth_sendTransaction` parameter for a transfer from `from`.
 *
 * @example transferRequest(from, { to, value: 10n ** 18n }) // native
 * transferRequest(from, { to, value: 5_000_000n, tokenAddress: usdc }) // ERC-20
 */
export function transferRequest(from: Address, params: SendTransferParameters): TransferRequest {
  const to = toAddress(params.to)
  if (!to) throw invalid(`Receiver ${params.to} is not an EVM address`)
  if (typeof params.value !== 'bigint' || params.value < 0n || params.value > MAX_UINT256) {
    throw invalid('The amount must be a bigint from 0 to 2^256 - 1')
  }
  if (params.tokenAddress === undefined) return { from, to, value: numberToHex(params.value) }
  const token = toAddress(params.tokenAddress)
  if (!token) throw invalid(`Token ${params.tokenAddress} is not an EVM address`)
  return { from, to: token, data: encodeTransfer(to, params.value) }
}

/**
 * `cap` as transaction fields, checked: non-negative bigints, the tip within the ceiling.
 *
 * @example feeFields({ gasPrice: 10n }) // { gasPrice: '0xa' }
 */
export function feeFields(
  cap: FeeCap,
): { gasPrice: Hex } | { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } {
  const valid = (value: unknown): value is bigint => typeof value === 'bigint' && value >= 0n
  const fee = cap as Partial<Record<'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas', unknown>>
  if ('gasPrice' in cap) {
    if (!valid(fee.gasPrice)) throw invalid('The gasPrice must be a bigint of at least 0')
    return { gasPrice: numberToHex(fee.gasPrice) }
  }
  const { maxFeePerGas, maxPriorityFeePerGas } = fee
  if (!valid(maxFeePerGas) || !valid(maxPriorityFeePerGas) || maxPriorityFeePerGas > maxFeePerGas) {
    throw invalid('The fee must be bigints of at least 0, maxPriorityFeePerGas ≤ maxFeePerGas')
  }
  return {
    maxFeePerGas: numberToHex(maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(maxPriorityFeePerGas),
  }
}

/**
 * The `eth_sendTransaction` parameter of `sendTransfer`: the transfer, priced at `params.fee`
 * when given (the ceiling its fee was estimated with).
 *
 * @example pricedTransferRequest(from, { to, value, fee: { gasPrice: 10n } })
 */
export function pricedTransferRequest(
  from: Address,
  params: SendTransferParameters,
): TransferRequest & Partial<Record<'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas', Hex>> {
  const request = transferRequest(from, params)
  return params.fee ? { ...request, ...feeFields(params.fee) } : request
}

const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * The `eth_sendTransaction` parameter for an arbitrary transaction from `from`.
 *
 * @example transactionRequest(from, { to: contract, data: '0xa9059cbb…' })
 */
export function transactionRequest(
  from: Address,
  params: SendTransactionParameters,
): TransferRequest {
  const to = toAddress(params.to)
  if (!to) throw invalid(`Receiver ${params.to} is not an EVM address`)
  const value = params.value ?? 0n
  if (typeof value !== 'bigint' || value < 0n || value > MAX_UINT256) {
    throw invalid('The value must be a bigint from 0 to 2^256 - 1')
  }
  if (
    params.data !== undefined &&
    (typeof params.data !== 'string' || !HEX_DATA.test(params.data))
  ) {
    throw invalid('The data must be 0x-prefixed hex bytes')
  }
  return {
    from,
    to,
    ...(value > 0n ? { value: numberToHex(value) } : {}),
    ...(params.data ? { data: params.data as Hex } : {}),
  }
}
