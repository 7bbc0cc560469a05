// The project config request against a slow server on loopback: an answer that arrives after a
// newer createModal never overwrites what that one set.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, afterEach, before, test } from 'node:test'
import type { ProjectConfigResponse } from '../api/types.js'
import { createModalClient } from '../client/create-modal.js'
import { $networks } from '../stores/chain.js'
import { $features, $remoteConfig, resetRemoteConfig } from '../stores/project-config.js'
import { mainnet, optimism, polygon, sepolia } from '../testing/fixtures.js'
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
/** Network icons the server has, by the name asked for; every request for one is kept. */
const ICONS: Record<string, [type: string, body: string]> = {
  'eip155:1': ['image/svg+xml; charset=utf-8', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  base: ['image/svg+xml', '<svg id="base"/>'],
  'eip155:137': ['text/html', '<script>alert(1)</script>'],
}
let assetRequests: URL[] = []
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const asset = /^\/v1\/assets\/networks\/([^/]+)$/.exec(url.pathname)?.[1]
  if (asset !== undefined) {
    assetRequests.push(url)
    const icon = ICONS[decodeURIComponent(asset)]
    res.writeHead(icon ? 200 : 404, { 'content-type': icon?.[0] ?? 'application/json' })
    res.end(icon?.[1] ?? '{"code":"NOT_FOUND"}')
    return
  }
  const projectId = /^\/v1\/projects\/([^/]+)\/config$/.exec(url.pathname)?.[1] ?? ''
  asked.push(projectId)
  setTimeout(() => {
    if (projectId === 'refused') {
      res.writeHead(403, { 'content-type': 'application/json' })
      res.end('{"code":"INVALID_APP_CONFIGURATION","message":"Origin not allowed"}')
      return
    }
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
  assetRequests = []
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

test('networks get their icons from the server inline; a missing or non-SVG one keeps none', async () => {
  const own = { ...sepolia, assets: { imageUrl: 'https://cdn.example.com/sepolia.png' } }
  const hostile = {
    ...optimism,
    caipNetworkId: 'eip155:999' as const,
    assets: { imageId: '../x?' },
  }
  createModalClient({
    projectId: 'icons',
    networks: [mainnet, { ...optimism, assets: { imageId: 'base' } }, polygon, own, hostile],
    apiUrl,
  })
  await until(() => $networks.get()[0]?.assets?.imageUrl !== undefined, 'the Ethereum icon')
  const images = $networks.get().map((n) => n.assets?.imageUrl)
  assert.deepEqual(images, [
    `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
    `data:image/svg+xml,${encodeURIComponent('<svg id="base"/>')}`,
    // An answer that is no SVG is never shown: the generic network icon stays.
    undefined,
    // The host's own imageUrl is kept and not asked for.
    'https://cdn.example.com/sepolia.png',
    // An imageId that is no icon name never reaches a URL: the CAIP-2 id is asked, 404.
    undefined,
  ])
  // (Earlier tests' icon requests may still arrive: this project's are those of this test.)
  const asked = assetRequests.filter((u) => u.searchParams.get('projectId') === 'icons')
  assert.deepEqual(asked.map((u) => decodeURIComponent(u.pathname.split('/').pop() ?? '')).sort(), [
    'base',
    'eip155:1',
    'eip155:137',
    'eip155:999',
  ])
  // Every call to the host's server carries the project and the browser's clientId (spec §7).
  for (const url of asked) {
    assert.match(url.searchParams.get('clientId') ?? '', /^[0-9a-f-]{36}$/)
  }
})

test('a refused project asks for no icon, and local mode for nothing at all', async () => {
  createModalClient({ projectId: 'refused', networks: [mainnet], apiUrl })
  await until(() => $remoteConfig.get().status === 'error', 'the refusal')
  createModalClient({ projectId: 'p', networks: [mainnet] })
  await wait(100)
  assert.deepEqual(
    assetRequests.filter((u) => ['refused', 'p'].includes(u.searchParams.get('projectId') ?? '')),
    [],
  )
  assert.equal($networks.get()[0]?.assets?.imageUrl, undefined)
})
