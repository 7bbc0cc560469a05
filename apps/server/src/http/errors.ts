// Error answers: one `{ code, message, issues? }` JSON shape for every endpoint but JSON-RPC.

import type { AuthApiErrorCode } from '@openmodal/siwx'
import * as v from 'valibot'
import type {
  ApiError,
  ApiErrorCode,
  ApiIssue,
  BlockchainApiErrorCode,
  SwapApiErrorCode,
} from '../api-types.js'

/** Every code an error answer may carry. */
type ErrorCode = ApiErrorCode | BlockchainApiErrorCode | AuthApiErrorCode | SwapApiErrorCode

export type HttpStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503

/** Thrown by handlers; `app.onError` turns it into the JSON answer. */
export class HttpError extends Error {
  override name = 'HttpError'
  readonly status: HttpStatus
  readonly code: ErrorCode
  readonly issues: ApiIssue[] | undefined
  readonly headers: Record<string, string>
  /** Why a sign-in was refused (auth routes), sent beside the message. */
  readonly reason: string | undefined

  constructor(
    status: HttpStatus,
    code: ErrorCode,
    message: string,
    options: {
      issues?: ApiIssue[]
      headers?: Record<string, string>
      cause?: unknown
      reason?: string
    } = {},
  ) {
    super(message, { cause: options.cause })
    this.status = status
    this.code = code
    this.issues = options.issues
    this.headers = options.headers ?? {}
    this.reason = options.reason
  }

  toJSON(): Omit<ApiError, 'code'> & {
    code: ErrorCode
    reason?: string
  } {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.reason ? { reason: this.reason } : {}),
    }
  }
}

/** Valibot issues as `{ path, message }`, paths dotted (`props.event`). */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): ApiIssue[] {
  return issues.map((issue) => ({
    path: v.getDotPath(issue) ?? '',
    message: issue.message,
  }))
}

/**
 * Parses `input` with `schema` or throws a 400 naming the first problem; the ValiError is the
 * cause, the issues go to the client.
 *
 * @example
 * const query = parseInput(WalletQuerySchema, c.req.query(), 'query')
 */
export function parseInput<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return result.output
  const issues = toIssues(result.issues)
  const first = issues[0]
  const where = first?.path ? `${first.path}: ` : ''
  throw new HttpError(
    400,
    'BAD_REQUEST',
    `Invalid ${what}: ${where}${first?.message ?? 'invalid'}`,
    {
      issues,
      cause: new v.ValiError(result.issues),
    },
  )
}
