import { expect } from '@open-wc/testing'
import { type CaipNetwork, readNetwork, readRpcUrls, setRpcProxies } from '@openmodal/core/internal'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { createPublicClient, http } from 'viem'
import { type AnvilFixture, anvilChains, toNetwork } from '../testing/fixtures.js'
import { readNativeBalance } from './balance.js'
import { evmAdapter } from './evm-adapter.js'
import { RPC_CLIENT_GC_MS, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS, rpcClient } from './rpc-client.js'

// Reads of the adapter (balance, ENS) against a real anvil, with every fetch of the page
// recorded: viem's own transports decide what to try next; only the 429 test answers one
// request itself (anvil never answers 429).
let chain: AnvilFixture
let network: CaipNetwork
const address = ANVIL_ADDRESSES[0] as `0x${string}`
const calls: { url: string; at: number }[] = []
const realFetch = window.fetch
let answer429Once: string | undefined

before(async () => {
  const chains = await anvilChains()
  if (!chains[0]) throw new Error('the WTR config did not start a chain')
  chain = chains[0]
  network = toNetwork(chain)
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    calls.push({ url, at: performance.now() })
    if (answer429Once && url === answer429Once) {
      answer429Once = undefined
      return new Response('slow down', { status: 429 })
    }
    return realFetch(input, init)
  }
})

after(() => {
  window.fetch = realFetch
  setRpcProxies({})
})

beforeEach(() => {
  calls.length = 0
})

const chainBalance = () =>
  createPublicClient({ transport: http(chain.rpcUrl) }).getBalance({ address })

describe('resilient RPC reads', () => {
  it('reads through the next URL when the first one is dead', async () => {
    const dead = 'http://127.0.0.1:9/'
    const twoUrls = { ...network, rpcUrls: { default: { http: [dead, chain.rpcUrl] } } }
    const started = performance.now()
    const balance = await readNativeBalance({ address, network: twoUrls })
    const elapsed = performance.now() - started
    // Within the spec's 10 s timeout: the dead URL's 3 retries (150, 300, 600 ms), then the next.
    expect(elapsed).to.be.below(RPC_TIMEOUT_MS)
    const tried = calls.map((call) => call.url)
    expect(balance.value).to.equal(await chainBalance())
    // The dead URL with its retries, then the live one.
    expect(tried.slice(0, -1).every((url) => url === dead)).to.equal(true)
    expect(tried.length).to.be.at.least(2)
    expect(tried.at(-1)).to.equal(new URL(chain.rpcUrl).href)
  })

  it('retries a 429 after the spec delay and gets the answer', async () => {
    const own = { ...network, rpcUrls: { default: { http: [`${chain.rpcUrl}/?flaky`] } } }
    answer429Once = `${chain.rpcUrl}/?flaky`
    const balance = await readNativeBalance({ address, network: own })
    const [first, second] = calls
    expect(calls.length).to.equal(2)
    expect(balance.value).to.equal(await chainBalance())
    expect(first?.url).to.equal(second?.url)
    expect((second?.at ?? 0) - (first?.at ?? 0)).to.be.at.least(RPC_RETRY_DELAY_MS)
  })

  it("goes through the project's proxy first when the server serves the chain", async () => {
    // anvil stands in for the server's proxy (it answers on / only, whatever the query).
    const proxy = new URL('/?proxy=demo', chain.rpcUrl).href
    // As the project config's answer leaves it (core's load-remote-config adds the clientId).
    setRpcProxies({ [network.caipNetworkId]: `${proxy}&clientId=abc` })
    expect(readRpcUrls(network)).to.deep.equal([`${proxy}&clientId=abc`, chain.rpcUrl])
    // Through the adapter, as core's read actions ask for a balance.
    const balance = await evmAdapter().getBalance({ address, network: readNetwork(network) })
    expect(calls.map((call) => call.url)).to.deep.equal([`${proxy}&clientId=abc`])
    expect(balance.value).to.equal(await chainBalance())
    setRpcProxies({})
    expect(readRpcUrls(network)).to.deep.equal([chain.rpcUrl])
  })
})

describe('read clients cache', () => {
  it('keeps a client while it is used and collects it after 5 minutes unused (spec §9)', () => {
    const urls = ['http://127.0.0.1:1/gc-test']
    const t0 = 1_000_000
    const first = rpcClient(urls, t0)
    expect(rpcClient(urls, t0 + RPC_CLIENT_GC_MS)).to.equal(first)
    // Used at t0 + GC: still there just before GC after that use, gone after.
    expect(rpcClient(urls, t0 + 2 * RPC_CLIENT_GC_MS)).to.equal(first)
    expect(rpcClient(urls, t0 + 3 * RPC_CLIENT_GC_MS + 1)).to.not.equal(first)
    expect(RPC_CLIENT_GC_MS).to.equal(300_000)
  })
})
