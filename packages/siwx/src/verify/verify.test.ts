// The binding checks of verifySiwxMessage (domain, nonce, chain, account, time) and Solana
// signatures from the real dev wallet.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import { createSolanaDevWallet, SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { base58 } from '@scure/base'
import { privateKeyToAccount } from 'viem/accounts'
import { SiwxError, type SiwxErrorReason } from '../errors.js'
import { createSiwxMessageData, formatSiwxMessage, type SiwxChainId } from '../message/siwx.js'
import { fromSolanaSignInOutput, toSolanaSignInInput } from '../message/solana-sign-in.js'
import { verifySiwxMessage } from './verify.js'

const refused = (reason: SiwxErrorReason, field: string) => (error: unknown) =>
  error instanceof SiwxError && error.reason === reason && error.field === field

const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const issuedAt = new Date('2026-03-01T10:00:00.000Z')
const build = (overrides: { chainId?: SiwxChainId; notBefore?: Date } = {}) =>
  formatSiwxMessage(
    createSiwxMessageData({
      accountAddress: account.address,
      chainId: overrides.chainId ?? 'eip155:1',
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      nonce: 'abcdEFGH1234',
      issuedAt,
      expiresInMs: 10 * 60_000,
      ...(overrides.notBefore ? { notBefore: overrides.notBefore } : {}),
    }),
  )

describe('verifySiwxMessage checks', () => {
  test('accepts the message it was built for', async () => {
    const message = build()
    const signature = await account.signMessage({ message })
    const data = await verifySiwxMessage({
      message,
      signature,
      domain: 'app.example.com',
      nonce: 'abcdEFGH1234',
      chainId: 'eip155:1',
      address: account.address.toLowerCase(),
      chains: ['eip155:1', 'eip155:10'],
      time: new Date('2026-03-01T10:05:00Z'),
    })
    assert.equal(data.nonce, 'abcdEFGH1234')
  })

  test('an Issued At beyond 5 minutes ahead of the clock refuses; within the skew passes', async () => {
    const message = build()
    const signature = await account.signMessage({ message })
    // A message issued a day ahead, presented now: made in advance to be used later.
    await assert.rejects(
      verifySiwxMessage({ message, signature, time: new Date('2026-02-28T10:00:00Z') }),
      refused('not-yet-valid', 'issuedAt'),
    )
    await assert.rejects(
      verifySiwxMessage({ message, signature, time: new Date('2026-03-01T09:54:59Z') }),
      refused('not-yet-valid', 'issuedAt'),
    )
    const data = await verifySiwxMessage({
      message,
      signature,
      time: new Date('2026-03-01T09:56:00Z'),
    })
    assert.equal(data.issuedAt, issuedAt.toISOString())
  })

  test('each binding refuses with its reason and field', async () => {
    const message = build({ notBefore: new Date('2026-03-01T10:01:00Z') })
    const signature = await account.signMessage({ message })
    const at = new Date('2026-03-01T10:05:00Z')
    const base = { message, signature, time: at }
    await assert.rejects(
      verifySiwxMessage({ ...base, domain: 'evil.example' }),
      refused('domain-mismatch', 'domain'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, nonce: 'otherNonce1' }),
      refused('nonce-mismatch', 'nonce'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, chainId: 'eip155:10' }),
      refused('chain-mismatch', 'chainId'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, chains: ['eip155:10'] }),
      refused('chain-mismatch', 'chainId'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, address: privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address }),
      refused('address-mismatch', 'address'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, time: new Date('2026-03-01T10:00:30Z') }),
      refused('not-yet-valid', 'notBefore'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, time: new Date('2026-03-01T10:10:00Z') }),
      refused('expired', 'expirationTime'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, signature: '0x1234' }),
      refused('invalid-signature', 'signature'),
    )
    await assert.rejects(
      verifySiwxMessage({ ...base, message: message.replace('Nonce: ', 'Nonce:') }),
      refused('invalid-message', 'nonce'),
    )
  })

  test('a namespace without a verifier is refused; a given verifier decides', async () => {
    const message = formatSiwxMessage(
      createSiwxMessageData({
        accountAddress: 'cosmos1abc',
        chainId: 'cosmos:cosmoshub-4',
        domain: 'a.example',
        uri: 'https://a.example',
      }),
    )
    await assert.rejects(
      verifySiwxMessage({ message, signature: 'x' }),
      refused('unsupported-namespace', 'chainId'),
    )
    const data = await verifySiwxMessage({
      message,
      signature: 'ok',
      verifiers: { cosmos: ({ signature }) => signature === 'ok' },
    })
    assert.equal(data.chainId, 'cosmos:cosmoshub-4')
    await assert.rejects(
      verifySiwxMessage({
        message,
        signature: 'no',
        verifiers: { cosmos: ({ signature }) => signature === 'ok' },
      }),
      refused('invalid-signature', 'signature'),
    )
  })
})

describe('Sign-In With Solana', () => {
  test('a signMessage signature of the dev wallet verifies; another account refuses', async () => {
    const dev = createSolanaDevWallet({ accounts: [0, 1] })
    await (dev.wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
    const [first, second] = dev.wallet.accounts
    assert.ok(first && second)
    const message = formatSiwxMessage(
      createSiwxMessageData({
        accountAddress: SOLANA_DEV_ADDRESSES[0] as string,
        chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        domain: 'app.example.com',
        uri: 'https://app.example.com',
        statement: 'Sign in to Example',
      }),
    )
    const signMessage = (
      dev.wallet.features['solana:signMessage'] as {
        signMessage(
          ...inputs: { account: unknown; message: Uint8Array }[]
        ): Promise<{ signature: Uint8Array }[]>
      }
    ).signMessage
    const bytes = new TextEncoder().encode(message)
    const [own] = await signMessage({ account: first, message: bytes })
    const data = await verifySiwxMessage({
      message,
      signature: base58.encode(own?.signature as Uint8Array),
      domain: 'app.example.com',
    })
    assert.equal(data.chainId, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    const [other] = await signMessage({ account: second, message: bytes })
    await assert.rejects(
      verifySiwxMessage({ message, signature: base58.encode(other?.signature as Uint8Array) }),
      refused('invalid-signature', 'signature'),
    )
  })
})

describe('Sign-In With Solana through solana:signIn', () => {
  test('the wallet writes the text from our input; it parses to the same data and verifies', async () => {
    const dev = createSolanaDevWallet()
    const data = createSiwxMessageData({
      accountAddress: SOLANA_DEV_ADDRESSES[0] as string,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      statement: 'Sign in to Example',
      expiresInMs: 60_000,
    })
    const input = toSolanaSignInInput(data)
    assert.equal(input.chainId, 'mainnet')
    const signIn = (
      dev.wallet.features['solana:signIn'] as {
        signIn(
          ...inputs: unknown[]
        ): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]>
      }
    ).signIn
    const [output] = await signIn(input)
    const session = fromSolanaSignInOutput(
      output as { signedMessage: Uint8Array; signature: Uint8Array },
    )
    assert.deepEqual(session.data, data)
    const verified = await verifySiwxMessage({
      ...session,
      domain: 'app.example.com',
      nonce: data.nonce,
    })
    assert.equal(verified.accountAddress, SOLANA_DEV_ADDRESSES[0])
    assert.throws(() => toSolanaSignInInput({ ...data, chainId: 'eip155:1' }), SiwxError)
  })
})
