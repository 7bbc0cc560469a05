import { BaseError, defineErrorTexts } from './base.js'
import { INITIAL_ERROR_MESSAGES } from './messages.js'

/**
 * The BaseError of `code`, reading the code's text in `INITIAL_ERROR_MESSAGES`: the errors
 * code of the page's initial JS may throw.
 *
 * @example throw kitError('CHAIN_NOT_CONFIGURED', { details: 'eip155:10' })
 */
export const kitError = /* @__PURE__ */ defineErrorTexts(INITIAL_ERROR_MESSAGES)

/** A host option failed validation; names the field and what was expected. */
export class InvalidOptionsError extends BaseError {
  override name = 'InvalidOptionsError'
  constructor(
    readonly field: string,
    expected: string,
    cause?: unknown,
  ) {
    super(`Invalid option \`${field}\`: ${expected}`, { code: 'INVALID_OPTIONS', cause })
  }
}
