// What the blockchain API accepts: addresses, chains, history pages, names, registrations.
import * as v from 'valibot'
import { isAddress } from 'viem'
import { CaipNetworkIdSchema } from '../projects/schema.js'
import { isValidRegisteredName, NAME_RULE_MESSAGE } from './names.js'

export const HISTORY_PAGE_SIZE = 20
export const HISTORY_PAGE_MAX = 100

export const AddressSchema = v.pipe(
  v.string('Expected an address'),
  v.check(
    (value) => /^0x[0-9a-fA-F]{40}$/.test(value) && isAddress(value, { strict: true }),
    'Expected a 0x-prefixed 40-hex-digit address (lower case or a valid checksum)',
  ),
)

const ChainQuery = v.pipe(v.string('chainId is required'), CaipNetworkIdSchema)

const LimitSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}$/, `Expected a whole number from 1 to ${HISTORY_PAGE_MAX}`),
  v.transform(Number),
  v.minValue(1, `Expected a whole number from 1 to ${HISTORY_PAGE_MAX}`),
  v.maxValue(HISTORY_PAGE_MAX, `Expected a whole number from 1 to ${HISTORY_PAGE_MAX}`),
)

export const AccountQuerySchema = v.object({ chainId: ChainQuery })

/** At most this many host-chosen tokens per balance request (`tokens=`). */
export const BALANCE_TOKENS_MAX = 5

/**
 * The balance endpoint: the chain, and the tokens the host chose to show (the kit's `tokens`
 * option), a comma list checked per namespace by the route.
 */
export const BalanceQuerySchema = v.object({
  chainId: ChainQuery,
  tokens: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      v.maxLength(BALANCE_TOKENS_MAX, `Expected at most ${BALANCE_TOKENS_MAX} tokens`),
    ),
    '',
  ),
})

/** The name endpoints: without chainId only our registry answers; with it, also ENS. */
export const NameQuerySchema = v.object({
  chainId: v.optional(v.pipe(v.string(), CaipNetworkIdSchema)),
})

export const HistoryQuerySchema = v.object({
  chainId: ChainQuery,
  cursor: v.optional(v.pipe(v.string(), v.maxLength(100))),
  limit: v.optional(LimitSchema),
})

export const NameSchema = v.pipe(
  v.string('Expected a name'),
  v.maxLength(64, 'A name has at most 64 characters'),
  v.check(isValidRegisteredName, NAME_RULE_MESSAGE),
)

export const RegisterBodySchema = v.strictObject({
  name: NameSchema,
  address: AddressSchema,
  message: v.pipe(v.string('Expected the signed message'), v.maxLength(300)),
  signature: v.pipe(
    v.string('Expected a signature'),
    v.regex(/^0x[0-9a-fA-F]{130}$/, 'Expected a 65-byte 0x-hex signature'),
  ),
})
