import { BaseError, type BaseErrorParameters } from './base.js'
import { KIT_ERROR_MESSAGES, type KitErrorCode } from './messages.js'

/**
 * The BaseError of `code`, reading the code's text in `KIT_ERROR_MESSAGES`.
 *
 * @example throw kitError('CHAIN_NOT_CONFIGURED', { details: 'eip155:10' })
 */
export function kitError(
  code: KitErrorCode,
  params: Omit<BaseErrorParameters, 'code' | 'codeText'> = {},
): BaseError {
  return new BaseError(KIT_ERROR_MESSAGES[code], { ...params, code, codeText: true })
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
