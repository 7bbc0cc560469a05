// Sign-In With Solana through the wallet-standard `solana:signIn` feature, loaded with import()
// when the SIWX flow signs in with a wallet that has it. The wallet writes the text itself
// from the fields; what it signed is parsed strictly and must name the account, domain and
// nonce that were asked for (the verifier checks the signature).
import { kitError, type SignInData, type SignInResult } from '@openmodal/core/internal'
import { fromSolanaSignInOutput, type SIWXMessageData, toSolanaSignInInput } from '@openmodal/siwx'
import { asError } from './errors.js'

/**
 * Calls the wallet's `solana:signIn` with the fields of `data` for `address` and answers what
 * it signed (its text, fields and base58 signature).
 *
 * @example
 * const signed = await signInWithWallet(signIn, message.data, account.address)
 */
export async function signInWithWallet(
  signIn: (input: unknown) => Promise<unknown>,
  data: SignInData,
  address: string,
): Promise<SignInResult> {
  const input = toSolanaSignInInput(data as SIWXMessageData)
  let outputs: unknown
  try {
    outputs = await signIn(input)
  } catch (thrown) {
    throw asError(thrown)
  }
  const output = (outputs as Record<string, unknown>[] | undefined)?.[0]
  const signedMessage = output?.signedMessage
  const signature = output?.signature
  if (
    !(signedMessage instanceof Uint8Array) ||
    !(signature instanceof Uint8Array) ||
    signature.length !== 64
  ) {
    throw kitError('UNKNOWN', { details: 'The wallet returned no sign-in message and signature' })
  }
  const signed = fromSolanaSignInOutput({ signedMessage, signature })
  const asked = { accountAddress: address, domain: data.domain, nonce: data.nonce }
  for (const [field, value] of Object.entries(asked)) {
    const wrote = signed.data[field as keyof typeof asked]
    if (wrote !== value) {
      throw kitError('UNKNOWN', {
        details: `The wallet signed in with ${field} ${wrote}, not the ${value} it was asked for`,
      })
    }
  }
  return signed as unknown as SignInResult
}
