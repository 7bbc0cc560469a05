// The proxy's JSON-RPC side: request validation, method policy, id remapping, answer matching.
import * as v from 'valibot'
import {
  API_LIMITS,
  JSON_RPC_ERRORS,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcResponse,
} from '../api-types.js'

export const RpcRequestSchema = v.object({
  jsonrpc: v.literal('2.0', 'Expected "jsonrpc": "2.0"'),
  method: v.pipe(
    v.string('Expected "method" to be a string'),
    v.regex(/^[A-Za-z][A-Za-z0-9_]{0,127}$/, 'Expected "method" to be a method name'),
  ),
  params: v.optional(
    v.union(
      [v.array(v.unknown()), v.record(v.string(), v.unknown())],
      'Expected "params" to be an array or an object',
    ),
  ),
  id: v.optional(
    v.union(
      [v.pipe(v.string(), v.maxLength(256)), v.pipe(v.number(), v.finite()), v.null()],
      'Expected "id" to be a string, a number or null',
    ),
  ),
})
type RpcRequest = v.InferOutput<typeof RpcRequestSchema>

// A public proxy must not let a page sign with, or reconfigure, the upstream node's accounts.
const EIP155_DENIED = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
])

/**
 * Whether the proxy forwards `method` on a chain of `namespace`: on eip155 only the public
 * `eth_`, `net_` and `web3_` methods without signing; on other namespaces any method name.
 *
 * @example
 * isMethodAllowed('eip155', 'eth_call') // true
 * isMethodAllowed('eip155', 'anvil_setBalance') // false
 */
export function isMethodAllowed(namespace: string, method: string): boolean {
  if (namespace !== 'eip155') return true
  return /^(eth|net|web3)_/.test(method) && !EIP155_DENIED.has(method)
}

export function rpcError(id: JsonRpcId, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

function idOf(item: unknown): JsonRpcId {
  const id = (item as { id?: unknown } | null)?.id
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

interface ResponseLike {
  id: unknown
  result?: unknown
  error?: JsonRpcErrorObject
}

function isErrorObject(value: unknown): value is JsonRpcErrorObject {
  const error = value as JsonRpcErrorObject | null
  return (
    typeof error === 'object' &&
    error !== null &&
    Number.isInteger(error.code) &&
    typeof error.message === 'string'
  )
}

/** Whether `value` looks like one JSON-RPC response (a result or a well-formed error). */
export function isResponseLike(value: unknown): value is ResponseLike {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const response = value as Record<string, unknown>
  if (!('id' in response)) return false
  return 'result' in response ? !('error' in response) : isErrorObject(response.error)
}

export type Planned =
  | { kind: 'answer'; response: JsonRpcResponse }
  | { kind: 'forward'; request: RpcRequest; upstreamId: number }

export interface RpcPlan {
  batch: boolean
  items: Planned[]
  /** What goes upstream: one request or a batch, with ids replaced by 0..n-1. */
  upstreamPayload: unknown
  forwarded: number
}

export type RpcParse =
  | { ok: true; plan: RpcPlan }
  | { ok: false; status: 400 | 413; response: JsonRpcResponse }

/**
 * Validates a JSON-RPC body (already parsed) and plans what to answer locally and what to
 * forward. Forwarded requests get fresh ids so answers are matched by id even if the client
 * reused ids or the upstream reorders a batch.
 *
 * @example
 * const parsed = planRpc(JSON.parse(text), 'eip155')
 */
export function planRpc(body: unknown, namespace: string): RpcParse {
  const batch = Array.isArray(body)
  const list: unknown[] = Array.isArray(body) ? body : [body]
  if (batch && list.length === 0) {
    return {
      ok: false,
      status: 400,
      response: rpcError(null, JSON_RPC_ERRORS.INVALID_REQUEST, 'Invalid request: empty batch'),
    }
  }
  if (list.length > API_LIMITS.rpcBatchMax) {
    return {
      ok: false,
      status: 413,
      response: rpcError(
        null,
        JSON_RPC_ERRORS.INVALID_REQUEST,
        `Batch of ${list.length} requests exceeds the limit of ${API_LIMITS.rpcBatchMax}`,
      ),
    }
  }
  const items: Planned[] = []
  const upstream: unknown[] = []
  for (const item of list) {
    const result = v.safeParse(RpcRequestSchema, item, { abortPipeEarly: true })
    if (!result.success) {
      const issue = result.issues[0]
      const response = rpcError(
        idOf(item),
        JSON_RPC_ERRORS.INVALID_REQUEST,
        `Invalid request: ${issue?.message ?? 'not a JSON-RPC 2.0 request'}`,
      )
      if (!batch) return { ok: false, status: 400, response }
      items.push({ kind: 'answer', response })
      continue
    }
    const request = result.output
    if (!isMethodAllowed(namespace, request.method)) {
      items.push({
        kind: 'answer',
        response: rpcError(
          request.id ?? null,
          JSON_RPC_ERRORS.METHOD_NOT_ALLOWED,
          `Method ${request.method} is not available through this proxy`,
        ),
      })
      continue
    }
    const upstreamId = upstream.length
    upstream.push({
      jsonrpc: '2.0',
      id: upstreamId,
      method: request.method,
      ...(request.params !== undefined ? { params: request.params } : {}),
    })
    items.push({ kind: 'forward', request, upstreamId })
  }
  return {
    ok: true,
    plan: {
      batch,
      items,
      upstreamPayload: batch ? upstream : upstream[0],
      forwarded: upstream.length,
    },
  }
}

/** Whether an upstream answer fits the plan: a response, or an array of them for a batch. */
export function acceptsUpstream(plan: RpcPlan): (json: unknown) => boolean {
  return (json) =>
    plan.batch
      ? (Array.isArray(json) && json.every(isResponseLike)) || isResponseLike(json)
      : isResponseLike(json)
}

/**
 * The client's answer: local answers and upstream answers matched back by id, in request
 * order; notifications get none. A batch answered with one error object applies it to all.
 */
export function assemble(plan: RpcPlan, upstreamJson: unknown): JsonRpcResponse[] {
  const byId = new Map<number, ResponseLike>()
  let whole: ResponseLike | undefined
  if (Array.isArray(upstreamJson)) {
    for (const response of upstreamJson as ResponseLike[]) {
      if (typeof response.id === 'number') byId.set(response.id, response)
    }
  } else if (isResponseLike(upstreamJson)) {
    if (plan.batch || typeof upstreamJson.id !== 'number') whole = upstreamJson
    else byId.set(upstreamJson.id, upstreamJson)
  }
  const out: JsonRpcResponse[] = []
  for (const item of plan.items) {
    if (item.kind === 'answer') {
      out.push(item.response)
      continue
    }
    if (item.request.id === undefined) continue
    const id = item.request.id
    const response = byId.get(item.upstreamId) ?? (whole?.error ? whole : undefined)
    if (!response) {
      out.push(
        rpcError(id, JSON_RPC_ERRORS.INTERNAL_ERROR, 'Upstream gave no answer for this request'),
      )
    } else if (response.error) {
      const { code, message, data } = response.error
      out.push({
        jsonrpc: '2.0',
        id,
        error: { code, message, ...(data !== undefined ? { data } : {}) },
      })
    } else {
      out.push({ jsonrpc: '2.0', id, result: response.result })
    }
  }
  return out
}

/** Every forwarded request answered with the same error (all upstreams failed). */
export function failAll(plan: RpcPlan, message: string): JsonRpcResponse[] {
  return plan.items.flatMap((item) => {
    if (item.kind === 'answer') return [item.response]
    if (item.request.id === undefined) return []
    return [rpcError(item.request.id, JSON_RPC_ERRORS.INTERNAL_ERROR, message)]
  })
}
