// What a plain page needs from dist/: one file that imports nothing up front, only relative
// specifiers (no import map), no `process` left in it, and the public API the README shows.
import assert from 'node:assert/strict'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { DIST } from './serve.mjs'

// import {…} from '…', import * as … from '…', export {…} from '…', import '…', import('…').
const SPECIFIERS =
  /(?:\b(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?|[\w$]+)\s*from|\bimport\s*\(?)\s*["'`]([^"'`]+)["'`]/g
// Names the minifier gives to the internal exports that the lazy chunks import from the entry
// ('allow-extension' in vite.config.ts): one or two characters. Public names are longer.
const INTERNAL = /^[A-Za-z_$][A-Za-z0-9_$]?$/

const entry = () => readFile(join(DIST, 'openmodal.js'), 'utf8')

/** The names dist/openmodal.js exports (its one `export { a as name, … }` statement). */
async function exportedNames() {
  const statements = [...(await entry()).matchAll(/export\s*\{([^}]*)\}/g)]
  assert.equal(statements.length, 1, 'one export statement')
  return statements[0][1].split(',').map((item) =>
    item
      .trim()
      .split(/\s+as\s+/)
      .at(-1),
  )
}

describe('dist/ of the CDN build', () => {
  test('openmodal.js imports no other file up front', async () => {
    const statics = [...(await entry()).matchAll(/\b(?:import|export)\s*[\w${},\s*]*from\s*["']/g)]
    assert.deepEqual(statics, [])
  })

  test('every specifier in every file is relative: a page needs no import map', async () => {
    const files = [
      'openmodal.js',
      ...(await readdir(join(DIST, 'chunks'))).map((f) => `chunks/${f}`),
    ]
    const bare = []
    let relative = 0
    for (const file of files) {
      const code = await readFile(join(DIST, file), 'utf8')
      for (const [, specifier] of code.matchAll(SPECIFIERS)) {
        if (/^\.\.?\//.test(specifier)) relative++
        else bare.push(`${file}: ${specifier}`)
      }
    }
    assert.ok(files.length > 10, 'the lazy chunks are beside it')
    assert.ok(relative > files.length, 'the pattern finds the imports between the files')
    assert.deepEqual(bare, [])
  })

  test('openmodal.js reads no `process` (NODE_ENV is fixed to production)', async () => {
    assert.doesNotMatch(await entry(), /\bprocess\b/)
  })

  test('exports exactly the public API', async () => {
    const names = (await exportedNames()).filter((name) => !INTERNAL.test(name)).sort()
    // Core's host API is snapshotted once, by core's exports test; the file re-exports all of it.
    const hostApi = Object.keys(await import('@openmodal/core'))
    assert.ok(hostApi.length > 40, `${hostApi.length} names in core's host API`)
    assert.deepEqual(
      names,
      [
        ...hostApi,
        // The elements, the EVM adapter and its network presets, the WalletConnect entry, Solana.
        'anvil',
        'arbitrum',
        'aurora',
        'avalanche',
        'base',
        'bsc',
        'celo',
        'createModal',
        'evmAdapter',
        'gnosis',
        'holesky',
        'hoodi',
        'loadLocale',
        'loadModal',
        'loadSolana',
        'mainnet',
        'optimism',
        'polygon',
        'preloadView',
        'registerCatalog',
        'sepolia',
        'walletConnect',
        'zksync',
        'zora',
      ].sort(),
    )
  })
})
