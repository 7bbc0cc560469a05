// Sign-In With Solana with a wallet-standard wallet's own `solana:signIn` feature: the wallet
// writes the text itself from the fields; what it signed is parsed strictly and must name the
// account, domain and nonce that were asked for (the verifier then checks the signature). The
// modal's flow loads this with import() when it signs in on solana.
import { SiwxError } from '../errors.js'
import type { SIWXMessageData } from './siwx.js'
import { fromSolanaSignInOutput, toSolanaSignInInput } from './solana-sign-in.js'

/** The part of a wallet-standard `Wallet` this reads. */
export interface SolanaSignInWallet {
  readonly accounts: readonly { readonly address: string }[]
  readonly features: Readonly<Record<string, unknown>>
}

/**
 * Signs in with the wallet's `solana:signIn` for `address` with the fields of `data`, and
 * answers the session's data, message (what the wallet signed) and base58 signature;
 * `undefined` when the wallet has no such feature (sign `formatSiwxMessage(data)` with
 * `solana:signMessage` instead). A wallet's refusal is thrown as the wallet gave it.
 *
 * @example
 * const signed = await signInWithSolanaWallet(wallet, { data: message, address })
 */
export async function signInWithSolanaWallet(
  wallet: SolanaSignInWallet,
  { data, address }: { data: SIWXMessageData; address: string },
): Promise<{ data: SIWXMessageData; message: string; signature: string } | undefined> {
  const feature = wallet.features['solana:signIn'] as
    | { signIn?: (input: unknown) => Promise<unknown> }
    | undefined
  if (typeof feature?.signIn !== 'function') return undefined
  if (!wallet.accounts.some((account) => account.address === address)) {
    throw new SiwxError('address-mismatch', `The wallet has no account ${address}`, {
      field: 'address',
    })
  }
  const outputs = await feature.signIn(toSolanaSignInInput(data))
  const output = (outputs as Record<string, unknown>[] | undefined)?.[0]
  const signedMessage = output?.signedMessage
  const signature = output?.signature
  if (
    !(signedMessage instanceof Uint8Array) ||
    !(signature instanceof Uint8Array) ||
    signature.length !== 64
  ) {
    throw new SiwxError(
      'invalid-signature',
      'The wallet returned no sign-in message and signature',
      { field: 'signature' },
    )
  }
  const signed = fromSolanaSignInOutput({ signedMessage, signature })
  const asked = [
    ['address', 'accountAddress', address, 'address-mismatch'],
    ['domain', 'domain', data.domain, 'domain-mismatch'],
    ['nonce', 'nonce', data.nonce, 'nonce-mismatch'],
  ] as const
  for (const [field, key, value, reason] of asked) {
    if (signed.data[key] !== value) {
      throw new SiwxError(
        reason,
        `The wallet signed in with ${field} ${signed.data[key]}, not the ${value} it was asked for`,
        { field },
      )
    }
  }
  return signed
}
