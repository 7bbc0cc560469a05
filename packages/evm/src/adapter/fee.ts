// The network fee of a transfer and the state of a sent transaction, asked of the wallet's
// node through its EIP-1193 provider (the `eth_` reads every wallet forwards).
import {
  buildError,
  type FeeCap,
  kitError,
  type SendTransferParameters,
  type TransferFee,
} from '@openmodal/core/internal'
import { hexToBigInt, isHex } from 'viem'
import { call } from '../provider/errors.js'
import { toAddress } from '../provider/parse.js'
import type { Eip1193Provider } from '../provider/types.js'
import { BASE_FEE_MULTIPLIER } from './fee-multiplier.js'
import { feeFields, transferRequest } from './transfer.js'

const big = (value: unknown): bigint | undefined => (isHex(value) ? hexToBigInt(value) : undefined)
// What wallets add on top of the base fee when none is reported.
const DEFAULT_PRIORITY_FEE = 1_000_000_000n
/** The gas price per unit `cap` lets a transaction pay at most. */
const ceilingOf = (cap: FeeCap) => ('gasPrice' in cap ? cap.gasPrice : cap.maxFeePerGas)

/**
 * `baseFee` × `multiplier` in integer arithmetic over the multiplier's decimals (at most 9),
 * rounded down, as viem's fee estimation computes it.
 *
 * @example multiplyBaseFee(1_000_000_000n, 1.2) // 1_200_000_000n
 */
export function multiplyBaseFee(baseFee: bigint, multiplier: number): bigint {
  const decimals = Math.min(multiplier.toString().split('.')[1]?.length ?? 0, 9)
  const denominator = 10 ** decimals
  return (baseFee * BigInt(Math.round(multiplier * denominator))) / BigInt(denominator)
}

/**
 * The most `transfer` can cost in fees and the ceiling that bounds it: `eth_estimateGas` ×
 * the highest price per gas (EIP-1559: the latest base fee × `multiplier` (spec §9: 1.2) plus
 * the priority fee; legacy chains: `eth_gasPrice`), or × `params.fee` when given. Sending with
 * that ceiling (`sendTransfer({ ..., fee: cap })`) keeps "Max" sendable: the wallet refuses a
 * transaction whose value plus gas × maxFeePerGas exceeds the balance.
 *
 * @example await transferFee(provider, account, { to, value: 1n }) // { value: 21000n * …, cap }
 */
export async function transferFee(
  provider: Eip1193Provider,
  account: string | undefined,
  params: SendTransferParameters,
  multiplier = BASE_FEE_MULTIPLIER,
): Promise<TransferFee> {
  const from = toAddress(account)
  if (!from) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND')
  const request = transferRequest(from, params)
  if (params.fee) {
    feeFields(params.fee)
    const gasUnits = await estimateGas(provider, request)
    return { value: gasUnits * ceilingOf(params.fee), cap: params.fee }
  }
  const [gasUnits, block] = await Promise.all([
    estimateGas(provider, request),
    call(provider, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const baseFee = big((block as { baseFeePerGas?: unknown } | null)?.baseFeePerGas)
  if (baseFee === undefined) {
    const price = big(await call(provider, 'eth_gasPrice'))
    if (price === undefined) {
      throw buildError('NODE_UNEXPECTED_ANSWER', { details: 'eth_gasPrice: not a number' })
    }
    return { value: gasUnits * price, cap: { gasPrice: price } }
  }
  const priority =
    big(await call(provider, 'eth_maxPriorityFeePerGas').catch(() => undefined)) ??
    DEFAULT_PRIORITY_FEE
  const maxFeePerGas = multiplyBaseFee(baseFee, multiplier) + priority
  return { value: gasUnits * maxFeePerGas, cap: { maxFeePerGas, maxPriorityFeePerGas: priority } }
}

async function estimateGas(provider: Eip1193Provider, request: object): Promise<bigint> {
  const gasUnits = big(await call(provider, 'eth_estimateGas', [request]))
  if (gasUnits === undefined) {
    throw buildError('NODE_UNEXPECTED_ANSWER', { details: 'eth_estimateGas: not a number' })
  }
  return gasUnits
}

/**
 * Where transaction `hash` stands: `pending` without a receipt, else `success` or `failed`
 * (status 0: reverted).
 *
 * @example await transactionStatus(provider, '0x…') // 'success'
 */
export async function transactionStatus(
  provider: Eip1193Provider,
  hash: string,
): Promise<'pending' | 'success' | 'failed'> {
  const receipt = (await call(provider, 'eth_getTransactionReceipt', [hash])) as {
    status?: unknown
  } | null
  if (!receipt) return 'pending'
  return big(receipt.status) === 1n ? 'success' : 'failed'
}
