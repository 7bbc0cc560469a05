// Chromium tests of @openmodal/evm against real anvil chains. `pnpm test` runs WTR with
// `--conditions=@openmodal/source --import tsx` so this config can start the chains from the TypeScript
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
 * Serves viem's definition of a chain, by its `viem/chains` export name, at
 * `/__openmodal/viem-chains/<name>.json` (`null` when viem has none): the fields a network
 * preset copies. The presets test compares against it without loading viem/chains' hundreds
 * of modules into the page; Node imports them once, on the first request.
 */
function viemChains() {
  return {
    name: 'openmodal-viem-chains',
    async serve(context) {
      const match = /^\/__openmodal\/viem-chains\/(\w+)\.json$/.exec(context.path)
      if (!match) return undefined
      const chain = (await import('viem/chains'))[match[1]]
      const explorer = chain?.blockExplorers?.default
      const picked = chain && {
        id: chain.id,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: chain.rpcUrls.default },
        ...(explorer
          ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } }
          : {}),
        testnet: chain.testnet ?? false,
      }
      return { body: JSON.stringify(picked ?? null), type: 'json' }
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
  plugins: [anvilChains(), viemChains(), eventemitter3AsEsm()],
  timeout: 15000,
})
