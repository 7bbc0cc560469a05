export interface BaseErrorParameters {
  /** Extra detail for developers; never shown as the headline. */
  details?: string
  /** Where in the docs the error is explained. */
  docsPath?: string
  cause?: unknown
  /** Stable machine-readable code, e.g. `MODAL_CLOSED`. */
  code?: string
}

/**
 * Every error the kit throws. `shortMessage` is the text a person reads (the
 * spec §8 wording where it has one); `details` and `cause` are for developers.
 *
 * @example
 * throw new BaseError('Modal closed', { code: 'MODAL_CLOSED' })
 */
export class BaseError extends Error {
  override name = 'OpenModalError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string | undefined
  readonly code: string

  constructor(shortMessage: string, params: BaseErrorParameters = {}) {
    const message = params.details ? `${shortMessage}\n\nDetails: ${params.details}` : shortMessage
    super(message, params.cause === undefined ? undefined : { cause: params.cause })
    this.shortMessage = shortMessage
    this.details = params.details
    this.docsPath = params.docsPath
    this.code = params.code ?? 'UNKNOWN_ERROR'
  }
}

/** The text to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return 'Unknown error'
}
