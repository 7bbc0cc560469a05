import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, mock, test } from 'node:test'
import { $snack, hideSnack, SNACK_DURATION_MS, SNACK_REPLACE_DELAY_MS, showSnack } from './snack.js'

describe('snack (toast)', () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout'] })
    hideSnack()
  })
  afterEach(() => {
    hideSnack()
    mock.timers.reset()
  })

  test('shows at once when no toast is open', () => {
    showSnack('Address copied')
    assert.equal($snack.get().open, true)
    assert.equal($snack.get().message, 'Address copied')
    assert.equal($snack.get().variant, 'success')
  })

  test('a new toast replaces an open one after 150 ms', () => {
    showSnack('First', { variant: 'success' })
    showSnack('Second', { variant: 'error' })
    assert.equal($snack.get().open, false, 'the open toast closes first')
    mock.timers.tick(SNACK_REPLACE_DELAY_MS - 1)
    assert.equal($snack.get().open, false)
    assert.equal($snack.get().message, 'First')
    mock.timers.tick(1)
    assert.equal($snack.get().open, true)
    assert.equal($snack.get().message, 'Second')
    assert.equal($snack.get().variant, 'error')
  })

  test('three quick toasts end on the last one only', () => {
    showSnack('A')
    showSnack('B')
    showSnack('C')
    mock.timers.tick(SNACK_REPLACE_DELAY_MS)
    assert.equal($snack.get().message, 'C')
    assert.equal($snack.get().open, true)
  })

  test('auto-closes success and error toasts but keeps loading ones', () => {
    showSnack('Done')
    mock.timers.tick(SNACK_DURATION_MS)
    assert.equal($snack.get().open, false)
    showSnack('Authenticating...', { variant: 'loading' })
    mock.timers.tick(SNACK_DURATION_MS * 4)
    assert.equal($snack.get().open, true)
    assert.equal($snack.get().autoClose, false)
  })
})
