import { type ErrorCode, INITIAL_ERROR_MESSAGES } from './messages.js'

export interface BaseErrorParameters {
  /** Extra detail for developers; never shown as the headline. */
  details?: string
  /** Where in the docs the error is explained. */
  docsPath?: string
  cause?: unknown
  /** Stable machine-readable code, e.g. `MODAL_CLOSED`; default `UNKNOWN`. */
  code?: ErrorCode
  /**
   * Whether `shortMessage` is the code's own text in its table, which a catalog may
   * translate by code. Default false: a text given here is the error's own words (a value in
   * it, a server's or a wallet's message), shown as given. `kitError(code)` sets it.
   */
  codeText?: boolean
  /**
   * The values of the `{placeholders}` in the code's text (`{ status: 502 }` for
   * `HTTP status code: {status}`): a catalog's translation gets the same values.
   */
  values?: Readonly<Record<string, string | number>>
}

/**
 * `text` with each `{name}` placeholder replaced by `values[name]` (unknown names stay).
 *
 * @example fillText('HTTP status code: {status}', { status: 502 }) // 'HTTP status code: 502'
 */
export function fillText(text: string, values?: Readonly<Record<string, string | number>>): string {
  return values
    ? text.replace(/\{(\w+)\}/g, (match, name: string) =>
        name in values ? String(values[name]) : match,
      )
    : text
}

/** Causes followed at most: a cycle of causes ends here. */
const MAX_DEPTH = 32

/**
 * Follows `error` and its `cause` chain: the first error `fn` accepts (or `null`), or, without
 * `fn`, the innermost cause.
 *
 * @example
 * walk(error, (e) => (e as { code?: unknown }).code === 4001) // the wallet's rejection, or null
 */
export function walk(error: unknown): unknown
export function walk(error: unknown, fn: (error: unknown) => boolean): unknown | null
export function walk(error: unknown, fn?: (error: unknown) => boolean): unknown {
  let current = error
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (fn?.(current)) return current
    const cause =
      typeof current === 'object' && current !== null
        ? (current as { cause?: unknown }).cause
        : undefined
    if (cause === undefined) break
    current = cause
  }
  return fn ? null : current
}

/**
 * Every error the kit throws. `shortMessage` is the text a person reads (the spec §8 wording
 * where it has one); `details` and `cause` are for developers; `code` says what happened.
 *
 * @example
 * throw new BaseError('Modal closed', { code: 'MODAL_CLOSED' })
 */
export class BaseError extends Error {
  override name = 'OpenModalError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string | undefined
  readonly code: ErrorCode
  /** `shortMessage` is the code's text in its table (see `BaseErrorParameters`). */
  readonly codeText: boolean
  /** The values of the `{placeholders}` of the code's text (see `BaseErrorParameters`). */
  readonly values: Readonly<Record<string, string | number>> | undefined

  constructor(shortMessage: string, params: BaseErrorParameters = {}) {
    const message = params.details ? `${shortMessage}\n\nDetails: ${params.details}` : shortMessage
    super(message, params.cause === undefined ? undefined : { cause: params.cause })
    this.shortMessage = shortMessage
    this.details = params.details
    this.docsPath = params.docsPath
    this.code = params.code ?? 'UNKNOWN'
    this.codeText = params.codeText ?? false
    this.values = params.values
  }

  /**
   * This error and its `cause` chain: the first one `fn` accepts (or `null`), or, without
   * `fn`, the innermost cause (viem's `walk`).
   *
   * @example
   * error.walk((e) => (e as { code?: unknown }).code === 4001) // the wallet's 4001, or null
   */
  walk(): unknown
  walk(fn: (error: unknown) => boolean): unknown | null
  walk(fn?: (error: unknown) => boolean): unknown {
    return fn ? walk(this, fn) : walk(this)
  }
}

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return INITIAL_ERROR_MESSAGES.UNKNOWN
}

/** What a coded error takes besides its code. */
export type KitErrorParameters = Omit<BaseErrorParameters, 'code' | 'codeText'>

/** Builds the `BaseError` of a code from the code's text in one table. */
export type KitErrorCreator<Code extends string> = (
  code: Code,
  params?: KitErrorParameters,
) => BaseError

/**
 * The creator of the coded errors of one table of texts: each error reads its code's text
 * there (its `shortMessage` and `message`), and a catalog translates it by code. Each table
 * has one creator, and a bundle carries a table only where code calls its creator: a lazily
 * loaded feature's table loads with that feature (the pattern: the top of messages.ts).
 *
 * @example
 * const sendError = defineErrorTexts(SEND_ERROR_MESSAGES) // export it marked pure
 * throw sendError('INSUFFICIENT_BALANCE') // 'Insufficient balance'
 * throw chainError('HTTP_ERROR', { values: { status: 502 } }) // 'HTTP status code: 502'
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineErrorTexts<const Texts extends Readonly<Record<string, string>>>(
  texts: Texts,
): KitErrorCreator<keyof Texts & string> {
  return (code, params = {}) =>
    new BaseError(fillText(texts[code] as string, params.values), {
      ...params,
      code: code as ErrorCode,
      codeText: true,
    })
}
