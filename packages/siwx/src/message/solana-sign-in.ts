// Sign-In With Solana through the wallet-standard `solana:signIn` feature: the wallet writes
// the message itself from these fields; the session keeps exactly what it signed.
import { base58 } from '@scure/base'
import { SiwxError } from '../errors.js'
import { parseSiwxMessage, type SIWXMessageData, SOLANA_CLUSTERS } from './siwx.js'

/** The `solana:signIn` input (wallet-standard `SolanaSignInInput`). */
export interface SolanaSignInInput {
  domain: string
  address: string
  statement?: string
  uri: string
  version: '1'
  chainId: string
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/**
 * The `solana:signIn` input of a solana message's data (`Chain ID` as the cluster name, as
 * Sign-In With Solana writes it).
 *
 * @example
 * const [output] = await wallet.features['solana:signIn'].signIn(toSolanaSignInInput(message))
 */
export function toSolanaSignInInput(data: SIWXMessageData): SolanaSignInInput {
  const reference = data.chainId.startsWith('solana:') ? data.chainId.slice(7) : undefined
  if (reference === undefined) {
    throw new SiwxError(
      'unsupported-namespace',
      `solana:signIn signs in on solana, not ${data.chainId}`,
      {
        field: 'chainId',
      },
    )
  }
  const cluster = Object.keys(SOLANA_CLUSTERS).find((name) => SOLANA_CLUSTERS[name] === reference)
  return {
    domain: data.domain,
    address: data.accountAddress,
    uri: data.uri,
    version: '1',
    chainId: cluster ?? reference,
    nonce: data.nonce,
    issuedAt: data.issuedAt,
    ...(data.statement !== undefined ? { statement: data.statement } : {}),
    ...(data.expirationTime !== undefined ? { expirationTime: data.expirationTime } : {}),
    ...(data.notBefore !== undefined ? { notBefore: data.notBefore } : {}),
    ...(data.requestId !== undefined ? { requestId: data.requestId } : {}),
    ...(data.resources !== undefined ? { resources: [...data.resources] } : {}),
  }
}

/**
 * A session's message, signature (base58) and data from a `solana:signIn` output. The text is
 * what the wallet signed, parsed strictly: a wallet that wrote something else is refused here,
 * and the verifier checks its fields against what was asked.
 *
 * @example
 * await siwx.addSession(fromSolanaSignInOutput(output))
 */
export function fromSolanaSignInOutput(output: {
  signedMessage: Uint8Array
  signature: Uint8Array
}): { data: SIWXMessageData; message: string; signature: string } {
  const message = new TextDecoder('utf-8', { fatal: true }).decode(output.signedMessage)
  return { data: parseSiwxMessage(message), message, signature: base58.encode(output.signature) }
}
