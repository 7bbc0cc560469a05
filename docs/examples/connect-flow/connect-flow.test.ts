// "Test your dapp's connect flow" (docs/testing.md): the dapp page of this folder, bundled as a
// dapp's own build would, served on a free port, driven in the system Chromium with the dev
// wallet of @openmodal/testing injected like a browser extension, against a real anvil.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { devWalletScriptPath, startAnvil } from '@openmodal/testing/node'
import { type Browser, chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { type ServedPage, servePage } from '../../scripts/serve.js'

const file = (name: string) => fileURLToPath(new URL(name, import.meta.url))
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' // anvil's first account
const TIMEOUT = 10_000

let anvil: Awaited<ReturnType<typeof startAnvil>>
let dapp: ServedPage
let browser: Browser
let page: Page
const consoleErrors: string[] = []
const foreignRequests: string[] = []

before(async () => {
  ;[anvil, dapp, browser] = await Promise.all([
    startAnvil(), // 127.0.0.1, a free port, chain 31337, 10,000 ETH per account
    servePage(file('app.ts'), file('index.html')),
    chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }),
  ])
  const context = await browser.newContext()
  // The dev wallet, configured before it runs: an EIP-6963 wallet signing with anvil's keys.
  await context.addInitScript((rpcUrl) => {
    Object.assign(window, { __openmodalDevWalletConfig: { chains: [{ id: 31337, rpcUrl }] } })
  }, anvil.rpcUrl)
  await context.addInitScript({ path: devWalletScriptPath() })
  page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  // Local mode (no apiUrl): the page may reach the dapp's server and anvil, nothing else.
  page.on('request', (request) => {
    const { protocol, host } = new URL(request.url())
    if (protocol === 'data:') return
    if (host !== new URL(dapp.origin).host && host !== new URL(anvil.rpcUrl).host) {
      foreignRequests.push(request.url())
    }
  })
})

after(async () => {
  await browser?.close()
  await Promise.all([dapp?.stop(), anvil?.stop()])
})

test('connects the dev wallet and shows its address and anvil balance', async () => {
  await page.goto(`${dapp.origin}/?rpc=${encodeURIComponent(anvil.rpcUrl)}`)
  await page.locator('w3m-button button').click({ timeout: TIMEOUT })
  const dialog = page.locator('w3m-modal dialog')
  await dialog.waitFor({ state: 'visible', timeout: TIMEOUT })
  // The dev wallet announced itself (EIP-6963): Connect lists it.
  await page
    .locator('w3m-connect-view button[data-id="dev.openmodal.wallet"]')
    .click({ timeout: TIMEOUT })
  await dialog.waitFor({ state: 'hidden', timeout: TIMEOUT })
  assert.equal(await page.locator('#status').textContent(), ACCOUNT_0)
  // The account button: the balance read from anvil, 3 decimals.
  const balance = page.locator('w3m-button [part="balance"]').filter({ hasText: 'ETH' })
  await balance.waitFor({ timeout: TIMEOUT })
  assert.equal((await balance.textContent())?.replace(/\s+/g, ' ').trim(), '10000.000 ETH')
  assert.deepEqual(consoleErrors, [])
  assert.deepEqual(foreignRequests, [])
})
