import { BaseError, type BaseErrorParameters } from './base.js'
import { ERROR_MESSAGES, type ErrorCode } from './messages.js'

/** Builds the BaseError for a spec §8 code. */
export function kitError(
  code: ErrorCode,
  params: Omit<BaseErrorParameters, 'code'> = {},
): BaseError {
  return new BaseError(ERROR_MESSAGES[code], { ...params, code })
}

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
