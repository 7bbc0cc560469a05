// signInWithSolanaWallet against the real Solana dev wallet in both of its modes: with
// solana:signIn (the wallet writes the text) and without it (signMessage only).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createSolanaDevWallet, SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { SiwxError } from '../errors.js'
import { verifySiwxMessage } from '../verify/verify.js'
import { createSiwxMessageData } from './siwx.js'
import { signInWithSolanaWallet } from './solana-wallet.js'

const ADDRESS = SOLANA_DEV_ADDRESSES[0] as string
const data = () =>
  createSiwxMessageData({
    accountAddress: ADDRESS,
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    domain: 'app.example.com',
    uri: 'https://app.example.com',
    statement: 'Sign in to Example',
  })

async function connected(options: Parameters<typeof createSolanaDevWallet>[0] = {}) {
  const dev = createSolanaDevWallet(options)
  const connect = dev.wallet.features['standard:connect'] as { connect(): Promise<unknown> }
  await connect.connect()
  return dev
}

describe('signInWithSolanaWallet', () => {
  test('signs in through solana:signIn: the text the wallet wrote verifies', async () => {
    const dev = await connected()
    const asked = data()
    const signed = await signInWithSolanaWallet(dev.wallet, { data: asked, address: ADDRESS })
    assert.ok(signed)
    assert.deepEqual(
      dev.calls.map((c) => c.feature),
      ['standard:connect', 'solana:signIn'],
    )
    assert.match(
      signed.message,
      /^app\.example\.com wants you to sign in with your Solana account:/,
    )
    assert.deepEqual(signed.data, asked)
    const verified = await verifySiwxMessage({
      message: signed.message,
      signature: signed.signature,
      domain: 'app.example.com',
      nonce: asked.nonce,
    })
    assert.equal(verified.accountAddress, ADDRESS)
  })

  test('answers undefined for a wallet without solana:signIn, asking it nothing', async () => {
    const dev = await connected({ omitFeatures: ['solana:signIn'] })
    assert.equal(
      await signInWithSolanaWallet(dev.wallet, { data: data(), address: ADDRESS }),
      undefined,
    )
    assert.deepEqual(
      dev.calls.map((c) => c.feature),
      ['standard:connect'],
    )
  })

  test('refuses a text the wallet wrote for another nonce, or an account it does not have', async () => {
    const dev = await connected()
    const feature = dev.wallet.features['solana:signIn'] as {
      signIn: (input: Record<string, unknown>) => Promise<unknown>
    }
    const honest = feature.signIn
    const forged = {
      accounts: dev.wallet.accounts,
      features: {
        'solana:signIn': {
          signIn: (input: Record<string, unknown>) =>
            honest({ ...input, nonce: 'othernonce12345' }),
        },
      },
    }
    await assert.rejects(
      signInWithSolanaWallet(forged, { data: data(), address: ADDRESS }),
      (e) => e instanceof SiwxError && e.reason === 'nonce-mismatch' && e.field === 'nonce',
    )
    await assert.rejects(
      signInWithSolanaWallet(dev.wallet, {
        data: data(),
        address: SOLANA_DEV_ADDRESSES[1] as string,
      }),
      (e) => e instanceof SiwxError && e.reason === 'address-mismatch',
    )
  })

  test('passes a wallet rejection through with its code', async () => {
    const dev = await connected()
    dev.rejectNext()
    await assert.rejects(signInWithSolanaWallet(dev.wallet, { data: data(), address: ADDRESS }), {
      code: 4001,
    })
  })
})
