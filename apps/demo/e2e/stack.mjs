// The stack every demo e2e test starts: anvil chains, optionally the local Solana cluster and
// apps/server (on PGlite, in a temporary data directory), the built demo (`vite preview`) and
// Chromium with one context and page, configured as `pnpm demo` configures it. One `stop()`
// ends all of it in the order it must end (the browser first: the page's web3.js WebSocket
// retries while the page lives), then removes the data directory.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  devWalletScriptPath,
  startBitcoinRegtest,
  startChains,
  startRelay,
  startSolanaRpc,
} from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import {
  freePort,
  HOST,
  seedPgliteDataDir,
  startPreview,
  startServer,
  startTogether,
} from './preview.mjs'

/** Chromium as every e2e test launches it: the system binary, headless; `args` added. */
export function launchChromium(args = []) {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...args],
    headless: true,
  })
}

/**
 * Starts the stack and resolves with `{ chains, local, rpc, localnet, relay, server, preview,
 * origin, browser, context, page, pageErrors, newContext(), newPage(), defer(), view(), text(),
 * stop() }`. `defer(close)` adds a clean-up that runs after the browser closes and before the
 * servers stop (wallet harnesses on the relay).
 *
 * - `chainIds`: anvil chains (default: `startChains()`'s); `anvil: false`: none (`local` = []).
 * - `bitcoin`: also start the Bitcoin regtest ledger (`regtest`, Esplora API at `regtest.url`).
 * - `solana`: also start the local Solana cluster (`rpc`, `localnet` = its CAIP-2 id).
 * - `relay`: also start the local WalletConnect relay (`relay.url`).
 * - `browserArgs`: more Chromium flags (`--disable-features=…`).
 * - `prepare(stack)`: runs once the chains are up (airdrops, deploys); its result is `prepared`.
 * - `server`: also start apps/server with project `demo` on loopback origins. An object:
 *   `chains(stack)` lists the project's chains (default: every anvil chain, and the cluster
 *   when `solana`), `project` adds fields to the project (`features`…), `env` adds variables,
 *   `port` is its port (default: a free one).
 *   Or `(stack) => options`, decided after `prepare` (nothing: no server).
 * - `demo(stack)`: what `pnpm demo` hands the page. Set as `window.__openmodalDemo` by an init
 *   script, or, with `demoEnv: true`, through `OPENMODAL_DEMO_CHAINS` to `vite preview`.
 * - `initScripts`: more init scripts, run in order after that one (`[fn, arg]` or `{ path }`),
 *   or `(stack) => [...]` when they need the stack's ports;
 *   `devWallet: true` adds the EVM dev wallet's script last.
 * - `context: false`: no context yet; `newContext()` makes one configured as above.
 * - `page: false`: no page yet; `newPage(context?)` makes one that collects page errors.
 * - `goto`: a path to open (then wait for `window.__openmodal`; the demo creates its modal after
 *   a top-level await, so `load` is too early).
 *
 * @example const stack = await startStack({ server: {}, demo: ({ local, server }) => ({ chains: local, apiUrl: server.url }) })
 */
export async function startStack({
  chainIds,
  anvil = true,
  bitcoin = false,
  solana = false,
  relay: withRelay = false,
  browserArgs = [],
  prepare,
  server,
  demo,
  demoEnv = false,
  initScripts = [],
  devWallet = false,
  viewport = { width: 1024, height: 800 },
  context: withContext = true,
  page: withPage = true,
  goto,
  timeout = 10_000,
} = {}) {
  const stack = { pageErrors: [] }
  const stops = []
  const deferred = []
  stack.defer = (close) => deferred.push(close)
  let dataDir
  stack.stop = async () => {
    await stack.browser?.close()
    await Promise.all(deferred.map((close) => close()))
    await Promise.all(stops.map((stop) => stop()))
    await Promise.all(
      [stack.chains, stack.rpc, stack.relay, stack.regtest].map((started) => started?.stop()),
    )
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }
  try {
    const [chains, browser, rpc, relay, regtest] = await startTogether([
      anvil ? startChains(chainIds ? { chainIds } : {}) : undefined,
      launchChromium(browserArgs),
      solana ? startSolanaRpc() : undefined,
      withRelay ? startRelay() : undefined,
      bitcoin ? startBitcoinRegtest() : undefined,
    ])
    Object.assign(stack, { chains, browser, rpc, relay, regtest })
    stack.local = (chains?.chains ?? []).map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
    if (rpc) stack.localnet = `solana:${rpc.genesisHash.slice(0, 32)}`
    stack.prepared = await prepare?.(stack)
    const serverOptions = typeof server === 'function' ? server(stack) : server
    if (serverOptions) {
      dataDir = await mkdtemp(join(tmpdir(), 'openmodal-demo-e2e-'))
      const configPath = join(dataDir, 'openmodal.config.json')
      await writeFile(configPath, JSON.stringify(serverConfig(stack, serverOptions)))
      await seedPgliteDataDir(join(dataDir, 'pglite'))
      const server = await startServer(serverOptions.port ?? (await freePort()), {
        OPENMODAL_CONFIG: configPath,
        OPENMODAL_DATA_DIR: join(dataDir, 'pglite'),
        ...serverOptions.env,
      })
      stops.push(() => server.stop())
      stack.server = server
    }
    const config = demo?.(stack)
    const preview = await startPreview(
      demoEnv && config ? { OPENMODAL_DEMO_CHAINS: JSON.stringify(config) } : {},
    )
    stops.push(() => preview.stop())
    Object.assign(stack, { preview, origin: preview.origin })
    const scripts = typeof initScripts === 'function' ? initScripts(stack) : initScripts
    stack.newContext = async () => {
      const context = await browser.newContext({ viewport })
      if (config && !demoEnv) {
        await context.addInitScript((config) => {
          // What `pnpm demo` serves at /__openmodal/local.json, with these test ports.
          window.__openmodalDemo = config
        }, config)
      }
      for (const script of scripts) {
        await (Array.isArray(script)
          ? context.addInitScript(...script)
          : context.addInitScript(script))
      }
      if (devWallet) await context.addInitScript({ path: devWalletScriptPath() })
      return context
    }
    stack.newPage = async (context = stack.context) => {
      const page = await context.newPage()
      page.on('pageerror', (error) => stack.pageErrors.push(error))
      return page
    }
    if (withContext) stack.context = await stack.newContext()
    if (withContext && withPage) {
      const page = await stack.newPage()
      Object.assign(stack, { page, ...pageHelpers(page, timeout) })
      if (goto !== undefined) {
        await page.goto(`${preview.origin}${goto}`)
        await page.waitForFunction(() => window.__openmodal)
      }
    }
    return stack
  } catch (error) {
    await stack.stop()
    throw error
  }
}

/**
 * Aborts every request of `context` that leaves loopback and records it in `errors` as
 * `foreign request <url>` (the page must never reach the public relay, Verify or telemetry).
 */
export function refuseForeign(context, errors) {
  return context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      errors.push(new Error(`foreign request ${route.request().url()}`))
      return route.abort()
    },
  )
}

/** apps/server's config: project `demo`, pages on loopback, the stack's chains. */
function serverConfig(stack, { chains, project }) {
  const evm = stack.local.map(({ chainId, rpcUrl }) => ({
    caipNetworkId: `eip155:${chainId}`,
    rpcUrls: [rpcUrl],
  }))
  const solana = stack.rpc ? [{ caipNetworkId: stack.localnet, rpcUrls: [stack.rpc.rpcUrl] }] : []
  return {
    projects: [
      {
        projectId: 'demo',
        name: 'OpenModal demo',
        allowedOrigins: [`http://${HOST}:*`],
        ...project,
        chains: chains ? chains(stack) : [...evm, ...solana],
      },
    ],
  }
}

/** `view(selector)`: a locator inside the modal's dialog; `text(locator)`: whitespace collapsed. */
export function pageHelpers(page, timeout = 10_000) {
  return {
    view: (selector) => page.locator(`w3m-modal dialog ${selector}`),
    text: async (locator) => (await locator.textContent({ timeout })).replace(/\s+/g, ' ').trim(),
  }
}
