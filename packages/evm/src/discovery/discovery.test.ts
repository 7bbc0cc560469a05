import { expect } from '@open-wc/testing'
import type { Connector } from '@openmodal/core/internal'
import { ANVIL_ADDRESSES, createDevWallet } from '@openmodal/testing'
import { evmAdapter } from '../adapter/evm-adapter.js'
import { anvilChains, toNetwork } from '../testing/fixtures.js'
import { parseAnnouncement } from './announcement.js'

type Win = Window & { ethereum?: unknown; __pwned?: unknown }
const win = window as Win
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))
const provider = () => ({ request: async () => null })
const announce = (detail: unknown) =>
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
const info = (overrides: Record<string, unknown> = {}) => ({
  uuid: crypto.randomUUID(),
  name: 'Wallet',
  icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  rdns: `dev.hostile.w${Math.random().toString(36).slice(2, 8)}`,
  ...overrides,
})

const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  delete win.ethereum
})

/** Watches a fresh adapter; `updates` counts the onChange calls, `latest` the last list. */
function watch(options: Parameters<typeof evmAdapter>[0] = {}) {
  const adapter = evmAdapter(options)
  const state = { updates: 0, latest: [] as readonly Connector[] }
  stops.push(
    adapter.watchConnectors((connectors) => {
      state.updates++
      state.latest = connectors
    }),
  )
  return { adapter, state }
}

describe('EIP-6963 discovery', () => {
  it('asks wallets to announce only when connectors are watched, never at creation', async () => {
    let requests = 0
    const count = () => requests++
    window.addEventListener('eip6963:requestProvider', count)
    try {
      const adapter = evmAdapter()
      await tick()
      expect(requests).to.equal(0)
      stops.push(adapter.watchConnectors(() => {}))
      expect(requests).to.equal(1)
    } finally {
      window.removeEventListener('eip6963:requestProvider', count)
    }
  })

  it('lists a wallet that answers the request at once in the first report, reported once', async () => {
    const wallet = info({ name: 'Quick Wallet' })
    const answer = () => announce({ info: wallet, provider: provider() })
    window.addEventListener('eip6963:requestProvider', answer)
    try {
      const { state } = watch()
      expect(state.updates).to.equal(1)
      expect(state.latest.map((c) => c.name)).to.deep.equal(['Quick Wallet'])
      await tick()
      expect(state.updates).to.equal(1)
    } finally {
      window.removeEventListener('eip6963:requestProvider', answer)
    }
  })

  it('finds nothing, without failing, where there is no event target (server rendering)', async () => {
    const adapter = evmAdapter({ target: {} as EventTarget })
    const seen: Array<readonly Connector[]> = []
    const stop = adapter.watchConnectors((connectors) => seen.push(connectors))
    await tick(150)
    stop()
    expect(seen.flat()).to.deep.equal([])
  })

  it('lists an announced wallet with its name, icon and rdns as its id', async () => {
    const { state } = watch()
    const announced = info({ name: '  Dev   Wallet ', rdns: 'Dev.OpenModal.Listed' })
    announce({ info: announced, provider: provider() })
    await tick()
    expect(state.latest).to.deep.equal([
      {
        id: 'dev.openmodal.listed',
        type: 'ANNOUNCED',
        name: 'Dev Wallet',
        namespaces: ['eip155'],
        installed: true,
        imageUrl: announced.icon,
        rdns: 'dev.openmodal.listed',
      },
    ])
  })

  it('drops unsafe icons, keeps HTML names as text and never runs them', async () => {
    const { state } = watch()
    const html = '<img src=x onerror="window.__pwned=1">'
    announce({
      info: info({ name: html, icon: 'javascript:window.__pwned=2' }),
      provider: provider(),
    })
    announce({
      info: info({ name: 'Remote', icon: 'https://evil.example/i.png' }),
      provider: provider(),
    })
    announce({
      info: info({ name: 'Html icon', icon: 'data:text/html,<script>1</script>' }),
      provider: provider(),
    })
    announce({
      info: info({ name: 'Image html', icon: 'data:image/html,<script>1</script>' }),
      provider: provider(),
    })
    await tick()
    expect(state.latest.map((c) => c.name)).to.deep.equal([
      html,
      'Remote',
      'Html icon',
      'Image html',
    ])
    expect(state.latest.every((c) => c.imageUrl === undefined)).to.equal(true)
    // Render as the UI does (text and <img>): nothing runs.
    const host = document.createElement('div')
    for (const c of state.latest) {
      const row = document.createElement('span')
      row.textContent = c.name
      host.append(row)
    }
    document.body.append(host)
    await tick(50)
    host.remove()
    expect(win.__pwned).to.equal(undefined)
  })

  it('refuses announcements without a UUIDv4, a name or a request function', async () => {
    const { state } = watch()
    announce({ info: info({ uuid: 'not-a-uuid' }), provider: provider() })
    announce({ info: info({ uuid: '3b241101-e2bb-1255-8caf-4136c566a962' }), provider: provider() })
    announce({ info: info({ name: ' \u202e\u200b ' }), provider: provider() })
    announce({ info: info({ name: 42 }), provider: provider() })
    announce({ info: info(), provider: { request: 'nope' } })
    announce({ info: info() })
    announce(null)
    announce('string detail')
    announce({
      get info(): never {
        throw new Error('hostile getter')
      },
      provider: provider(),
    })
    await tick()
    expect(state.latest).to.deep.equal([])
  })

  it('keeps the first of a duplicate uuid; an rdns two providers claim identifies neither', async () => {
    const { adapter, state } = watch({ discoveryTimeoutMs: 50 })
    const first = info({ name: 'First', rdns: 'io.metamask' })
    announce({ info: first, provider: provider() })
    announce({ info: { ...first, name: 'Impostor' }, provider: provider() })
    await tick()
    expect(state.latest.map((c) => c.id)).to.deep.equal(['io.metamask'])
    const spoof = info({ name: 'Spoof', rdns: 'io.metamask' })
    announce({ info: spoof, provider: provider() })
    await tick()
    expect(state.latest.map((c) => [c.id, c.name])).to.deep.equal([
      [first.uuid, 'First'],
      [spoof.uuid, 'Spoof'],
    ])
    // A connection remembered as io.metamask (recent list, silent reconnect) matches neither.
    const network = toNetwork({ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' })
    expect(await adapter.reconnect({ connectorId: 'io.metamask', network })).to.equal(null)
    // An rdns earns no extra field: the spoof has exactly what it announced.
    expect(Object.keys(state.latest[1] ?? {}).sort()).to.deep.equal(
      ['id', 'imageUrl', 'installed', 'name', 'namespaces', 'rdns', 'type'].sort(),
    )
  })

  it('caps a 1 MB name at 64 characters and drops an invalid rdns', async () => {
    const { state } = watch()
    const uuid = crypto.randomUUID()
    announce({
      info: info({ uuid, name: 'W'.repeat(1024 * 1024), rdns: 'not rdns!' }),
      provider: provider(),
    })
    await tick()
    expect(state.latest[0]?.name).to.equal('W'.repeat(64))
    expect(state.latest[0]?.id).to.equal(uuid)
    expect(state.latest[0]?.rdns).to.equal(undefined)
  })

  it('reports a burst of 1,000 announcements in few updates and keeps at most 100', async () => {
    const { state } = watch()
    await tick()
    const before = state.updates
    for (let i = 0; i < 1000; i++) announce({ info: info({ name: `W${i}` }), provider: provider() })
    await tick()
    expect(state.updates - before).to.be.at.most(2)
    expect(state.latest).to.have.length(100)
    expect(state.latest[0]?.name).to.equal('W0')
  })

  it('keeps a data:image icon', () => {
    expect(parseAnnouncement({ info: info(), provider: provider() })?.icon).to.match(/^data:image/)
  })
})

describe('legacy window.ethereum', () => {
  it('becomes “Browser Wallet” when nothing is announced within the window', async () => {
    win.ethereum = provider()
    const { state } = watch({ legacyDelayMs: 50 })
    await tick()
    expect(state.latest).to.deep.equal([])
    await tick(80)
    expect(state.latest).to.deep.equal([
      {
        id: 'injected',
        type: 'INJECTED',
        name: 'Browser Wallet',
        namespaces: ['eip155'],
        installed: true,
      },
    ])
  })

  it('is not listed twice when a wallet announces the same provider', async () => {
    const same = provider()
    win.ethereum = same
    const { state } = watch({ legacyDelayMs: 20 })
    announce({ info: info({ name: 'Announced' }), provider: same })
    await tick(60)
    expect(state.latest.map((c) => c.name)).to.deep.equal(['Announced'])
  })

  it('is listed at once beside announcements of other providers', async () => {
    win.ethereum = provider()
    const { state } = watch({ legacyDelayMs: 10_000 })
    announce({ info: info({ name: 'Other' }), provider: provider() })
    await tick()
    expect(state.latest.map((c) => c.id).slice(-1)).to.deep.equal(['injected'])
  })

  it('connects through the injected dev wallet', async () => {
    const [chain] = await anvilChains()
    if (!chain) throw new Error('no anvil chain')
    const wallet = createDevWallet({ chains: [{ id: chain.chainId, rpcUrl: chain.rpcUrl }] })
    win.ethereum = wallet.provider
    const adapter = evmAdapter({ legacyDelayMs: 20 })
    const result = await adapter.connect({ connectorId: 'injected', network: toNetwork(chain) })
    expect(result.accounts[0]?.address).to.equal(ANVIL_ADDRESSES[0])
    expect(adapter.getProvider()).to.equal(wallet.provider)
    await adapter.disconnect()
  })
})
