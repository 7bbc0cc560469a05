import assert from 'node:assert/strict'
import { describe, mock, test } from 'node:test'
import { BaseError } from '../../errors/base.js'
import type { AdapterEvent } from '../types.js'
import { createAdapterSession } from './session.js'

interface TestSession {
  connectorId: string
  provider: object
  accounts: { address: string; namespace: 'eip155' }[]
  chainId: number
}

const account = (address: string) => ({ address, namespace: 'eip155' as const })

describe('createAdapterSession', () => {
  test('emits each event to every listener, in order, until it is removed', () => {
    const session = createAdapterSession<TestSession>()
    const seen: string[] = []
    const offA = session.on((event) => seen.push(`a:${event.type}`))
    session.on((event) => seen.push(`b:${event.type}`))
    session.emit({ type: 'chainChanged', chainId: 10 })
    offA()
    session.emit({ type: 'disconnect' })
    assert.deepEqual(seen, ['a:chainChanged', 'b:chainChanged', 'b:disconnect'])
  })

  test('a listener that throws is logged and the next one still hears the event', (t) => {
    const logged = t.mock.method(console, 'error', () => undefined)
    const session = createAdapterSession<TestSession>()
    const heard: AdapterEvent[] = []
    session.on(() => {
      throw new Error('listener bug')
    })
    session.on((event) => heard.push(event))
    const event: AdapterEvent = { type: 'accountsChanged', accounts: [account('0x1')] }
    assert.doesNotThrow(() => session.emit(event))
    assert.deepEqual(heard, [event])
    assert.deepEqual(
      logged.mock.calls.map((call) => (call.arguments[0] as Error).message),
      ['listener bug'],
    )
  })

  test('requireSession throws CONNECTOR_NOT_CONNECTED without a session', () => {
    const session = createAdapterSession<TestSession>()
    assert.throws(
      () => session.requireSession(),
      (error) =>
        error instanceof BaseError &&
        error.code === 'CONNECTOR_NOT_CONNECTED' &&
        error.shortMessage === 'Connector not connected',
    )
    const provider = {}
    session.begin({ connectorId: 'w', provider, accounts: [], chainId: 1 }, () => () => undefined)
    assert.equal(session.requireSession().provider, provider)
    session.end()
    assert.throws(() => session.requireSession(), { code: 'CONNECTOR_NOT_CONNECTED' })
  })

  test('the same provider keeps its session object and its one subscription', () => {
    const session = createAdapterSession<TestSession>()
    const provider = {}
    const subscribe = mock.fn(() => () => undefined)
    const first = session.begin(
      { connectorId: 'w', provider, accounts: [account('0x1')], chainId: 1 },
      subscribe,
    )
    const second = session.begin(
      { connectorId: 'w2', provider, accounts: [account('0x2')], chainId: 10 },
      subscribe,
    )
    assert.equal(second, first)
    assert.equal(session.current, first)
    assert.deepEqual(
      { ...first },
      { connectorId: 'w2', provider, accounts: [account('0x2')], chainId: 10 },
    )
    assert.equal(subscribe.mock.callCount(), 1)
  })

  test('another provider ends the session: the old subscription stops, the new one starts', () => {
    const session = createAdapterSession<TestSession>()
    const log: string[] = []
    const subscribe = (name: string) => () => {
      log.push(`on ${name}`)
      return () => log.push(`off ${name}`)
    }
    session.begin({ connectorId: 'a', provider: {}, accounts: [], chainId: 1 }, subscribe('a'))
    const b = session.begin(
      { connectorId: 'b', provider: {}, accounts: [], chainId: 1 },
      subscribe('b'),
    )
    assert.equal(session.current, b)
    assert.equal(session.end(), b)
    assert.equal(session.end(), undefined)
    assert.equal(session.current, undefined)
    assert.deepEqual(log, ['on a', 'off a', 'on b', 'off b'])
  })

  test('an event fired while subscribing finds no live session yet', () => {
    const session = createAdapterSession<TestSession>()
    let during: TestSession | undefined | 'unset' = 'unset'
    session.begin({ connectorId: 'a', provider: {}, accounts: [], chainId: 1 }, () => {
      during = session.current
      return () => undefined
    })
    assert.equal(during, undefined)
  })

  test('a disconnect by the user is remembered until that connector connects again', () => {
    const session = createAdapterSession<TestSession>()
    const next = () => ({ connectorId: 'w', provider: {}, accounts: [], chainId: 1 })
    session.begin(next(), () => () => undefined)
    session.end()
    assert.equal(session.userDisconnected('w'), false)
    session.begin(next(), () => () => undefined)
    assert.equal(session.end({ byUser: true })?.connectorId, 'w')
    assert.equal(session.userDisconnected('w'), true)
    assert.equal(session.userDisconnected('other'), false)
    session.begin(next(), () => () => undefined)
    assert.equal(session.userDisconnected('w'), false)
  })
})
