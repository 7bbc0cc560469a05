// End to end, the way `pnpm demo` runs: anvil, apps/server (its own PGlite, the `demo` project
// with the sandbox on-ramp, the indexer polling every 250 ms) and the built demo with the dev
// wallet. A visitor buys ETH from Account → Buy: the card limits show, the sandbox checkout
// opens in a popup, Pay credits the address on anvil, BuyInProgress lands on Account, and
// Activity lists the credit. The chain is read directly to check the amount.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createPublicClient, http, parseEther } from 'viem'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const STEP_TIMEOUT = 20_000
// BuyInProgress asks every 4 s (spec §9); the Activity tab polls every 4 s too.
const PURCHASE_TIMEOUT = 30_000

describe('Demo on-ramp: buy ETH through the sandbox checkout, credited on anvil', () => {
  let stack
  let context
  let page
  let client

  before(async () => {
    stack = await startStack({
      chainIds: [31337],
      server: {
        project: { features: { activity: true, onramp: true }, onramp: { sandbox: true } },
        env: { OPENMODAL_INDEXER_POLL_MS: '250' },
      },
      demo: ({ local, server }) => ({ chains: local, apiUrl: server.url }),
      demoEnv: true,
      viewport: { width: 1024, height: 900 },
      goto: '/',
    })
    ;({ context, page } = stack)
    client = createPublicClient({ transport: http(stack.local[0].rpcUrl) })
  })

  after(() => stack?.stop())

  const modal = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const buyView = (selector) => modal(`w3m-onramp-providers-view ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()

  test('connects the dev wallet and offers Buy', async () => {
    await page.locator('w3m-button button').click()
    await modal(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click({
      timeout: STEP_TIMEOUT,
    })
    await page.waitForFunction(() => window.__openmodal.getAccount().status === 'connected', null, {
      timeout: STEP_TIMEOUT,
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

  test('Activity lists the credit', async () => {
    await modal('w3m-account-view [role="tab"]:has-text("Activity")').click({
      timeout: STEP_TIMEOUT,
    })
    await modal('w3m-account-view [data-transaction]')
      .filter({ hasText: '0.099' })
      .first()
      .waitFor({ timeout: PURCHASE_TIMEOUT })
  })
})
