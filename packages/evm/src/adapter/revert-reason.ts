// Why a mined transaction reverted. A receipt only says status 0; the reason string is in the
// revert data, which a node gives back for a call, not for a mined transaction. So the
// transaction is replayed as an `eth_call` at its block (what viem's and ethers' receipt
// helpers do), through the wallet's provider, and the revert data of that call is decoded.
import { decodeErrorResult, type Hex, isHex } from 'viem'
import { call } from '../provider/errors.js'
import type { Eip1193Provider } from '../provider/types.js'

/** A reason longer than this is cut: it is shown in a one-line status. */
const MAX_REASON_LENGTH = 200

interface MinedTransaction {
  from?: unknown
  to?: unknown
  input?: unknown
  value?: unknown
  gas?: unknown
  blockNumber?: unknown
}

/** The revert data of an RPC error: `data` as hex, or nested one level (`data.data`). */
function revertData(error: unknown): Hex | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const data = (current as { data?: unknown }).data
    if (isHex(data) && data.length >= 10) return data
    current = typeof data === 'object' ? data : (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * The reason in revert data: `Error(string)`'s text, or `Panic(uint256)`'s code; undefined for
 * a custom error (its ABI is not known here) or data that does not decode.
 *
 * @example decodeRevertReason('0x08c379a0…') // 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'
 */
export function decodeRevertReason(data: Hex): string | undefined {
  try {
    const { errorName, args } = decodeErrorResult({ data })
    if (errorName === 'Error' && typeof args?.[0] === 'string') return args[0]
    if (errorName === 'Panic' && typeof args?.[0] === 'bigint') {
      return `Panic(0x${args[0].toString(16)})`
    }
  } catch {
    // A custom error or malformed data: no reason to show.
  }
  return undefined
}

/** The node's message without its "execution reverted" prefix, when it carries a reason. */
function messageReason(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message !== 'string') return undefined
  return /execution reverted:\s*(.+)/i.exec(message)?.[1]?.trim() || undefined
}

/**
 * Why transaction `hash` reverted: the router's or token's reason string, read by replaying
 * the transaction with `eth_call` at its block (state after that block, where what made it
 * revert, e.g. a competing swap mined before it, still holds). Undefined when the transaction
 * is not mined, the replay succeeds now, or the revert carries no readable reason.
 *
 * @example await revertReason(provider, hash) // 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'
 */
export async function revertReason(
  provider: Eip1193Provider,
  hash: string,
): Promise<string | undefined> {
  const tx = (await call(provider, 'eth_getTransactionByHash', [hash])) as MinedTransaction | null
  if (!tx || !isHex(tx.blockNumber) || !isHex(tx.to)) return undefined
  const replay = {
    from: tx.from,
    to: tx.to,
    data: isHex(tx.input) ? tx.input : '0x',
    value: isHex(tx.value) ? tx.value : '0x0',
    ...(isHex(tx.gas) ? { gas: tx.gas } : {}),
  }
  try {
    await call(provider, 'eth_call', [replay, tx.blockNumber])
    return undefined
  } catch (error) {
    const data = revertData(error)
    const reason = (data && decodeRevertReason(data)) ?? messageReason(error)
    return reason ? reason.slice(0, MAX_REASON_LENGTH) : undefined
  }
}
