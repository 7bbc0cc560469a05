import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { isAddressFor, isEip155Address, isSolanaAddress } from './address.js'

const EVM = '0xab5801a7d398351b8be11c439e05c5b3259aec9b'
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

describe('isEip155Address', () => {
  test('accepts 40 hex characters with or without 0x, any case', () => {
    assert.equal(isEip155Address(EVM), true)
    assert.equal(isEip155Address(EVM.slice(2)), true)
    assert.equal(isEip155Address('0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B'), true)
  })

  test('rejects wrong lengths, non-hex characters and non-strings', () => {
    for (const value of [
      `${EVM}0`,
      EVM.slice(0, -1),
      `0x${'g'.repeat(40)}`,
      `0X${EVM.slice(2)}`,
      ` ${EVM}`,
      '',
      42,
    ]) {
      assert.equal(isEip155Address(value), false, String(value))
    }
  })
})

describe('isSolanaAddress', () => {
  test('accepts base58 strings of 32 to 44 characters', () => {
    assert.equal(isSolanaAddress(SOLANA), true)
    assert.equal(isSolanaAddress('1'.repeat(32)), true)
    assert.equal(isSolanaAddress('z'.repeat(44)), true)
  })

  test('rejects characters outside base58 and lengths outside 32-44', () => {
    for (const value of [
      '1'.repeat(31),
      'z'.repeat(45),
      `0${SOLANA.slice(1)}`,
      `O${SOLANA.slice(1)}`,
      `I${SOLANA.slice(1)}`,
      `l${SOLANA.slice(1)}`,
      EVM,
    ]) {
      assert.equal(isSolanaAddress(value), false, value)
    }
  })
})

describe('isAddressFor', () => {
  test('checks each namespace with its own rule', () => {
    assert.equal(isAddressFor('eip155', EVM), true)
    assert.equal(isAddressFor('eip155', SOLANA), false)
    assert.equal(isAddressFor('solana', SOLANA), true)
    assert.equal(isAddressFor('solana', EVM), false)
  })

  test('accepts any non-empty string without whitespace for other namespaces', () => {
    assert.equal(isAddressFor('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'), true)
    assert.equal(isAddressFor('bip122', ''), false)
    assert.equal(isAddressFor('cosmos', 'cosmos1 abc'), false)
    assert.equal(isAddressFor('polkadot', undefined), false)
  })
})
