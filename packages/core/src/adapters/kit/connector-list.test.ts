import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Connector } from '../types.js'
import { createConnectorList } from './connector-list.js'

const wallet = (id: string): Connector => ({
  id,
  type: 'ANNOUNCED',
  name: id,
  namespaces: ['eip155'],
  installed: true,
})

function fixture(reportSync = false) {
  const found = new Map<string, Connector>()
  const runs = { start: 0, stop: 0 }
  const list = createConnectorList({
    start: () => runs.start++,
    stop: () => runs.stop++,
    connectors: () => [...found.values()],
    find: (id) => found.get(id),
    reportSync,
  })
  const add = (id: string) => {
    found.set(id, wallet(id))
    list.changed()
  }
  return { list, runs, add }
}

describe('createConnectorList', () => {
  test('a burst of wallets is one report; discovery runs while someone listens', async () => {
    const { list, runs, add } = fixture()
    const reports: string[][] = []
    const stop = list.subscribe((connectors) => reports.push(connectors.map((c) => c.id)))
    assert.equal(runs.start, 1)
    add('a')
    add('b')
    await Promise.resolve()
    await Promise.resolve()
    assert.deepEqual(reports, [['a', 'b']])
    stop()
    assert.equal(runs.stop, 1)
  })

  test('the first report waits for a microtask unless the source reports in sync', async () => {
    const later = fixture()
    later.add('a')
    let calls = 0
    const stop = later.list.subscribe(() => {
      calls++
      stop()
    })
    assert.equal(calls, 0, 'a listener may call the stop function subscribe returned')
    await Promise.resolve()
    assert.equal(calls, 1)
    const now = fixture(true)
    now.add('a')
    const seen: number[] = []
    now.list.subscribe((connectors) => seen.push(connectors.length))
    assert.deepEqual(seen, [1])
  })

  test('waitFor resolves when the wallet appears, or with nothing at the timeout', async () => {
    const { list, runs, add } = fixture()
    const waiting = list.waitFor('late', 1_000)
    setTimeout(() => add('late'), 10)
    assert.equal((await waiting)?.id, 'late')
    assert.equal(await list.waitFor('never', 20), undefined)
    assert.equal(runs.start, runs.stop, 'every waiter released discovery')
  })
})
