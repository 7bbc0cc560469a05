// Chromium tests of @openmodal/evm against real anvil chains. `pnpm test` runs WTR with
// `--conditions=source --import tsx` so this config can start the chains from the TypeScript
// sources of @openmodal/testing.
import { deployTestToken, startChains } from '@openmodal/testing/node'
import { wtrConfig } from '../../tools/wtr-config.mjs'

const FIXTURE_PATH = '/__openmodal/anvil.json'

/**
 * Starts two anvil chains (31337, 31338) and a test ERC-20 on the first for the test session,
 * and serves `[{ chainId, rpcUrl, token? }]` at FIXTURE_PATH for the pages.
 */
function anvilChains() {
  let anvil
  let fixture = '[]'
  return {
    name: 'openmodal-anvil',
    async serverStart() {
      anvil = await startChains()
      const [first, ...rest] = anvil.chains
      const token = await deployTestToken(first.rpcUrl)
      fixture = JSON.stringify([
        { chainId: first.chainId, rpcUrl: first.rpcUrl, token: token.address },
        ...rest.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
      ])
    },
    async serverStop() {
      await anvil?.stop()
    },
    serve(context) {
      if (context.path === FIXTURE_PATH) return { body: fixture, type: 'json' }
    },
  }
}

/**
 * WTR serves files as they are and cannot load CommonJS (ENVIRONMENT.md). viem's ENS actions
 * reach `ox`, whose Provider imports `eventemitter3` (CommonJS behind an ESM wrapper): give that
 * one file an ESM default export. Bundlers (Vite, esbuild) do this themselves.
 */
function eventemitter3AsEsm() {
  return {
    name: 'openmodal-eventemitter3-esm',
    transform(context) {
      if (!context.path.endsWith('/eventemitter3/index.js')) return undefined
      const body = `const module = { exports: {} };\n${context.body}\nexport default module.exports;\n`
      return { body }
    },
  }
}

export default wtrConfig({
  files: 'src/**/*.test.ts',
  plugins: [anvilChains(), eventemitter3AsEsm()],
  timeout: 15000,
})
