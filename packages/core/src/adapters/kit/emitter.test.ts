import assert from 'node:assert/strict'
import { test } from 'node:test'
import { createEmitter } from './emitter.js'

test('delivers a payload to the listeners of its event only', () => {
  const events = createEmitter<{ a: number; b: string }>()
  const seen: unknown[] = []
  events.on('a', (n) => seen.push(n))
  events.on('b', (s) => seen.push(s))
  events.emit('a', 1)
  events.emit('b', 'x')
  assert.deepEqual(seen, [1, 'x'])
})

test('off and the returned remover stop delivery; a listener added twice is called once', () => {
  const events = createEmitter<{ a: number }>()
  const seen: number[] = []
  const listener = (n: number) => seen.push(n)
  events.on('a', listener)
  events.on('a', listener)
  events.emit('a', 1)
  events.off('a', listener)
  events.emit('a', 2)
  const remove = events.on('a', listener)
  events.emit('a', 3)
  remove()
  events.emit('a', 4)
  assert.deepEqual(seen, [1, 3])
})

test('a listener removing another during an event does not skip the rest of that event', (t) => {
  t.mock.method(console, 'error', () => undefined)
  const events = createEmitter<{ a: number }>()
  const seen: string[] = []
  const second = () => seen.push('second')
  events.on('a', () => {
    seen.push('first')
    events.off('a', second)
    throw new Error('first fails')
  })
  events.on('a', second)
  events.emit('a', 1)
  events.emit('a', 2)
  assert.deepEqual(seen, ['first', 'second', 'first'])
})
