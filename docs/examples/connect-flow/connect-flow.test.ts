// "Test your dapp's connect flow" (docs/testing.md): the dapp page of this folder, bundled as a
// dapp's own build would, served on a free port, driven in the system Chromium with the dev
// wallet of @openmodal/testing injected like a browser extension, against a real anvil.
import assert from 'node:assert/strict'
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { devWalletScriptPath, startAnvil } from '@openmodal/testing/node'
import { build } from 'esbuild'
import { type Browser, chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' // anvil's first account
const TIMEOUT = 10_000

let anvil: Awaited<ReturnType<typeof startAnvil>>
let server: Server
let origin: string
let outDir: string
let browser: Browser
let page: Page
const consoleErrors: string[] = []

// The dapp's build: one ES module beside its page (any bundler does; esbuild is quick).
async function buildDapp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'openmodal-connect-flow-'))
  await build({
    entryPoints: [join(HERE, 'app.ts')],
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  await copyFile(join(HERE, 'index.html'), join(dir, 'index.html'))
  return dir
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' }

before(async () => {
  ;[anvil, outDir, browser] = await Promise.all([
    startAnvil(), // 127.0.0.1, a free port, chain 31337, 10,000 ETH per account
    buildDapp(),
    chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
  ])
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const file = join(outDir, path === '/' ? 'index.html' : path.slice(1))
    try {
      const body = await readFile(file)
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const context = await browser.newContext()
  // The dev wallet: an EIP-6963 wallet signing with anvil's keys, announced before the page runs.
  await context.addInitScript((rpcUrl) => {
    ;(window as unknown as Record<string, unknown>).__openmodalDevWalletConfig = {
      chains: [{ id: 31337, rpcUrl }],
    }
  }, anvil.rpcUrl)
  await context.addInitScript({ path: devWalletScriptPath() })
  page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
})

after(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  await anvil?.stop()
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

test('connects the dev wallet and shows its address and anvil balance', async () => {
  await page.goto(`${origin}/?rpc=${encodeURIComponent(anvil.rpcUrl)}`)
  await page.locator('w3m-button button').click({ timeout: TIMEOUT })
  await page.locator('w3m-modal dialog').waitFor({ state: 'visible', timeout: TIMEOUT })
  // The dev wallet announced itself (EIP-6963): it is listed by name on Connect.
  await page
    .locator('w3m-modal w3m-connect-view button[data-id="dev.openmodal.wallet"]')
    .click({ timeout: TIMEOUT })
  await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: TIMEOUT })
  assert.equal(await page.locator('#status').textContent(), ACCOUNT_0)
  // The account button: truncated address and the balance read from anvil.
  const balance = page.locator('w3m-button [part="balance"]')
  await balance.filter({ hasText: 'ETH' }).waitFor({ timeout: TIMEOUT })
  assert.equal((await balance.textContent())?.replace(/\s+/g, ' ').trim(), '10000.000 ETH')
  assert.deepEqual(consoleErrors, [])
})
