// Registering a name for the connected EVM account on our server (RegisterAccountName view):
// the wallet signs `Register ${name} for ${address} at ${timestamp}`, the server verifies it.

import { atom } from 'nanostores'
import { requireAdapter } from '../adapters/registry.js'
import { ApiRequestError } from '../api/client.js'
import type { NameResponse, RegisterNameRequest } from '../api/types.js'
import { BaseError } from '../errors/base.js'
import { kitError } from '../errors/errors.js'
import type { ErrorCode } from '../errors/messages.js'
import { isUserRejection } from '../errors/rejection.js'
import { SERVER_ERROR_MESSAGES, serverError } from '../errors/server-messages.js'
import { getAccountState } from '../stores/account.js'
import { $api } from '../stores/api.js'
import { findNetwork } from '../stores/chain.js'
import { setAccountName } from '../stores/names.js'
import { setProfile } from '../stores/profile.js'
import { onReset } from '../stores/reset.js'
import type { ChainNamespace } from '../types/network.js'
import { isValidRegisteredName } from '../utils/names.js'

/** Namespaces whose accounts can register a name (spec §9 "names and activity eip155"). */
export const NAME_NAMESPACES: readonly ChainNamespace[] = ['eip155']

/** The last name registered in this page (the RegisterAccountNameSuccess view shows it). */
export const $registeredName = atom<NameResponse | undefined>(undefined)
onReset(() => $registeredName.set(undefined))

/** The spec §5 rule for registered names, in words. */
export const INVALID_NAME_MESSAGE = SERVER_ERROR_MESSAGES.INVALID_NAME

/** Codes `registerAccountName` throws with. */
export type RegisterNameErrorCode = Extract<
  ErrorCode,
  | 'INVALID_NAME'
  | 'NAME_REJECTED'
  | 'NAME_TAKEN'
  | 'INVALID_SIGNATURE'
  | 'SIGNATURE_DECLINED'
  | 'NO_ACTIVE_CAIP_ADDRESS'
  | 'API_HTTP_ERROR'
  | 'API_UNREACHABLE'
>

/**
 * The text the wallet signs to register `name` (the server checks it word for word).
 *
 * @example
 * registerNameMessage('alice', '0xAb…', 1767225600000)
 * // 'Register alice for 0xAb… at 1767225600000'
 */
export function registerNameMessage(name: string, address: string, timestamp: number): string {
  return `Register ${name} for ${address} at ${timestamp}`
}

/** What `registerAccountName` registers: the name, for which account, on which network. */
export interface RegisterNameParameters {
  name: string
  /** The connected account that signs the registration. */
  address: string
  /** CAIP-2 id of the account's network (`eip155:1`): its namespace signs. */
  chainId: string
}

/**
 * Registers `name` for an EVM account: checks the spec §5 rule, asks the wallet to sign the
 * registration message as `address`, then `POST /v1/names`. On a configured non-test network
 * the name becomes the account's profile name (identity names are shown only there, spec §5),
 * if that account is still the connected one.
 *
 * Throws a BaseError whose `code` says why: `INVALID_NAME` (before anything is signed),
 * `SIGNATURE_DECLINED` ("Signature declined"), `NAME_TAKEN` (409), `INVALID_SIGNATURE` (401),
 * `NAME_REJECTED` (400, with the server's message as `shortMessage`),
 * `NO_ACTIVE_CAIP_ADDRESS` (no address, or a namespace without names), or the client's
 * `API_HTTP_ERROR` / `API_UNREACHABLE`.
 *
 * @example
 * const { name } = await registerAccountName({ name: 'alice-01', address, chainId: 'eip155:1' })
 */
export async function registerAccountName({
  name,
  address,
  chainId,
}: RegisterNameParameters): Promise<NameResponse> {
  if (!isValidRegisteredName(name)) {
    throw serverError('INVALID_NAME')
  }
  const namespace = chainId.split(':')[0] as ChainNamespace
  if (!address || !NAME_NAMESPACES.includes(namespace)) {
    throw kitError('NO_ACTIVE_CAIP_ADDRESS')
  }
  const message = registerNameMessage(name, address, Date.now())
  let signature: string
  try {
    signature = await requireAdapter(namespace).signMessage({ message, address })
  } catch (cause) {
    throw isUserRejection(cause) ? kitError('SIGNATURE_DECLINED', { cause }) : cause
  }
  const body: RegisterNameRequest = { name, address, message, signature }
  let registered: NameResponse
  try {
    registered = await $api.get().post<NameResponse>('/v1/names', { body })
  } catch (cause) {
    throw toNameError(cause)
  }
  $registeredName.set(registered)
  setAccountName(registered.address, registered.name)
  // An unsupported network is no configured one: no identity name there either.
  const network = findNetwork(chainId)
  if (network && !network.testnet && getAccountState(namespace).address === address) {
    setProfile(namespace, { name: registered.name })
  }
  return registered
}

function toNameError(cause: unknown): unknown {
  if (!(cause instanceof ApiRequestError)) return cause
  if (cause.status === 409) return serverError('NAME_TAKEN', { cause })
  if (cause.status === 401) return serverError('INVALID_SIGNATURE', { cause })
  if (cause.status === 400) {
    // The server's own words: the rule, or a message whose text or timestamp it refused.
    return cause.details
      ? new BaseError(cause.details, { code: 'NAME_REJECTED', cause })
      : serverError('NAME_REJECTED', { cause })
  }
  return cause
}
