import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { test } from 'node:test'
import { type CaipNetwork, parseOptions } from '@openmodal/core/internal'
import { startSolanaRpc } from '@openmodal/testing/node'
import * as entry from '../exports/networks.js'
import { fetchSolanaLocalnet, solana, solanaDevnet, solanaTestnet } from './networks.js'

const clusters: Array<[string, CaipNetwork]> = [
  ['solana', solana],
  ['solanaDevnet', solanaDevnet],
  ['solanaTestnet', solanaTestnet],
]

/**
 * The source files the module at `url` loads at run time (following relative imports) and the
 * packages they import. `import type` and `export type` statements load nothing and are skipped.
 */
async function moduleGraph(url: URL): Promise<{ files: string[]; packages: string[] }> {
  const files = new Set<string>()
  const packages = new Set<string>()
  const queue = [url]
  while (queue.length > 0) {
    const file = queue.shift() as URL
    if (files.has(file.href)) continue
    files.add(file.href)
    const source = await readFile(file, 'utf8')
    for (const [, specifier] of source.matchAll(
      /^(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+'([^']+)'/gms,
    )) {
      if (!specifier) continue
      if (specifier.startsWith('.')) queue.push(new URL(specifier.replace(/\.js$/, '.ts'), file))
      else packages.add(specifier)
    }
  }
  const root = new URL('../', import.meta.url).href
  return {
    files: [...files].map((href) => href.slice(root.length)).sort(),
    packages: [...packages].sort(),
  }
}

test('@openmodal/solana/networks exports exactly its networks', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'fetchSolanaLocalnet',
    'solana',
    'solanaDevnet',
    'solanaLocalnet',
    'solanaTestnet',
  ])
})

test('the cluster presets pass the option schema with CAIP-30 ids and https URLs', () => {
  const networks = clusters.map(([, network]) => network)
  assert.deepEqual(parseOptions({ networks }).networks, networks)
  for (const [name, network] of clusters) {
    assert.equal(network.chainNamespace, 'solana', name)
    assert.match(String(network.id), /^[1-9A-HJ-NP-Za-km-z]{32}$/, name)
    assert.equal(network.caipNetworkId, `solana:${network.id}`, name)
    const urls = [...network.rpcUrls.default.http, network.blockExplorers?.default.url ?? '']
    for (const url of urls) assert.equal(new URL(url).protocol, 'https:', `${name} ${url}`)
  }
  assert.equal(new Set(networks.map((network) => network.id)).size, networks.length)
  assert.deepEqual(
    clusters.filter(([, network]) => network.testnet).map(([name]) => name),
    ['solanaDevnet', 'solanaTestnet'],
  )
})

test('the entry loads neither @solana/web3.js nor the wallet standard', async () => {
  const graph = await moduleGraph(new URL('../exports/networks.ts', import.meta.url))
  assert.deepEqual(graph, {
    files: ['adapter/rpc.ts', 'exports/networks.ts', 'networks/networks.ts'],
    packages: ['@openmodal/core/internal'],
  })
})

test('fetchSolanaLocalnet reads a local validator on 127.0.0.1:8899 by default', async (t) => {
  const rpc = await startSolanaRpc({ port: 8899 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') return undefined
    throw error
  })
  if (!rpc) return t.skip('port 8899 or 8900 is taken on this machine')
  try {
    const localnet = await fetchSolanaLocalnet()
    assert.equal(localnet.caipNetworkId, `solana:${rpc.genesisHash.slice(0, 32)}`)
    assert.deepEqual(localnet.rpcUrls.default.http, ['http://127.0.0.1:8899'])
    assert.equal(localnet.testnet, true)
    assert.deepEqual(parseOptions({ networks: [localnet] }).networks, [localnet])
  } finally {
    await rpc.stop()
  }
})
