// The project config request against a slow server on loopback: an answer that arrives after a
// newer createModal never overwrites what that one set.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, afterEach, before, test } from 'node:test'
import type { ProjectConfigResponse } from '../api/types.js'
import { createModalClient } from '../client/create-modal.js'
import { $features, $remoteConfig, resetRemoteConfig } from '../stores/project-config.js'
import { mainnet } from '../testing/fixtures.js'
import { until } from '../testing/until.js'

const config = (swaps: boolean, extension: { send?: boolean } = {}): ProjectConfigResponse =>
  ({
    projectId: 'p',
    features: {
      email: false,
      socials: false,
      swaps,
      onramp: false,
      activity: true,
      reownBranding: false,
      ...extension,
    },
  }) as unknown as ProjectConfigResponse

/** Milliseconds the server waits, per project id. */
const delays = new Map<string, number>()
let asked: string[] = []
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const projectId = /^\/v1\/projects\/([^/]+)\/config$/.exec(url.pathname)?.[1] ?? ''
  asked.push(projectId)
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' })
    const extension = projectId === 'no-send' ? { send: false } : {}
    res.end(JSON.stringify(config(projectId === 'fast', extension)))
  }, delays.get(projectId) ?? 0)
})
let apiUrl = ''

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(() => {
  server.closeAllConnections()
  server.close()
})
afterEach(() => {
  delays.clear()
  asked = []
  resetRemoteConfig()
})

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('a slow config answer for an older createModal never overwrites the newer one', async () => {
  delays.set('slow', 150)
  createModalClient({ projectId: 'slow', networks: [mainnet], apiUrl })
  await until(() => asked.includes('slow'), 'the slow request')
  createModalClient({ projectId: 'fast', networks: [mainnet], apiUrl })
  await until(() => $remoteConfig.get().status === 'loaded', 'the newer config')
  await wait(250)
  const state = $remoteConfig.get()
  assert.equal(state.status, 'loaded')
  assert.equal(state.status === 'loaded' && state.config.features.swaps, true, "the fast one's")
  assert.deepEqual(asked, ['slow', 'fast'])
})

test('after a newer createModal in basic mode the older answer is dropped', async () => {
  delays.set('slow', 150)
  createModalClient({ projectId: 'slow', networks: [mainnet], apiUrl })
  await until(() => asked.includes('slow'), 'the slow request')
  createModalClient({ projectId: 'slow', networks: [mainnet], apiUrl, basic: true })
  await wait(250)
  assert.deepEqual($remoteConfig.get(), { status: 'disabled', reason: 'basic' })
})

test('a project that sets send: false turns Send off over the host, with a warning naming it', async () => {
  const warnings: unknown[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '))
  try {
    createModalClient({
      projectId: 'no-send',
      networks: [mainnet],
      apiUrl,
      features: { send: true, receive: true },
    })
    await until(() => $remoteConfig.get().status === 'loaded', 'the config')
  } finally {
    console.warn = warn
  }
  const state = $remoteConfig.get()
  // receive: the project left it out, so the host's setting stands, unwarned.
  assert.deepEqual(state.status === 'loaded' && state.ignored, ['send'])
  assert.equal($features.get()?.send, false)
  assert.equal($features.get()?.receive, true)
  assert.ok(
    warnings.some((w) => String(w).includes('features.send is ignored: project no-send')),
    String(warnings),
  )
})
