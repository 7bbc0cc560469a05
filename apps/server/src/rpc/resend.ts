// A raw transaction sent a second time. When an instance dies after the node took a transaction
// but before its answer reached the client, the client's retry (spec §9) lands on another
// instance and the node refuses the same bytes ("nonce too low", "already known"). The chain
// knows the transaction by its hash, so the retry gets the hash the first send would have
// answered, and the wallet shows the send as done instead of failed.
import { isHex, keccak256 } from 'viem'
import type { JsonRpcResponse } from '../api-types.js'
import { isResponseLike, type RpcPlan } from './json-rpc.js'

/** Asks the chain's upstreams one JSON-RPC request; the parsed answer, or undefined. */
export type AskUpstream = (request: { method: string; params: unknown[] }) => Promise<unknown>

/**
 * Replaces the error answer of each `eth_sendRawTransaction` of `plan` whose transaction the
 * chain already knows (`eth_getTransactionByHash` of its keccak256) with that hash. Other
 * answers, and errors of transactions the chain does not know, stay as they are.
 *
 * @example
 * responses = await settleResentTransactions(plan, responses, ask)
 */
export async function settleResentTransactions(
  plan: RpcPlan,
  responses: JsonRpcResponse[],
  ask: AskUpstream,
): Promise<JsonRpcResponse[]> {
  const settled = [...responses]
  let index = 0
  const checks: Promise<void>[] = []
  for (const item of plan.items) {
    if (item.kind === 'forward' && item.request.id === undefined) continue
    const at = index++
    if (item.kind !== 'forward' || item.request.method !== 'eth_sendRawTransaction') continue
    const response = settled[at]
    const raw = Array.isArray(item.request.params) ? item.request.params[0] : undefined
    if (!response || !('error' in response) || typeof raw !== 'string' || !isHex(raw)) continue
    const hash = keccak256(raw)
    checks.push(
      ask({ method: 'eth_getTransactionByHash', params: [hash] }).then((answer) => {
        if (!isResponseLike(answer) || !answer.result) return
        const found = answer.result as { hash?: unknown }
        if (typeof found.hash === 'string' && found.hash.toLowerCase() === hash) {
          settled[at] = { jsonrpc: '2.0', id: response.id, result: hash }
        }
      }),
    )
  }
  await Promise.all(checks)
  return settled
}
