import { expect } from '@open-wc/testing'
import { type CaipNetwork, parseOptions } from '@openmodal/core/internal'
import * as entry from '../exports/networks.js'

const presets = Object.entries(entry) as Array<[keyof typeof entry, CaipNetwork]>
const networks = presets.map(([, network]) => network)

/** The specifiers a served module imports or re-exports (the dev server strips `import type`). */
function specifiers(code: string): string[] {
  const found = code.matchAll(
    /(?:^|[\s;])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']/gm,
  )
  return [...found].map((match) => match[1] ?? match[2] ?? '')
}

/** Every module URL the entry loads, following its imports as the browser would. */
async function moduleGraph(entryUrl: URL): Promise<string[]> {
  const seen = new Set<string>()
  const queue = [entryUrl.href]
  while (queue.length > 0) {
    const url = queue.shift() as string
    if (seen.has(url)) continue
    seen.add(url)
    const response = await fetch(url)
    expect(response.ok, url).to.equal(true)
    for (const specifier of specifiers(await response.text())) {
      queue.push(new URL(specifier, url).href)
    }
  }
  return [...seen]
}

describe('@openmodal/evm/networks', () => {
  it('exports exactly its presets', () => {
    expect(Object.keys(entry).sort()).to.deep.equal([
      'anvil',
      'arbitrum',
      'aurora',
      'avalanche',
      'base',
      'bsc',
      'celo',
      'gnosis',
      'holesky',
      'hoodi',
      'mainnet',
      'optimism',
      'polygon',
      'sepolia',
      'zksync',
      'zora',
    ])
  })

  it('passes the option schema, all together and each alone', () => {
    const options = parseOptions({ projectId: 'p', networks })
    expect(options.networks).to.deep.equal(networks)
    expect(options.defaultNetwork).to.equal('eip155:1')
    for (const network of networks) {
      expect(parseOptions({ networks: [network] }).defaultNetwork).to.equal(network.caipNetworkId)
    }
  })

  it('gives each preset a unique eip155 id matching its chain id', () => {
    for (const [name, network] of presets) {
      expect(network.chainNamespace, name).to.equal('eip155')
      expect(network.id, name).to.be.a('number')
      expect(network.caipNetworkId, name).to.equal(`eip155:${network.id}`)
    }
    expect(new Set(networks.map((network) => network.id)).size).to.equal(networks.length)
  })

  it('uses https and wss everywhere but on the local anvil node', () => {
    for (const [name, network] of presets) {
      const { http, webSocket = [] } = network.rpcUrls.default
      const explorer = network.blockExplorers?.default.url
      const urls = [...http, ...webSocket, ...(explorer ? [explorer] : [])]
      const protocols = urls.map((url) => new URL(url).protocol)
      if (name === 'anvil') {
        expect(http, name).to.deep.equal(['http://127.0.0.1:8545'])
        continue
      }
      expect(explorer, `${name} explorer`).to.be.a('string')
      expect(protocols, name).to.deep.equal([
        ...http.map(() => 'https:'),
        ...webSocket.map(() => 'wss:'),
        'https:',
      ])
    }
  })

  it('marks the testnets and the local node as testnets, and nothing else', () => {
    const testnets = presets.filter(([, network]) => network.testnet).map(([name]) => name)
    expect(testnets.sort()).to.deep.equal(['anvil', 'holesky', 'hoodi', 'sepolia'])
  })

  it('carries the data viem/chains defines for the same chain', async () => {
    for (const [name, network] of presets) {
      const chain = await fetch(`/__openmodal/viem-chains/${name}.json`).then((r) => r.json())
      expect(chain, name).to.be.an('object')
      const { testnet: viemTestnet, ...viemData } = chain
      const { id, nativeCurrency, rpcUrls, blockExplorers, testnet = false } = network
      expect(
        {
          id,
          name: network.name,
          nativeCurrency,
          rpcUrls,
          ...(blockExplorers && { blockExplorers }),
        },
        name,
      ).to.deep.equal(viemData)
      // viem leaves its local chains unmarked; the preset marks anvil a testnet on purpose.
      expect(testnet, name).to.equal(name === 'anvil' || viemTestnet)
    }
  })

  it('loads no module beyond its own two files (no viem at run time)', async () => {
    const graph = await moduleGraph(new URL('../exports/networks.ts', import.meta.url))
    expect(graph.map((url) => new URL(url).pathname.split('/src/').pop())).to.deep.equal([
      'exports/networks.ts',
      'networks/networks.ts',
    ])
    for (const url of graph) expect(url).not.to.match(/viem|node_modules/)
  })
})
