import assert from 'node:assert/strict'
import { afterEach, mock, test } from 'node:test'
import { atom } from 'nanostores'
import { createFetcher } from './fetcher.js'
import { createMutation } from './mutation.js'
import { pollWhileWatched } from './poll.js'

/** A load whose answer the test releases by hand, counting how often it was called. */
function deferred<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = []
  const load = () =>
    new Promise<T>((resolve, reject) => {
      calls.push({ resolve, reject })
    })
  return { load, calls }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

afterEach(() => mock.timers.reset())

test('two fetches of one key in flight make one request and share its answer', async () => {
  const fetcher = createFetcher<string>()
  const { load, calls } = deferred<string>()
  const first = fetcher.fetch('a', load)
  const second = fetcher.fetch('a', load)
  assert.equal(calls.length, 1)
  calls[0]?.resolve('answer')
  assert.deepEqual(await first, { status: 'success', data: 'answer' })
  assert.deepEqual(await second, { status: 'success', data: 'answer' })
  const third = fetcher.fetch('a', load)
  assert.equal(calls.length, 2, 'without a cache the next fetch asks again')
  calls[1]?.resolve('again')
  assert.deepEqual(await third, { status: 'success', data: 'again' })
})

test('an older answer never overwrites a newer one: the key changed while it was in flight', async () => {
  const fetcher = createFetcher<string>()
  const { load, calls } = deferred<string>()
  const alice = fetcher.fetch('alice', load)
  const bob = fetcher.fetch('bob', load)
  // Bob's answer comes first, Alice's (slower) after it: Alice's is stale.
  calls[1]?.resolve('bob')
  calls[0]?.resolve('alice')
  assert.deepEqual(await bob, { status: 'success', data: 'bob' })
  assert.deepEqual(await alice, { status: 'stale' })
  // A failure of the older key is stale too.
  const carol = fetcher.fetch('carol', load)
  const dave = fetcher.fetch('dave', load)
  calls[2]?.reject(new Error('carol failed'))
  calls[3]?.resolve('dave')
  assert.deepEqual(await carol, { status: 'stale' })
  assert.deepEqual(await dave, { status: 'success', data: 'dave' })
})

test('a reset makes answers in flight stale and forgets the cache', async () => {
  const fetcher = createFetcher<string>({ cacheMs: 60_000 })
  const { load, calls } = deferred<string>()
  const before = fetcher.fetch('a', load)
  fetcher.reset()
  calls[0]?.resolve('old')
  assert.deepEqual(await before, { status: 'stale' })
  assert.equal(fetcher.cached('a'), undefined, 'a stale answer is not cached')
  const after = fetcher.fetch('a', load)
  assert.equal(calls.length, 2, 'after a reset the running request is not shared')
  calls[1]?.resolve('new')
  assert.deepEqual(await after, { status: 'success', data: 'new' })
})

test('caches answers for cacheMs; force asks again', async () => {
  mock.timers.enable({ apis: ['Date'], now: 1_000 })
  const fetcher = createFetcher<number>({ cacheMs: 30_000 })
  let calls = 0
  const load = async () => ++calls
  assert.deepEqual(await fetcher.fetch('k', load), { status: 'success', data: 1 })
  mock.timers.tick(29_999)
  assert.deepEqual(await fetcher.fetch('k', load), { status: 'success', data: 1 })
  assert.deepEqual(await fetcher.fetch('k', load, { force: true }), { status: 'success', data: 2 })
  mock.timers.tick(30_000)
  assert.equal(fetcher.cached('k'), undefined)
  assert.deepEqual(await fetcher.fetch('k', load), { status: 'success', data: 3 })
  fetcher.seed('k', 42)
  assert.equal(fetcher.cached('k'), 42)
  fetcher.expire('k')
  assert.equal(fetcher.cached('k'), undefined)
})

test('after a failure nothing is asked for retryGapMs, forced or not; onError runs once', async () => {
  mock.timers.enable({ apis: ['Date'], now: 50_000 })
  const errors: string[] = []
  const fetcher = createFetcher<string>({
    retryGapMs: 30_000,
    onError: (_error, key) => errors.push(key),
  })
  let fail = true
  let calls = 0
  const load = async () => {
    calls++
    if (fail) throw new Error('down')
    return 'up'
  }
  const [one, two] = await Promise.all([fetcher.fetch('k', load), fetcher.fetch('k', load)])
  assert.equal(one.status, 'error')
  assert.equal(two.status, 'error')
  assert.deepEqual(errors, ['k'], 'one failed request, one onError')
  fail = false
  mock.timers.tick(29_999)
  assert.deepEqual(await fetcher.fetch('k', load, { force: true }), { status: 'blocked' })
  assert.deepEqual(await fetcher.fetch('other', load), { status: 'blocked' })
  assert.equal(calls, 1)
  mock.timers.tick(1)
  assert.deepEqual(await fetcher.fetch('k', load), { status: 'success', data: 'up' })
  assert.equal(calls, 2)
})

test('a cache of many keys (newestWins false) keeps every answer', async () => {
  const fetcher = createFetcher<string>({ cacheMs: 1_000, newestWins: false })
  const { load, calls } = deferred<string>()
  const a = fetcher.fetch('a', load)
  const b = fetcher.fetch('b', load)
  calls[0]?.resolve('A')
  calls[1]?.resolve('B')
  assert.deepEqual(await a, { status: 'success', data: 'A' })
  assert.deepEqual(await b, { status: 'success', data: 'B' })
})

test('pollWhileWatched ticks when watching starts, then every interval, and stops after', async () => {
  const $list = atom(0)
  let ticks = 0
  pollWhileWatched($list, 20, () => ticks++)
  assert.equal(ticks, 0, 'nothing runs while nobody watches')
  const stop = $list.listen(() => {})
  try {
    assert.equal(ticks, 1, 'at once')
    // Waits for the ticks instead of a fixed time: a loaded machine delays timers, and a fixed
    // wait made this test fail there (and its interval kept the process alive).
    const deadline = Date.now() + 5_000
    while (ticks < 3 && Date.now() < deadline) await sleep(10)
    assert.ok(ticks >= 3, `every 20 ms (${ticks} ticks)`)
  } finally {
    stop()
  }
  // nanostores unmounts a store 1 s after its last listener left.
  await sleep(1_100)
  const after = ticks
  await sleep(60)
  assert.equal(ticks, after, 'no tick once nobody watches')
})

test('a mutation goes idle, pending, success; a failure is error and rejects', async () => {
  const mutation = createMutation(async (name: string) => {
    if (name === 'taken') throw new Error('This name is already taken')
    return { name }
  })
  const seen: string[] = []
  const stop = mutation.$state.subscribe((state) => seen.push(state.status))
  const done = mutation.mutate('alice')
  assert.equal(mutation.$state.get().status, 'pending')
  assert.deepEqual(await done, { name: 'alice' })
  assert.deepEqual(mutation.$state.get().data, { name: 'alice' })
  await assert.rejects(mutation.mutate('taken'), /already taken/)
  assert.equal(mutation.$state.get().status, 'error')
  assert.match(String(mutation.$state.get().error), /already taken/)
  mutation.reset()
  stop()
  assert.deepEqual(seen, ['idle', 'pending', 'success', 'pending', 'error', 'idle'])
})

test('only the newest mutate call writes the state', async () => {
  const releases: (() => void)[] = []
  const mutation = createMutation(
    (n: number) => new Promise<number>((resolve) => releases.push(() => resolve(n))),
  )
  const first = mutation.mutate(1)
  const second = mutation.mutate(2)
  releases[1]?.()
  await second
  releases[0]?.()
  await first
  assert.equal(mutation.$state.get().data, 2)
})

test('offline, a mutation waits paused and runs once the browser is online', async () => {
  // Node cannot go offline: a stand-in for the browser's window and navigator.onLine.
  const globals = globalThis as { window?: unknown; navigator?: unknown }
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
  const browser = { onLine: false }
  const window = new EventTarget()
  Object.defineProperty(globalThis, 'navigator', { value: browser, configurable: true })
  globals.window = window
  try {
    let runs = 0
    const mutation = createMutation(async () => ++runs)
    const done = mutation.mutate(undefined)
    await new Promise((resolve) => setTimeout(resolve, 10))
    assert.deepEqual(
      { status: mutation.$state.get().status, paused: mutation.$state.get().paused, runs },
      { status: 'pending', paused: true, runs: 0 },
    )
    browser.onLine = true
    window.dispatchEvent(new Event('online'))
    assert.equal(await done, 1)
    assert.equal(mutation.$state.get().status, 'success')
    assert.equal(mutation.$state.get().paused, false)
  } finally {
    delete globals.window
    if (saved) Object.defineProperty(globalThis, 'navigator', saved)
    else delete globals.navigator
  }
})
