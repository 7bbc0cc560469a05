// Type checks (typecheck fails when they break): `KitErrorCode` is exactly the codes of the
// tables named in all-messages.ts, not a wider string.
import type { KitErrorCode } from './messages.js'

export const known: KitErrorCode = 'INSUFFICIENT_BALANCE'
// @ts-expect-error not a code of any table
export const unknown: KitErrorCode = 'NOT_A_CODE'
