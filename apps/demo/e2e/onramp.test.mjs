// End to end, the way `pnpm demo` runs: anvil, apps/server (its own PGlite, the `demo` project
// with the sandbox on-ramp and Coinbase's, the indexer polling every 250 ms), the Coinbase
// Onramp stand-in (apps/server/src/testing/coinbase-onramp.ts) and the built demo with the dev
// wallet. A visitor buys ETH from Account → Buy: the card limits show, the sandbox checkout
// opens in a popup, Pay credits the address on anvil, BuyInProgress lands on Account, and
// Activity lists the purchase (asked with `onramp=`) in place of its credit. A Coinbase purchase
// shows there as pending, then failed once Coinbase says so. Then the visitor buys the test
// ERC-20 (TUSD, deployed on anvil and listed in the project's `onramp.assets`) in EUR: the
// sandbox mints it at its fixed rate. The chain is read directly to check the amounts.
import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { deployTestToken, TEST_TOKEN_ABI } from '@openmodal/testing'
import { createPublicClient, http, parseEther, parseUnits } from 'viem'
import { startStack } from './stack.mjs'

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '../../server')
const COINBASE_KEY_NAME = 'organizations/demo/apiKeys/e2e'

/** The Coinbase Onramp stand-in, a TypeScript module of apps/server, loaded through its tsx. */
async function startCoinbase() {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  // tsx's ESM entry as its package.json exports it (require.resolve would give the CJS one).
  const tsxPackage = createRequire(join(SERVER, 'package.json')).resolve('tsx/package.json')
  const exported = JSON.parse(await readFile(tsxPackage, 'utf8')).exports['./esm/api'].import
  const tsxApi = join(dirname(tsxPackage), exported.default)
  const { tsImport } = await import(pathToFileURL(tsxApi).href)
  const standIn = join(SERVER, 'src/testing/coinbase-onramp.ts')
  const { startCoinbaseOnramp } = await tsImport(pathToFileURL(standIn).href, import.meta.url)
  const coinbase = await startCoinbaseOnramp({
    keyName: COINBASE_KEY_NAME,
    publicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  })
  const config = {
    keyName: COINBASE_KEY_NAME,
    keySecret: keys.privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    apiUrl: coinbase.url,
    payUrl: coinbase.url,
  }
  return { coinbase, config }
}

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const STEP_TIMEOUT = 20_000
// BuyInProgress asks every 4 s (spec §9); the Activity tab polls every 4 s too.
const PURCHASE_TIMEOUT = 30_000

describe('Demo on-ramp: buy ETH and a test ERC-20 through the sandbox checkout, credited on anvil', () => {
  let stack
  let context
  let page
  let client
  let coinbase

  before(async () => {
    const started = await startCoinbase()
    coinbase = started.coinbase
    stack = await startStack({
      chainIds: [31337],
      prepare: ({ local }) => deployTestToken(local[0].rpcUrl),
      server: ({ prepared: token }) => ({
        project: {
          features: { activity: true, onramp: true },
          onramp: {
            sandbox: true,
            coinbase: started.config,
            assets: [
              {
                chainId: 'eip155:31337',
                address: token.address,
                symbol: token.symbol,
                name: token.name,
                decimals: token.decimals,
                usdPrice: 1,
              },
            ],
          },
        },
        env: { OPENMODAL_INDEXER_POLL_MS: '250' },
      }),
      demo: ({ local, server }) => ({ chains: local, apiUrl: server.url }),
      demoEnv: true,
      viewport: { width: 1024, height: 900 },
      goto: '/',
    })
    ;({ context, page } = stack)
    client = createPublicClient({ transport: http(stack.local[0].rpcUrl) })
  })

  after(async () => {
    await stack?.stop()
    await coinbase?.close()
  })

  const modal = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const buyView = (selector) => modal(`w3m-onramp-providers-view ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()

  test('connects the dev wallet and offers Buy', async () => {
    await page.locator('w3m-button button').click()
    await modal(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click({
      timeout: STEP_TIMEOUT,
    })
    await page
      .waitForFunction(() => window.__openmodal.getAccount().status === 'connected', null, {
        timeout: STEP_TIMEOUT,
      })
      .catch(async (error) => {
        // Say where the connection stood, so a failure here names its step.
        const state = await page.evaluate(() => ({
          account: window.__openmodal.getAccount(),
          modal: window.__openmodal.getState(),
          view: document.querySelector('w3m-modal')?.shadowRoot?.querySelector('dialog')
            ?.textContent,
        }))
        throw new Error(`${error.message}\n${JSON.stringify(state)}`)
      })
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    const started = Date.now()
    await modal('w3m-account-view [data-feature="onramp"]').click({ timeout: STEP_TIMEOUT })
    await buyView('[part="amount-input"]').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
    console.log(`# click Buy → OnRamp view visible: ${Date.now() - started} ms`)
  })

  test('enforces the card limits: below 10 and above 7500', async () => {
    await buyView('[part="amount-input"]').fill('9')
    assert.equal(
      await text(buyView('[data-amount-error]')),
      'The minimum with this payment method is 10 USD',
    )
    await buyView('[part="amount-input"]').fill('7500.01')
    assert.equal(
      await text(buyView('[data-amount-error]')),
      'The maximum with this payment method is 7500 USD. Lower the amount or pay by bank transfer.',
    )
    assert.equal(await buyView('[data-provider]').count(), 0)
  })

  test('Pay in the sandbox popup credits the address; BuyInProgress lands on Account', async () => {
    const before = await client.getBalance({ address: ACCOUNT_0 })
    await buyView('[part="amount-input"]').fill('300')
    const provider = buyView('[data-provider="sandbox"]')
    await provider.waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await text(buyView('[data-provider="sandbox"] [data-fee]')), 'Fee 1% (3.00 USD)')
    const [popup] = await Promise.all([context.waitForEvent('page'), provider.click()])
    await popup.waitForURL(/\/onramp\/checkout\/onr_[0-9a-f]{32}$/, { timeout: STEP_TIMEOUT })
    // The checkout is the server's own page: no script, its amount checked there again.
    await popup.locator('#amount').fill('5')
    await popup.locator('button[type="submit"]').click()
    assert.equal(
      (await popup.locator('[role="alert"]').textContent()).trim(),
      'Card payments are 10 to 7500 USD',
    )
    await popup.locator('#amount').fill('300')
    await popup.locator('button[type="submit"]').click()
    await popup.locator('.done').waitFor({ timeout: STEP_TIMEOUT })
    await popup.close()

    await modal('w3m-account-view [data-balance]').waitFor({ timeout: PURCHASE_TIMEOUT })
    await page
      .locator('w3m-modal wui-toast [part="toast"]')
      .filter({ hasText: 'Purchase complete: 0.099 ETH arrived' })
      .waitFor({ timeout: PURCHASE_TIMEOUT })
    const after = await client.getBalance({ address: ACCOUNT_0 })
    assert.equal(after - before, parseEther('0.099'))
  })

  test('Activity lists the purchase, asked with onramp=, in place of its credit', async () => {
    // The credit is in the server's history first, so the tab's first page has it.
    const credited = await creditInHistory()
    await modal('w3m-account-view [role="tab"]:has-text("Activity")').click({
      timeout: STEP_TIMEOUT,
    })
    // The credit's own row may show first, until the `onramp=` answer puts the purchase in
    // its place: wait for the purchase's row, then check nothing else shows that amount.
    const row = modal('w3m-account-view [data-transaction]').filter({ hasText: '0.099' })
    const purchase = modal('w3m-account-view [data-transaction^="onr_"]').filter({
      hasText: '0.099',
    })
    await purchase.first().waitFor({ timeout: PURCHASE_TIMEOUT })
    assert.match(await row.first().getAttribute('data-transaction'), /^onr_[0-9a-f]{32}$/)
    assert.equal(await text(row.first().locator('[data-operation]')), 'Bought')
    assert.equal(await text(row.first().locator('[data-counterpart]')), 'Via Sandbox checkout')
    assert.equal(await text(row.first().locator('[data-amount]')), 'Received: +0.099 ETH')
    assert.equal(await text(row.first().locator('[data-status]')), 'Confirmed')
    assert.equal(await row.count(), 1, `the credit ${credited} is not listed a second time`)
  })

  test('a Coinbase purchase shows as pending, then failed once Coinbase says so', async () => {
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await modal('w3m-account-view [data-feature="onramp"]').click({ timeout: STEP_TIMEOUT })
    await buyView('[part="amount-input"]').fill('50')
    const provider = buyView('[data-provider="coinbase"]')
    await provider.waitFor({ timeout: STEP_TIMEOUT })
    const [popup] = await Promise.all([context.waitForEvent('page'), provider.click()])
    await popup.waitForURL(/\/buy\/select-asset\?/, { timeout: STEP_TIMEOUT })
    const id = new URL(popup.url()).searchParams.get('partnerUserRef')
    assert.match(id, /^onr_[0-9a-f]{32}$/)
    await popup.close()

    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await modal('w3m-account-view [role="tab"]:has-text("Activity")').click({
      timeout: STEP_TIMEOUT,
    })
    const row = modal(`w3m-account-view [data-transaction="${id}"]`)
    await row.locator('[data-status="pending"]').waitFor({ timeout: PURCHASE_TIMEOUT })
    assert.equal(await text(row.locator('[data-operation]')), 'Bought')
    assert.equal(await text(row.locator('[data-counterpart]')), 'Via Coinbase')
    assert.equal(await text(row.locator('[data-status]')), 'Pending')

    coinbase.complete(id, { status: 'FAILED' })
    await row.locator('[data-status="failed"]').waitFor({ timeout: PURCHASE_TIMEOUT })
    assert.equal(await text(row.locator('[data-status]')), 'Failed')
    assert.deepEqual(coinbase.refusals, [])
  })

  test('buys the test ERC-20 in EUR: the sandbox mints it, Activity lists the purchase', async () => {
    const token = stack.prepared
    const tokens = () =>
      client.readContract({
        address: token.address,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [ACCOUNT_0],
      })
    const before = await tokens()
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await modal('w3m-account-view [data-feature="onramp"]').click({ timeout: STEP_TIMEOUT })
    await buyView('[part="currency-select"]').selectOption('EUR', { timeout: STEP_TIMEOUT })
    await buyView('[part="asset-select"]').selectOption('TUSD')
    await buyView('[part="amount-input"]').fill('8000')
    assert.equal(
      await text(buyView('[data-amount-error]')),
      'The maximum with this payment method is 7500 EUR. Lower the amount or pay by bank transfer.',
    )
    await buyView('[part="amount-input"]').fill('50')
    const provider = buyView('[data-provider="sandbox"]')
    await provider.waitFor({ timeout: STEP_TIMEOUT })
    // 49.50 EUR at the sandbox's 1.08 USD/EUR, 1 USD/TUSD. Coinbase takes USD only.
    assert.equal(await text(provider.locator('[data-receive]')), 'You get about 53.46 TUSD')
    assert.equal(await buyView('[data-provider="coinbase"]').count(), 0)
    const [popup] = await Promise.all([context.waitForEvent('page'), provider.click()])
    await popup.waitForURL(/\/onramp\/checkout\/onr_[0-9a-f]{32}$/, { timeout: STEP_TIMEOUT })
    await popup.locator('button[type="submit"]').click()
    await popup.locator('.done').waitFor({ timeout: STEP_TIMEOUT })
    assert.match(await popup.locator('.done').textContent(), /53\.46 TUSD sent/)
    await popup.close()

    await page
      .locator('w3m-modal wui-toast [part="toast"]')
      .filter({ hasText: 'Purchase complete: 53.46 TUSD arrived' })
      .waitFor({ timeout: PURCHASE_TIMEOUT })
    assert.equal((await tokens()) - before, parseUnits('53.46', token.decimals))

    await modal('w3m-account-view [role="tab"]:has-text("Activity")').click({
      timeout: STEP_TIMEOUT,
    })
    const row = modal('w3m-account-view [data-transaction^="onr_"]').filter({
      hasText: '53.46',
    })
    await row.first().waitFor({ timeout: PURCHASE_TIMEOUT })
    assert.equal(await text(row.first().locator('[data-operation]')), 'Bought')
    assert.equal(await text(row.first().locator('[data-amount]')), 'Received: +53.460 TUSD')
    assert.equal(await text(row.first().locator('[data-status]')), 'Confirmed')
  })

  /** Waits until the server's history (the chain's, no `onramp=`) lists the sandbox's credit. */
  async function creditInHistory() {
    const url = new URL(`/v1/account/${ACCOUNT_0}/history`, stack.server.url)
    url.searchParams.set('projectId', 'demo')
    url.searchParams.set('chainId', 'eip155:31337')
    const ask = new URL(url)
    ask.searchParams.set('onramp', 'sandbox')
    const headers = { origin: stack.origin }
    const [purchase] = (await (await fetch(ask, { headers })).json()).data
    assert.ok(purchase?.metadata.hash, 'the sandbox purchase has its credit hash')
    const deadline = Date.now() + PURCHASE_TIMEOUT
    for (;;) {
      const { data } = await (await fetch(url, { headers })).json()
      if (data.some((t) => t.id.toLowerCase() === purchase.metadata.hash.toLowerCase())) {
        return purchase.metadata.hash
      }
      assert.ok(Date.now() < deadline, 'the indexer lists the credit')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
})
