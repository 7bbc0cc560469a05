import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import { parseOptions } from '../options/schema.js'
import { $api, CLIENT_ID_KEY, clientId } from '../stores/api.js'
import { setOptions } from '../stores/options.js'
import { mainnet } from '../testing/fixtures.js'

test('the client id is random and kept in local storage; a stored non-id is replaced', () => {
  const store = new Map<string, string>()
  globalThis.localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  } as Storage
  try {
    const first = clientId()
    assert.match(first, /^[0-9a-f-]{36}$/)
    assert.equal(store.get(CLIENT_ID_KEY), first)
    assert.equal(clientId(), first)
    store.set(CLIENT_ID_KEY, '<script>')
    const second = clientId()
    assert.notEqual(second, first)
    assert.match(second, /^[0-9a-f-]{36}$/)
  } finally {
    delete (globalThis as { localStorage?: Storage }).localStorage
  }
  // Without storage it lasts as long as the page.
  assert.equal(clientId(), clientId())
})

test("every call to the host's server carries the projectId and the clientId", async () => {
  const seen: string[] = []
  const server = createServer((request, response) => {
    seen.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    setOptions(parseOptions({ projectId: 'demo', networks: [mainnet], apiUrl }))
    await $api.get().get('/v1/anything', { query: { chainId: 'eip155:1' } })
    const url = new URL(seen[0] ?? '', apiUrl)
    assert.equal(url.searchParams.get('projectId'), 'demo')
    assert.equal(url.searchParams.get('clientId'), clientId())
    assert.equal(url.searchParams.get('chainId'), 'eip155:1')
  } finally {
    setOptions(null)
    server.close()
  }
})
