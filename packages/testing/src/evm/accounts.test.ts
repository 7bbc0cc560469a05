import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { ANVIL_ADDRESSES, ANVIL_MNEMONIC, ANVIL_PRIVATE_KEYS } from './accounts.js'

test('the shipped keys and addresses are anvil’s mnemonic accounts 0-9', () => {
  assert.equal(ANVIL_PRIVATE_KEYS.length, 10)
  ANVIL_PRIVATE_KEYS.forEach((key, addressIndex) => {
    const derived = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex })
    assert.equal(privateKeyToAccount(key).address, derived.address)
    assert.equal(ANVIL_ADDRESSES[addressIndex], derived.address)
  })
})
