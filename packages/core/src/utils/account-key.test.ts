import assert from 'node:assert/strict'
import { test } from 'node:test'
import { accountKey } from './account-key.js'

test('accountKey is the network and the lower-cased address', () => {
  assert.equal(accountKey('eip155:1', '0xAbCdEf'), 'eip155:1:0xabcdef')
  assert.notEqual(accountKey('eip155:1', '0xab'), accountKey('eip155:10', '0xab'))
})
