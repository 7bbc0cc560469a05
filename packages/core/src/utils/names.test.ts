import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { displayAuthName, isValidRegisteredName } from './names.js'

describe('isValidRegisteredName', () => {
  test('accepts letters, digits and hyphens from 4 characters', () => {
    for (const name of ['abcd', 'Alice-01', '1234', 'a-b-c']) {
      assert.equal(isValidRegisteredName(name), true, name)
    }
  })

  test('rejects names under 4 characters or with other characters', () => {
    for (const name of ['abc', '', 'al ce', 'alice.eth', 'alice_1', 'alicé', 'alice!']) {
      assert.equal(isValidRegisteredName(name), false, name)
    }
  })
})

describe('displayAuthName', () => {
  test('shows the social username before the e-mail', () => {
    assert.equal(
      displayAuthName({ socialUsername: 'alice', socialProvider: 'github', email: 'a@b.io' }),
      'alice',
    )
  })

  test('strips the trailing #0 discriminator of discord usernames', () => {
    assert.equal(displayAuthName({ socialUsername: 'alice#0', socialProvider: 'discord' }), 'alice')
  })

  test('keeps other discord discriminators and other endings', () => {
    assert.equal(
      displayAuthName({ socialUsername: 'bob#1234', socialProvider: 'discord' }),
      'bob#1234',
    )
    assert.equal(
      displayAuthName({ socialUsername: 'bob2000', socialProvider: 'discord' }),
      'bob2000',
    )
  })

  test('strips #0 only for discord', () => {
    assert.equal(displayAuthName({ socialUsername: 'alice#0', socialProvider: 'x' }), 'alice#0')
  })

  test('falls back to the e-mail when the username is empty', () => {
    assert.equal(
      displayAuthName({ socialUsername: '#0', socialProvider: 'discord', email: 'a@b.io' }),
      'a@b.io',
    )
    assert.equal(displayAuthName({ socialUsername: '', email: 'a@b.io' }), 'a@b.io')
  })

  test('keeps an e-mail of exactly 30 characters whole', () => {
    const email = `${'a'.repeat(24)}@b.com`
    assert.equal(email.length, 30)
    assert.equal(displayAuthName({ email }), email)
  })

  test('truncates an e-mail over 30 characters to 29 characters and an ellipsis', () => {
    const email = 'a.very.long.address.indeed@example.com'
    const shown = displayAuthName({ email })
    assert.equal(shown, 'a.very.long.address.indeed@ex…')
    assert.equal(shown?.length, 30)
  })

  test('returns undefined when there is nothing to show', () => {
    assert.equal(displayAuthName({}), undefined)
  })
})
