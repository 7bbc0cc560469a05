// End to end, the way `pnpm demo` runs: two anvil chains, apps/server (its own PGlite in a
// temporary directory, the `demo` project on those chains, the indexer polling every 250 ms) as
// a child process, and the built demo (`vite preview`) serving both to the page through
// `/__openmodal/local.json`, which injects the dev wallet itself. A transfer sent with the dev
// wallet shows in the Account view's Activity tab, and Tokens shows the chain's balance.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createPublicClient, formatEther, http, parseEther } from 'viem'
import { waitForText } from './modal.mjs'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const AMOUNT = '1.2345' // ETH sent; Activity shows it truncated to 3 decimals
const STEP_TIMEOUT = 20_000
// Generous: the Activity tab polls every 4 s and the indexer every 250 ms here.
const ACTIVITY_TIMEOUT = 30_000

const truncateAddress = (address) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** '1234.5678' → '1,234.567' (spec §5: 3 decimals, truncated; grouped as English groups). */
function truncate3(decimal) {
  const [integer, fraction = ''] = decimal.split('.')
  return `${BigInt(integer).toLocaleString('en')}.${fraction.slice(0, 3).padEnd(3, '0')}`
}

describe('Demo Activity: a dev-wallet transfer shows in Account, end to end', () => {
  let stack
  let chains
  let page
  let sent
  let pageErrors

  before(async () => {
    stack = await startStack({
      // The demo page's project (its projectId is `demo`), on this test's chains.
      server: {
        project: { features: { activity: true } },
        env: { OPENMODAL_INDEXER_POLL_MS: '250' },
      },
      // What `pnpm demo` hands the page (scripts/demo.mjs): the chains and the server's URL.
      demo: ({ local, server }) => ({ chains: local, apiUrl: server.url }),
      demoEnv: true,
      viewport: { width: 1024, height: 900 },
      goto: '/',
    })
    ;({ chains, page, pageErrors } = stack)
  })

  after(() => stack?.stop())

  const view = (selector) => page.locator(`w3m-modal dialog w3m-account-view ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()
  const chainBalance = () =>
    createPublicClient({ transport: http(chains.chains[0].rpcUrl) }).getBalance({
      address: ACCOUNT_0,
    })

  async function openAccount() {
    await page.evaluate(() => window.__openmodal.open())
    await page
      .locator('w3m-modal dialog w3m-account-view')
      .waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
  }

  async function nativeTokenAmount() {
    const amount = view('w3m-account-tokens [data-token="native:eip155:31337"] [data-amount]')
    await amount.waitFor({ timeout: STEP_TIMEOUT })
    return text(amount)
  }

  test('the dev wallet the demo injects connects; Tokens shows the chain balance from the server', async () => {
    await page.locator('w3m-button button').click()
    await page
      .locator(`w3m-modal dialog w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`)
      .click({ timeout: STEP_TIMEOUT })
    await page.waitForFunction(() => window.__openmodal.getAccount().status === 'connected', null, {
      timeout: STEP_TIMEOUT,
    })
    assert.equal(await page.evaluate(() => window.__openmodal.getAccount().address), ACCOUNT_0)
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })

    await openAccount()
    assert.equal(await text(view('[data-address]')), truncateAddress(ACCOUNT_0))
    assert.equal(await text(view('[data-tab="tokens"]')), 'Tokens')
    const wei = await chainBalance()
    assert.equal(await nativeTokenAmount(), `${truncate3(formatEther(wei))} ETH`)
  })

  test('a transfer sent through the page provider shows in Activity (direction, amount, counterpart)', async () => {
    await view('[data-tab="activity"]').click()
    const activity = view('w3m-account-activity')
    // A fresh chain: nothing sent from this account yet.
    await activity.locator('[data-state="empty"]').waitFor({ timeout: ACTIVITY_TIMEOUT })

    const { hash } = await page.evaluate(
      async ({ to, value }) => {
        const provider = window.__openmodal.getProvider('eip155')
        const [from] = await provider.request({ method: 'eth_accounts' })
        const hash = await provider.request({
          method: 'eth_sendTransaction',
          params: [{ from, to, value }],
        })
        return { hash }
      },
      { to: ACCOUNT_1, value: `0x${parseEther(AMOUNT).toString(16)}` },
    )
    const sentAt = Date.now()
    assert.match(hash, /^0x[0-9a-f]{64}$/)
    const receipt = await createPublicClient({
      transport: http(chains.chains[0].rpcUrl),
    }).waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')

    const row = activity.locator('[part="transaction"]').first()
    await row.waitFor({ timeout: ACTIVITY_TIMEOUT })
    const elapsed = Date.now() - sentAt
    console.log(`# transfer → Activity row: ${elapsed} ms`)
    sent = { hash, elapsed }

    assert.equal(await activity.locator('[part="transaction"]').count(), 1)
    assert.equal(await row.getAttribute('data-transaction').then(Boolean), true)
    assert.equal(await text(row.locator('[data-operation]')), 'Sent')
    assert.equal(await text(row.locator('[data-counterpart]')), `To ${truncateAddress(ACCOUNT_1)}`)
    const amount = row.locator('[data-amount]')
    assert.equal(await amount.getAttribute('class'), 'title amount-out')
    assert.equal(await text(amount), 'Sent: −1.234 ETH')
    assert.equal(await row.locator('[data-status]').getAttribute('data-status'), 'confirmed')
    // Grouped under this month (the chain's clock is the machine's).
    const now = new Date()
    const month = activity.locator(`section[data-month="${now.getFullYear()}-${now.getMonth()}"]`)
    assert.equal(
      await text(month.locator('h3')),
      new Intl.DateTimeFormat('en', { month: 'long' }).format(now),
    )
  })

  test('after the transfer, Tokens shows the new balance the chain reports', async () => {
    assert.ok(sent, 'the transfer of the previous test')
    await view('[data-tab="tokens"]').click()
    const wei = await chainBalance()
    const expected = `${truncate3(formatEther(wei))} ETH`
    await waitForText(
      view('w3m-account-tokens [data-token="native:eip155:31337"] [data-amount]'),
      expected,
      { timeout: ACTIVITY_TIMEOUT },
    ).catch(async (error) => {
      throw new Error(`Tokens shows ${await nativeTokenAmount()}, the chain ${expected}`, {
        cause: error,
      })
    })
    assert.deepEqual(pageErrors, [])
  })
})
