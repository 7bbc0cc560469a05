// Registered account names (spec §5): letters, digits and hyphens, at least 4 characters,
// registered by a request the address signed (EIP-191 personal_sign). One name per address;
// names are unique ignoring case. Registering a new name for an address replaces its old one.
import { isValidRegisteredName } from '@openmodal/core'
import { getAddress, type Hex, verifyMessage } from 'viem'
import type { NameResponse } from '../api-types.js'
import type { Db, Queryable } from '../db/db.js'
import { HttpError } from '../http/errors.js'

/** How far the message timestamp may be from the server's clock. */
export const NAME_MESSAGE_MAX_AGE_MS = 10 * 60 * 1000

export const NAME_RULE_MESSAGE =
  'A name uses letters, digits and hyphens and has at least 4 characters'

/** The exact text the address signs. */
export function registerNameMessage(name: string, address: string, timestamp: number): string {
  return `Register ${name} for ${address} at ${timestamp}`
}

export interface RegisterNameInput {
  name: string
  address: string
  message: string
  signature: Hex
}

/**
 * Checks the message text, its timestamp and the signature, then stores the name. Throws an
 * HttpError (400 message, 401 INVALID_SIGNATURE, 409 NAME_TAKEN) and writes nothing on failure.
 *
 * @example
 * await registerName(db, { name: 'alice', address, message, signature }, Date.now())
 */
export async function registerName(
  db: Db,
  input: RegisterNameInput,
  now: number,
): Promise<NameResponse> {
  const match = /^Register (.+) for (.+) at (\d{1,16})$/.exec(input.message)
  const timestamp = Number(match?.[3])
  if (!match || input.message !== registerNameMessage(input.name, input.address, timestamp)) {
    throw new HttpError(
      400,
      'BAD_REQUEST',
      'Invalid message: expected exactly "Register <name> for <address> at <timestamp in ms>" with the name and address of the request',
    )
  }
  if (Math.abs(now - timestamp) > NAME_MESSAGE_MAX_AGE_MS) {
    throw new HttpError(
      400,
      'BAD_REQUEST',
      'Invalid message: its timestamp is more than 10 minutes from the server time; sign a new one',
    )
  }
  let valid = false
  try {
    valid = await verifyMessage({
      address: input.address as Hex,
      message: input.message,
      signature: input.signature,
    })
  } catch {
    valid = false
  }
  if (!valid) {
    throw new HttpError(
      401,
      'INVALID_SIGNATURE',
      `The signature was not made by ${getAddress(input.address)}`,
    )
  }
  const address = input.address.toLowerCase()
  const key = input.name.toLowerCase()
  try {
    await db.transaction(async (tx) => {
      const [owner] = await tx.query<{ address: string }>(
        'select address from account_names where name_key = $1 for update',
        [key],
      )
      if (owner && owner.address !== address) throw nameTaken(input.name)
      await tx.query('delete from account_names where address = $1 and name_key <> $2', [
        address,
        key,
      ])
      await tx.query(
        `insert into account_names (name_key, name, address) values ($1, $2, $3)
         on conflict (name_key) do update set name = excluded.name
           where account_names.address = excluded.address`,
        [key, input.name, address],
      )
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    // Two registrations racing for one name: the loser sees a unique violation.
    if ((error as { code?: string }).code === '23505') throw nameTaken(input.name)
    throw error
  }
  return { name: input.name, address: getAddress(address) }
}

function nameTaken(name: string) {
  return new HttpError(409, 'NAME_TAKEN', `The name ${name} is registered to another address`)
}

/** The address a name is registered to. */
export async function resolveName(db: Queryable, name: string): Promise<NameResponse | undefined> {
  const [row] = await db.query<{ name: string; address: string }>(
    'select name, address from account_names where name_key = $1',
    [name.toLowerCase()],
  )
  return row ? { name: row.name, address: getAddress(row.address) } : undefined
}

/** The name registered for an address. */
export async function reverseName(
  db: Queryable,
  address: string,
): Promise<NameResponse | undefined> {
  const [row] = await db.query<{ name: string; address: string }>(
    'select name, address from account_names where address = $1',
    [address.toLowerCase()],
  )
  return row ? { name: row.name, address: getAddress(row.address) } : undefined
}

export { isValidRegisteredName }
