// SIWX messages per namespace: EIP-4361 on eip155, SIWS on solana, CAIP-122 elsewhere.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { SiwxError } from '../errors.js'
import { createSiweMessage, parseSiweMessage } from './eip4361.js'
import { generateNonce, parseDateTime } from './grammar.js'
import { createSiwxMessageData, formatSiwxMessage, parseSiwxMessage } from './siwx.js'

const invalid = (field: string) => (error: unknown) =>
  error instanceof SiwxError && error.reason === 'invalid-message' && error.field === field

describe('generateNonce', () => {
  test('draws 17 letters and digits, different each time', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => generateNonce()))
    assert.equal(nonces.size, 200)
    for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9]{17}$/)
    assert.match(generateNonce(32), /^[A-Za-z0-9]{32}$/)
    assert.throws(() => generateNonce(7), RangeError)
  })
})

describe('parseDateTime', () => {
  test('reads RFC 3339 with offsets, refuses days the calendar lacks', () => {
    assert.equal(
      parseDateTime('2021-09-30T16:25:24-02:00')?.toISOString(),
      '2021-09-30T18:25:24.000Z',
    )
    assert.equal(parseDateTime('2024-02-29T00:00:00Z')?.toISOString(), '2024-02-29T00:00:00.000Z')
    for (const bad of [
      '2023-02-29T00:00:00Z',
      '2022-02-31T17:09:38.578Z',
      '2022-13-01T00:00:00Z',
      '2022-01-01 00:00:00Z',
      '2022-01-01T24:00:00Z',
      '2022-01-01T00:00:00',
    ]) {
      assert.equal(parseDateTime(bad), undefined, bad)
    }
  })
})

describe('createSiweMessage', () => {
  test('checksums the address, draws a nonce, dates it now', () => {
    const text = createSiweMessage({
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      chainId: 10,
      statement: 'Sign in',
    })
    const fields = parseSiweMessage(text)
    assert.equal(fields.address, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    assert.equal(fields.chainId, 10)
    assert.match(fields.nonce, /^[A-Za-z0-9]{17}$/)
    assert.ok(Math.abs(Date.parse(fields.issuedAt) - Date.now()) < 5_000)
  })

  test('refuses a statement outside the EIP-4361 character set, naming it', () => {
    const base = {
      domain: 'a.example',
      uri: 'https://a.example',
      address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      chainId: 1,
    }
    assert.throws(() => createSiweMessage({ ...base, statement: 'Say "hi"' }), invalid('statement'))
    assert.throws(() => createSiweMessage({ ...base, nonce: 'short' }), invalid('nonce'))
    assert.throws(() => createSiweMessage({ ...base, chainId: 1.5 }), invalid('chainId'))
    assert.throws(() => createSiweMessage({ ...base, address: '0x1234' }), invalid('address'))
  })
})

describe('SIWX messages per namespace', () => {
  const common = {
    domain: 'app.example.com',
    uri: 'https://app.example.com/login',
    nonce: 'n0nceN0nce',
    issuedAt: new Date('2026-01-02T03:04:05.000Z'),
    statement: 'Sign in to Example',
  }

  test('eip155: EIP-4361 text, chain id back as CAIP-2', () => {
    const data = createSiwxMessageData({
      ...common,
      accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      chainId: 'eip155:8453',
      expiresInMs: 60_000,
    })
    const text = formatSiwxMessage(data)
    assert.equal(
      text,
      'app.example.com wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to Example\n\nURI: https://app.example.com/login\nVersion: 1\nChain ID: 8453\nNonce: n0nceN0nce\nIssued At: 2026-01-02T03:04:05.000Z\nExpiration Time: 2026-01-02T03:05:05.000Z',
    )
    assert.deepEqual(parseSiwxMessage(text), data)
  })

  test('solana: Sign-In With Solana text with the cluster name', () => {
    const address = SOLANA_DEV_ADDRESSES[0] as string
    const data = createSiwxMessageData({
      ...common,
      accountAddress: address,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    const text = formatSiwxMessage(data)
    assert.equal(
      text,
      `app.example.com wants you to sign in with your Solana account:\n${address}\n\nSign in to Example\n\nURI: https://app.example.com/login\nVersion: 1\nChain ID: mainnet\nNonce: n0nceN0nce\nIssued At: 2026-01-02T03:04:05.000Z`,
    )
    assert.deepEqual(parseSiwxMessage(text), data)
    // Without a statement SIWS writes no empty statement line (unlike EIP-4361).
    const { statement: _, ...bare } = data
    const bareText = formatSiwxMessage(bare)
    assert.ok(bareText.includes(`${address}\n\nURI: `))
    assert.deepEqual(parseSiwxMessage(bareText), bare)
    assert.throws(() => formatSiwxMessage({ ...data, accountAddress: '0xabc' }), invalid('address'))
  })

  test('other namespaces: CAIP-122 text', () => {
    const data = createSiwxMessageData({
      ...common,
      accountAddress: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    })
    const text = formatSiwxMessage(data)
    assert.ok(
      text.startsWith('app.example.com wants you to sign in with your Polkadot account:\n5Grw'),
    )
    assert.ok(text.includes('\nChain ID: 91b171bb158e2d3848fa23a9f1c25182\n'))
    assert.deepEqual(parseSiwxMessage(text), data)
  })

  test('refuses a chain id that is not CAIP-2, and an unknown first line', () => {
    assert.throws(
      () => createSiwxMessageData({ ...common, accountAddress: 'x', chainId: 'nope' as 'a:b' }),
      invalid('chainId'),
    )
    assert.throws(() => parseSiwxMessage('Hello'), invalid('domain'))
  })
})
