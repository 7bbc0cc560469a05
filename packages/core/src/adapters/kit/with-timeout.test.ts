import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { withTimeout } from './with-timeout.js'

const timedOut = () => new Error('timed out')
/** Timers keeping the process alive: a cleared one is gone from the list. */
const pendingTimers = () =>
  process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length

describe('withTimeout', () => {
  test('rejects with the given error once the time is up', async () => {
    const error = timedOut()
    const started = performance.now()
    await assert.rejects(
      withTimeout(new Promise(() => undefined), { timeout: 30, errorInstance: error }),
      (e) => e === error,
    )
    assert.ok(performance.now() - started >= 25)
  })

  test('resolves with the answer that comes first', async () => {
    const answer = withTimeout(sleep(5, 'answer'), { timeout: 1_000, errorInstance: timedOut() })
    assert.equal(await answer, 'answer')
  })

  test("propagates the work's own error", async () => {
    const failure = new Error('wallet refused')
    await assert.rejects(
      withTimeout(Promise.reject(failure), { timeout: 1_000, errorInstance: timedOut() }),
      (e) => e === failure,
    )
    await assert.rejects(
      withTimeout(
        () => {
          throw failure
        },
        { timeout: 1_000, errorInstance: timedOut() },
      ),
      (e) => e === failure,
    )
  })

  test('clears its timer when the work settles first', async () => {
    const before = pendingTimers()
    const pending = withTimeout(Promise.resolve(1), { timeout: 60_000, errorInstance: timedOut() })
    assert.equal(pendingTimers(), before + 1)
    await pending
    assert.equal(pendingTimers(), before)
    await withTimeout(Promise.reject(new Error('no')), {
      timeout: 60_000,
      errorInstance: timedOut(),
    }).catch(() => undefined)
    assert.equal(pendingTimers(), before)
  })

  test('rejects with the reason when the signal aborts, and clears its timer', async () => {
    const before = pendingTimers()
    const controller = new AbortController()
    const reason = new Error('session ended')
    const pending = withTimeout(new Promise(() => undefined), {
      timeout: 60_000,
      errorInstance: timedOut(),
      signal: controller.signal,
    })
    controller.abort(reason)
    await assert.rejects(pending, (e) => e === reason)
    assert.equal(pendingTimers(), before)
  })

  test('an already aborted signal rejects without starting the work', async () => {
    const reason = new Error('closed')
    let started = false
    await assert.rejects(
      withTimeout(
        async () => {
          started = true
        },
        { timeout: 1_000, errorInstance: timedOut(), signal: AbortSignal.abort(reason) },
      ),
      (e) => e === reason,
    )
    assert.equal(started, false)
  })

  test('tells the work through its signal when the time is up', async () => {
    const error = timedOut()
    let inner: AbortSignal | undefined
    await assert.rejects(
      withTimeout(
        ({ signal }) => {
          inner = signal
          return new Promise(() => undefined)
        },
        { timeout: 10, errorInstance: error },
      ),
      (e) => e === error,
    )
    assert.equal(inner?.aborted, true)
    assert.equal(inner?.reason, error)
  })

  test('a timeout of 0 waits without a limit', async () => {
    assert.equal(
      await withTimeout(sleep(20, 'late'), { timeout: 0, errorInstance: timedOut() }),
      'late',
    )
  })
})
