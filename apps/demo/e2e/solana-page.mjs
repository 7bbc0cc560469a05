// Shared by the Solana e2e tests: the local cluster, anvil, the built demo and Chromium started
// together, the page configured as `pnpm demo` configures it (optionally with apps/server for
// balances), the Solana dev wallet connected through the modal, and reads of the cluster that
// share no code with the page (lamports, token amounts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChains, startSolanaRpc } from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { freePort, HOST, startPreview, startServer, startTogether } from './preview.mjs'

export const SOLANA_WALLET = 'OpenModal Solana Dev Wallet'
// The Solana dev wallet's account 0 (@openmodal/testing SOLANA_DEV_ADDRESSES[0]).
export const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'

/** One JSON-RPC call to the cluster; an error answer throws with the node's message. */
export async function solanaCall(rpcUrl, method, params) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Lamports of `address` on the cluster. */
export async function lamportsOf(rpcUrl, address) {
  return BigInt((await solanaCall(rpcUrl, 'getBalance', [address])).value)
}

/** Raw amounts of `owner`'s token accounts of `mint` (0n when it has none), and how many. */
export async function tokenAmountOf(rpcUrl, owner, mint) {
  const { value } = await solanaCall(rpcUrl, 'getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed' },
  ])
  return {
    amount: value.reduce(
      (sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount),
      0n,
    ),
    accounts: value.length,
  }
}

/**
 * Starts the cluster, anvil (`chainIds`), the built demo and Chromium, and opens the demo in a
 * page configured as `pnpm demo` does (`window.__openmodalDemo`). `prepare(rpc)` runs once the
 * cluster is up (airdrops, mints) and may return the cluster's entry (an object) for
 * apps/server's project config (`{ splTokens }`): then the server runs too (balances of SOL and SPL tokens) and the
 * page gets its URL. `initScript` runs in the page before the demo's own code.
 *
 * @example const demo = await startSolanaDemo({ prepare: (rpc) => rpc.airdrop(SOL_ADDRESS, 10n ** 9n) })
 */
export async function startSolanaDemo({
  chainIds,
  prepare,
  initScript,
  goto = true,
  timeout = 10_000,
} = {}) {
  const [rpc, chains, browser] = await startTogether([
    startSolanaRpc(),
    startChains(chainIds ? { chainIds } : {}),
    chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true }),
  ])
  const stops = [() => Promise.all([chains.stop(), rpc.stop()])]
  // The page's web3.js WebSocket first, then the servers (it retries while the page lives).
  const stop = async () => {
    await browser.close()
    for (const next of stops.reverse()) await next()
  }
  try {
    const local = chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
    const solana = { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash }
    const localnet = `solana:${rpc.genesisHash.slice(0, 32)}`
    const serverChain = await prepare?.(rpc)
    let apiUrl
    if (typeof serverChain === 'object' && serverChain !== null) {
      const dataDir = await mkdtemp(join(tmpdir(), 'openmodal-demo-solana-'))
      stops.push(() => rm(dataDir, { recursive: true, force: true }))
      const configPath = join(dataDir, 'openmodal.config.json')
      await writeFile(
        configPath,
        JSON.stringify({
          projects: [
            {
              projectId: 'demo',
              name: 'OpenModal demo',
              allowedOrigins: [`http://${HOST}:*`],
              chains: [
                ...local.map(({ chainId, rpcUrl }) => ({
                  caipNetworkId: `eip155:${chainId}`,
                  rpcUrls: [rpcUrl],
                })),
                { caipNetworkId: localnet, rpcUrls: [rpc.rpcUrl], ...serverChain },
              ],
            },
          ],
        }),
      )
      const server = await startServer(await freePort(), {
        OPENMODAL_CONFIG: configPath,
        OPENMODAL_DATA_DIR: join(dataDir, 'pglite'),
      })
      stops.push(() => server.stop())
      apiUrl = server.url
    }
    const preview = await startPreview()
    stops.push(() => preview.stop())
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
    const page = await context.newPage()
    const pageErrors = []
    page.on('pageerror', (error) => pageErrors.push(error))
    await context.addInitScript(
      (config) => {
        // What `pnpm demo` serves at /__openmodal/local.json, with these test ports.
        window.__openmodalDemo = config
      },
      { chains: local, devWallet: true, solana, ...(apiUrl ? { apiUrl } : {}) },
    )
    if (initScript) await context.addInitScript(initScript)
    if (goto) {
      await page.goto(preview.origin)
      // The demo creates its modal after a top-level await: wait for it, not for `load`.
      await page.waitForFunction(() => window.__openmodal)
    }
    return {
      rpc,
      chains,
      preview,
      browser,
      page,
      pageErrors,
      localnet,
      origin: preview.origin,
      stop,
      ...pageHelpers(page, timeout),
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Locators and waits on the demo page: `view(selector)` inside the modal's dialog, `text()`
 * with whitespace collapsed, `connectSolana()` through the modal.
 */
export function pageHelpers(page, timeout = 10_000) {
  const view = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout })).replace(/\s+/g, ' ').trim()
  const closed = () => page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout })
  return {
    view,
    text,
    closed,
    /** Clicks <w3m-button>, picks the Solana dev wallet, waits until connected and closed. */
    async connectSolana() {
      await page.locator('w3m-button button').click()
      await view(`w3m-connect-view button[data-id="${SOLANA_WALLET}"]`).click({ timeout })
      await page.waitForFunction(
        () => window.__openmodal.getAccount('solana').status === 'connected',
        null,
        { timeout },
      )
      await closed()
    },
  }
}
