import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { BaseError } from '../../errors/base.js'
import { lazyCode } from './lazy-code.js'

describe('lazyCode', () => {
  test('loads once and shares the module', async () => {
    let calls = 0
    const load = lazyCode(async () => ({ n: ++calls }), 'the test module')
    const [a, b] = await Promise.all([load(), load()])
    assert.equal(a, b)
    assert.equal(calls, 1)
  })

  test('a failed load rejects with WALLET_CODE_NOT_LOADED and the next call tries again', async () => {
    let calls = 0
    const load = lazyCode(async () => {
      calls += 1
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return 'module'
    }, "@openmodal/x's code")
    await assert.rejects(load(), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.code, 'WALLET_CODE_NOT_LOADED')
      assert.match(String(error.details), /@openmodal\/x's code failed: TypeError/)
      return true
    })
    assert.equal(await load(), 'module')
    assert.equal(calls, 2)
  })
})
