// The network fee of a transfer and the state of a sent transaction, asked of the wallet's
// node through its EIP-1193 provider (the `eth_` reads every wallet forwards).
import { buildError, kitError, type SendTransferParameters } from '@openmodal/core/internal'
import { hexToBigInt, isHex } from 'viem'
import { call } from '../provider/errors.js'
import { toAddress } from '../provider/parse.js'
import type { Eip1193Provider } from '../provider/types.js'
import { transferRequest } from './transfer.js'

const big = (value: unknown): bigint | undefined => (isHex(value) ? hexToBigInt(value) : undefined)
// What wallets add on top of the base fee when none is reported.
const DEFAULT_PRIORITY_FEE = 1_000_000_000n

/**
 * The most `transfer` can cost in fees: `eth_estimateGas` × the highest price per gas a
 * wallet sets by default (EIP-1559: twice the latest base fee plus the priority fee, as
 * MetaMask and viem's wallet clients leave room for two full blocks; legacy chains:
 * `eth_gasPrice`). Using the ceiling keeps "Max" sendable: the wallet refuses a transaction
 * whose value plus gas × maxFeePerGas exceeds the balance.
 *
 * @example await transferFee(provider, account, { to, value: 1n }) // 21000n * 2_000_000_000n
 */
export async function transferFee(
  provider: Eip1193Provider,
  account: string | undefined,
  params: SendTransferParameters,
): Promise<bigint> {
  const from = toAddress(account)
  if (!from) throw kitError('CONNECTOR_ACCOUNT_NOT_FOUND')
  const request = transferRequest(from, params)
  const [gas, block] = await Promise.all([
    call(provider, 'eth_estimateGas', [request]),
    call(provider, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const gasUnits = big(gas)
  if (gasUnits === undefined) {
    throw buildError('NODE_UNEXPECTED_ANSWER', { details: 'eth_estimateGas: not a number' })
  }
  const baseFee = big((block as { baseFeePerGas?: unknown } | null)?.baseFeePerGas)
  if (baseFee === undefined) {
    const price = big(await call(provider, 'eth_gasPrice'))
    if (price === undefined) {
      throw buildError('NODE_UNEXPECTED_ANSWER', { details: 'eth_gasPrice: not a number' })
    }
    return gasUnits * price
  }
  const priority =
    big(await call(provider, 'eth_maxPriorityFeePerGas').catch(() => undefined)) ??
    DEFAULT_PRIORITY_FEE
  return gasUnits * (baseFee * 2n + priority)
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
