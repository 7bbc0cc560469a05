// Why a mined transaction reverted. A receipt only says status 0; the reason string is in the
// revert data, which a node gives back for a call, not for a mined transaction. So the
// transaction is replayed as an `eth_call` at its block (what viem's and ethers' receipt
// helpers do), through the wallet's provider, and the revert data of that call is decoded. The
// two standard shapes, Error(string) and Panic(uint256), are decoded here by hand: viem's
// decodeErrorResult brings its whole ABI decoder into this lazy chunk (+4.9 kB gzip measured
// in the size apps, over their budgets) for two fixed layouts.
import { type Hex, isHex } from 'viem'
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

/** `Error(string)` and `Panic(uint256)` selectors (Solidity's built-in reverts). */
const ERROR_SELECTOR = '0x08c379a0'
const PANIC_SELECTOR = '0x4e487b71'

/** The 32-byte word at `index` (in hex characters) of `body` as a number; undefined past the end. */
function word(body: string, index: number): number | undefined {
  const hex = body.slice(index, index + 64)
  if (hex.length !== 64) return undefined
  const value = BigInt(`0x${hex}`)
  return value <= BigInt(body.length) ? Number(value) : undefined
}

/**
 * The reason in revert data: `Error(string)`'s text, or `Panic(uint256)`'s code; undefined for
 * a custom error (its ABI is not known here) or data that does not decode.
 *
 * @example decodeRevertReason('0x08c379a0…') // 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'
 */
export function decodeRevertReason(data: Hex): string | undefined {
  const selector = data.slice(0, 10).toLowerCase()
  const body = data.slice(10)
  if (selector === PANIC_SELECTOR && body.length >= 64) {
    return `Panic(0x${BigInt(`0x${body.slice(0, 64)}`).toString(16)})`
  }
  if (selector !== ERROR_SELECTOR) return undefined
  const offset = word(body, 0)
  const length = offset === undefined ? undefined : word(body, offset * 2)
  if (offset === undefined || length === undefined) return undefined
  const start = offset * 2 + 64
  const hex = body.slice(start, start + length * 2)
  if (hex.length !== length * 2 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined
  const bytes = new Uint8Array(length)
  for (let i = 0; i < length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return new TextDecoder().decode(bytes) || undefined
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
    return data && decodeRevertReason(data)?.slice(0, MAX_REASON_LENGTH)
  }
}
