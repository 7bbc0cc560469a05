import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { BaseError } from '../errors/base.js'
import {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.js'

const EVM = '0xab5801a7d398351b8be11c439e05c5b3259aec9b'
const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('isCaipNetworkId', () => {
  test('accepts namespace:reference ids of every known namespace', () => {
    for (const id of [
      'eip155:1',
      'eip155:11155111',
      SOLANA_MAINNET,
      'bip122:000000000019d6689c085ae165831e93',
      'cosmos:cosmoshub-4',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
    ]) {
      assert.equal(isCaipNetworkId(id), true, id)
    }
  })

  test('rejects unknown namespaces, empty parts, extra parts and non-strings', () => {
    for (const id of [
      'tron:1',
      'eip155:',
      ':1',
      'eip155',
      'eip155:1:0xab',
      'eip155: 1',
      'EIP155:1',
      '',
      1,
      null,
    ]) {
      assert.equal(isCaipNetworkId(id), false, String(id))
    }
  })
})

describe('isCaipAddress', () => {
  test('accepts exactly three non-empty parts with a known namespace', () => {
    assert.equal(isCaipAddress(`eip155:1:${EVM}`), true)
    assert.equal(
      isCaipAddress(`${SOLANA_MAINNET}:7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV`),
      true,
    )
  })

  test('rejects two or four parts, empty parts and unknown namespaces', () => {
    for (const value of [
      'eip155:1',
      `eip155:1:${EVM}:x`,
      `eip155::${EVM}`,
      'eip155:1:',
      `:1:${EVM}`,
      `tron:1:${EVM}`,
      `eip155:1:0x ab`,
    ]) {
      assert.equal(isCaipAddress(value), false, value)
    }
  })
})

describe('parseCaipNetworkId', () => {
  test('splits namespace and reference', () => {
    assert.deepEqual(parseCaipNetworkId(SOLANA_MAINNET), {
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  test('throws a BaseError naming the bad id', () => {
    assert.throws(
      () => parseCaipNetworkId('foo:1'),
      (error: unknown) =>
        error instanceof BaseError &&
        error.shortMessage === 'Invalid CAIP network id "foo:1"' &&
        error.code === 'INVALID_CAIP_NETWORK_ID',
    )
  })
})

describe('parseCaipAddress', () => {
  test('splits namespace, reference, address and gives the network id', () => {
    assert.deepEqual(parseCaipAddress(`eip155:137:${EVM}`), {
      namespace: 'eip155',
      reference: '137',
      address: EVM,
      caipNetworkId: 'eip155:137',
    })
  })

  test('throws a BaseError on a network id without address', () => {
    assert.throws(
      () => parseCaipAddress('eip155:1'),
      (error: unknown) =>
        error instanceof BaseError && error.shortMessage === 'Invalid CAIP address "eip155:1"',
    )
  })
})

describe('toCaipNetworkId / toCaipAddress', () => {
  test('build ids from parts, numbers included', () => {
    assert.equal(toCaipNetworkId('eip155', 10), 'eip155:10')
    assert.equal(toCaipAddress('eip155:10', EVM), `eip155:10:${EVM}`)
  })

  test('refuse parts that do not make a valid id', () => {
    assert.throws(() => toCaipNetworkId('eip155', ''), BaseError)
    assert.throws(() => toCaipAddress('eip155:1', ''), BaseError)
    assert.throws(() => toCaipAddress('eip155:1', 'a:b'), BaseError)
  })
})
