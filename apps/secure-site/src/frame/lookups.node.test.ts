// The frame's lookups against a loopback server answering the project server's routes and
// shapes (`GET /v1/names/reverse/:address`, `GET /v1/account/:address/balance`).
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createLookups, LOOKUP_TIMEOUT_MS } from './lookups.js'

const ADDRESS = '0x000000000000000000000000000000000000bEEF'
const requests: string[] = []
let server: Server
let apiUrl: string

before(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x')
    requests.push(`${url.pathname}?${url.searchParams}`)
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (url.searchParams.get('chainId') === 'eip155:5') return // never answers
    if (url.pathname === `/v1/names/reverse/${ADDRESS}`) {
      return json(200, { name: 'alice.eth', address: ADDRESS, source: 'ens' })
    }
    if (url.pathname.startsWith('/v1/names/reverse/')) {
      return json(404, { error: { code: 'NAME_NOT_FOUND', message: 'No name' } })
    }
    if (url.pathname === `/v1/account/${ADDRESS}/balance`) {
      const balance = (price: number | null, address?: string) => ({
        name: 'x',
        symbol: 'X',
        chainId: 'eip155:1',
        ...(address ? { address } : {}),
        value: null,
        price,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: null,
      })
      return json(200, { balances: [balance(2500), balance(1, `eip155:1:${ADDRESS}`)] })
    }
    json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

after(() => {
  server.closeAllConnections()
  server.close()
})

describe('approval lookups', () => {
  it('reads a name and the native price with the project and chain in the query', async () => {
    const lookups = createLookups(apiUrl, 'demo')
    assert.equal(await lookups.nameOf(ADDRESS, 'eip155:1'), 'alice.eth')
    assert.equal(await lookups.nativePrice(ADDRESS, 'eip155:1'), 2500)
    assert.deepEqual(requests.slice(-2), [
      `/v1/names/reverse/${ADDRESS}?projectId=demo&chainId=eip155%3A1`,
      `/v1/account/${ADDRESS}/balance?projectId=demo&chainId=eip155%3A1`,
    ])
  })

  it('answers undefined for no name, a server that is down, or one that never answers', async () => {
    const lookups = createLookups(apiUrl, 'demo')
    assert.equal(
      await lookups.nameOf('0x0000000000000000000000000000000000000001', 'eip155:1'),
      undefined,
    )
    assert.equal(
      await createLookups('http://127.0.0.1:9', 'demo').nameOf(ADDRESS, 'eip155:1'),
      undefined,
    )
    const started = performance.now()
    assert.equal(await lookups.nativePrice(ADDRESS, 'eip155:5'), undefined)
    // Without the timeout this read would hang until the server closed.
    assert.ok(performance.now() - started < LOOKUP_TIMEOUT_MS * 4, 'gives up after the timeout')
  })
})
