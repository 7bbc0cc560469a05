import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isEmail } from './email.js'

test('isEmail takes plain mailboxes and refuses the rest', () => {
  for (const good of ['ada@example.com', 'a.b+c@mail.example.org', 'x_y-z@sub-domain.example.io']) {
    assert.equal(isEmail(good), true, good)
  }
  for (const bad of [
    '',
    'ada',
    'ada@',
    '@example.com',
    'a b@example.com',
    'ada@example',
    'ada@.com',
    'ada@example.c',
  ]) {
    assert.equal(isEmail(bad), false, bad)
  }
  assert.equal(isEmail(`${'a'.repeat(243)}@example.com`), false, 'over 254 characters')
  assert.equal(isEmail(`${'a'.repeat(242)}@example.com`), true, '254 characters')
})
