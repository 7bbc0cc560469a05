// The transaction of a send: a native value transfer or an ERC-20 `transfer` call.
import type { SendTransactionParameters, SendTransferParameters } from '@openmodal/core/internal'
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
