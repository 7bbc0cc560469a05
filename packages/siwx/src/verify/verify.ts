// Verifying a SIWX sign-in: the message's grammar, its binding (domain, nonce, chain, account),
// its validity window, then the signature for the message's namespace.
import type { Client, Hex } from 'viem'
import { SiwxError } from '../errors.js'
import { parseDateTime } from '../message/grammar.js'
import { parseSiwxMessage, type SIWXMessageData, type SiwxChainId } from '../message/siwx.js'
import { verifyEvmSignature } from './evm.js'
import { verifySolanaSignature } from './solana.js'

/** Verifies the signature of one namespace (CAIP-122 chains other than eip155 and solana). */
export type SignatureVerifier = (parameters: {
  data: SIWXMessageData
  message: string
  signature: string
}) => Promise<boolean> | boolean

export interface VerifySiwxMessageParameters {
  message: string
  signature: string
  /** The RFC 3986 authority the message must name (your site's host, `app.example.com:8443`). */
  domain?: string | undefined
  /** The page's URI scheme (`https`): a message that names a scheme must name this one. */
  scheme?: string | undefined
  /** The nonce this sign-in was given. */
  nonce?: string | undefined
  /** The CAIP-2 chain the message must be for. */
  chainId?: SiwxChainId | undefined
  /** The account the message must be for (eip155 compared case-insensitively). */
  address?: string | undefined
  /** Chains the message may be for (the app's networks); another chain is refused. */
  chains?: readonly SiwxChainId[] | undefined
  /** The clock of the expiry, not-before and issued-at checks; default now. */
  time?: Date | undefined
  /** How far the message's Issued At may be ahead of `time` (clock skew); default 5 minutes. */
  maxClockSkewMs?: number | undefined
  /**
   * An eip155 client per chain, for contract wallets (ERC-1271, ERC-6492) by eth_call. Without
   * one, eip155 signatures are checked as EOA signatures only.
   */
  getClient?: ((chainId: SiwxChainId) => Client | undefined) | undefined
  /** Signature checks of other namespaces, by namespace. */
  verifiers?: Readonly<Record<string, SignatureVerifier>> | undefined
}

/** The default {@link VerifySiwxMessageParameters.maxClockSkewMs}: 5 minutes. */
export const DEFAULT_MAX_CLOCK_SKEW_MS = 5 * 60_000

const sameAddress = (a: string, b: string, namespace: string) =>
  namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b

/**
 * Verifies a signed SIWX message and answers its data, or throws a `SiwxError` whose `reason`
 * says what failed: `invalid-message` (with the field), `domain-mismatch`, `nonce-mismatch`,
 * `chain-mismatch`, `address-mismatch`, `not-yet-valid` (Not Before, or an Issued At more than
 * `maxClockSkewMs` ahead), `expired`, `invalid-signature`,
 * `unsupported-namespace`.
 *
 * @example
 * const data = await verifySiwxMessage({ message, signature, domain: 'app.example.com',
 *   nonce: issuedNonce, getClient: () => publicClient })
 */
export async function verifySiwxMessage(
  parameters: VerifySiwxMessageParameters,
): Promise<SIWXMessageData> {
  const { message, signature } = parameters
  const data = parseSiwxMessage(message)
  const namespace = data.chainId.slice(0, data.chainId.indexOf(':'))

  if (parameters.domain !== undefined && data.domain !== parameters.domain) {
    throw new SiwxError(
      'domain-mismatch',
      `The message is for ${data.domain}, not ${parameters.domain}`,
      { field: 'domain' },
    )
  }
  if (
    parameters.scheme !== undefined &&
    data.scheme !== undefined &&
    data.scheme.toLowerCase() !== parameters.scheme.toLowerCase()
  ) {
    throw new SiwxError(
      'domain-mismatch',
      `The message is for ${data.scheme}://${data.domain}, not ${parameters.scheme}://${parameters.domain ?? data.domain}`,
      { field: 'scheme' },
    )
  }
  if (parameters.nonce !== undefined && data.nonce !== parameters.nonce) {
    throw new SiwxError('nonce-mismatch', 'The message does not carry the nonce of this sign-in', {
      field: 'nonce',
    })
  }
  if (parameters.chainId !== undefined && data.chainId !== parameters.chainId) {
    throw new SiwxError(
      'chain-mismatch',
      `The message is for chain ${data.chainId}, not ${parameters.chainId}`,
      { field: 'chainId' },
    )
  }
  if (parameters.chains !== undefined && !parameters.chains.includes(data.chainId)) {
    throw new SiwxError(
      'chain-mismatch',
      `Chain ${data.chainId} is not one of the app's networks`,
      {
        field: 'chainId',
      },
    )
  }
  if (
    parameters.address !== undefined &&
    !sameAddress(data.accountAddress, parameters.address, namespace)
  ) {
    throw new SiwxError('address-mismatch', 'The message is for another account', {
      field: 'address',
    })
  }
  const time = parameters.time ?? new Date()
  const skewMs = parameters.maxClockSkewMs ?? DEFAULT_MAX_CLOCK_SKEW_MS
  // A message "issued" in the future was made ahead of time, to be used later: refused.
  const issuedAt = parseDateTime(data.issuedAt) as Date
  if (issuedAt.getTime() > time.getTime() + skewMs) {
    throw new SiwxError(
      'not-yet-valid',
      `The message is issued at ${data.issuedAt}, ahead of the verifier's clock`,
      { field: 'issuedAt' },
    )
  }
  if (data.notBefore !== undefined && time < (parseDateTime(data.notBefore) as Date)) {
    throw new SiwxError('not-yet-valid', `The message is not valid before ${data.notBefore}`, {
      field: 'notBefore',
    })
  }
  if (data.expirationTime !== undefined && time >= (parseDateTime(data.expirationTime) as Date)) {
    throw new SiwxError('expired', `The message expired at ${data.expirationTime}`, {
      field: 'expirationTime',
    })
  }

  let valid: boolean
  if (namespace === 'eip155') {
    valid = await verifyEvmSignature({
      address: data.accountAddress as Hex,
      message,
      signature: signature as Hex,
      client: parameters.getClient?.(data.chainId),
    })
  } else if (namespace === 'solana') {
    valid = await verifySolanaSignature({ address: data.accountAddress, message, signature })
  } else {
    const verifier = parameters.verifiers?.[namespace]
    if (!verifier) {
      throw new SiwxError(
        'unsupported-namespace',
        `No signature verifier for ${namespace}; pass one in \`verifiers\``,
        { field: 'chainId' },
      )
    }
    valid = await verifier({ data, message, signature })
  }
  if (!valid) {
    throw new SiwxError(
      'invalid-signature',
      'The signature does not match this account and message',
      {
        field: 'signature',
      },
    )
  }
  return data
}
