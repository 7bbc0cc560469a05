import assert from 'node:assert/strict'
import { afterEach, test } from 'node:test'
import { $registeredName } from '../actions/register-name.js'
import { $accountNames, setAccountName } from '../stores/names.js'
import { resetStores } from './reset-stores.js'

const env = process.env.NODE_ENV

afterEach(() => {
  process.env.NODE_ENV = env
})

test('resetStores clears the caches between tests', () => {
  setAccountName('0x0000000000000000000000000000000000000001', 'alice.eth')
  $registeredName.set({ name: 'bob', address: '0x0000000000000000000000000000000000000001' })
  resetStores()
  assert.deepEqual($accountNames.get(), {})
  assert.equal($registeredName.get(), undefined)
})

test('resetStores throws in production', () => {
  process.env.NODE_ENV = 'production'
  assert.throws(() => resetStores(), /for tests/)
})
