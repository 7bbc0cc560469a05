// End to end, the way `pnpm demo` runs: anvil with the test ERC-20 (TUSD), apps/server (its own
// PGlite, the `demo` project on that chain, the indexer polling every 250 ms) and the built demo,
// which injects the dev wallet. A visitor sends ETH and TUSD from Account → Send; the chain is
// read directly to check that exactly the amount moved.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { TEST_TOKEN_ABI } from '@openmodal/testing'
import { deployTestToken } from '@openmodal/testing/node'
import { createPublicClient, encodeFunctionData, formatEther, http, parseEther } from 'viem'
import { waitForText } from './modal.mjs'
import { rpc } from './preview.mjs'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
// Code that reverts on any call: PUSH1 0, PUSH1 0, REVERT.
const REVERT_CODE = '0x60006000fd'
const STEP_TIMEOUT = 20_000
// The Activity tab polls every 4 s and the indexer every 250 ms here.
const ACTIVITY_TIMEOUT = 30_000

describe('Demo Send: ETH and an ERC-20 from Account → Send, checked on anvil', () => {
  let stack
  let chains
  let token
  let context
  let page
  let client
  let pageErrors

  before(async () => {
    stack = await startStack({
      chainIds: [31337],
      prepare: ({ chains }) => deployTestToken(chains.chains[0].rpcUrl),
      server: {
        project: { features: { activity: true } },
        chains: ({ local, prepared }) => [
          {
            caipNetworkId: `eip155:${local[0].chainId}`,
            rpcUrls: [local[0].rpcUrl],
            tokens: [prepared.address],
          },
        ],
        env: { OPENMODAL_INDEXER_POLL_MS: '250' },
      },
      demo: ({ local, prepared, server }) => ({
        chains: local,
        token: prepared.address,
        apiUrl: server.url,
      }),
      demoEnv: true,
      viewport: { width: 1024, height: 900 },
      goto: '/',
    })
    ;({ chains, context, page, pageErrors } = stack)
    token = stack.prepared
    client = createPublicClient({ transport: http(stack.local[0].rpcUrl) })
  })

  after(() => stack?.stop())

  const modal = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const sendView = (selector) => modal(`w3m-wallet-send-view ${selector}`)
  const previewView = (selector) => modal(`w3m-wallet-send-preview-view ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()
  const ethOf = (address) => client.getBalance({ address })
  const tusdOf = (address) =>
    client.readContract({
      address: token.address,
      abi: TEST_TOKEN_ABI,
      functionName: 'balanceOf',
      args: [address],
    })
  const nonce = () => client.getTransactionCount({ address: ACCOUNT_0 })
  const wallet = (fn) => page.evaluate(`(${fn})(window.__openmodalDevWallet.wallet)`)

  async function openSend() {
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    const button = modal('w3m-account-view [data-feature="send"]')
    await button.waitFor({ timeout: STEP_TIMEOUT })
    const started = Date.now()
    await button.click()
    await sendView('[part="amount-input"]').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
    const elapsed = Date.now() - started
    // The native token is picked once the balances arrive.
    await waitForText(sendView('[data-token-symbol]'), 'ETH', { timeout: STEP_TIMEOUT })
    return elapsed
  }

  async function pickToken(symbol) {
    await sendView('[part="token-button"]').click()
    await modal(`w3m-wallet-send-select-token-view [part="token"]:has-text("${symbol}")`)
      .first()
      .click({ timeout: STEP_TIMEOUT })
    await sendView('[part="amount-input"]').waitFor({ timeout: STEP_TIMEOUT })
  }

  async function fill(amount, receiver) {
    await sendView('[part="amount-input"]').fill(amount)
    await sendView('[part="receiver-input"]').fill(receiver)
    await sendView('[part="preview-button"]').click()
    await previewView('[data-fee]').waitFor({ timeout: STEP_TIMEOUT })
    // The fee is estimated on the chain before Send is offered.
    await waitForText(previewView('[data-fee]'), /ETH$/, { timeout: STEP_TIMEOUT })
  }

  const toast = () => page.locator('w3m-modal wui-toast [part="toast"]')

  test('connects the dev wallet the demo injects', async () => {
    const started = Date.now()
    await page.locator('w3m-button button').click()
    await modal(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).waitFor({
      state: 'visible',
      timeout: STEP_TIMEOUT,
    })
    console.log(`# click Connect → Connect view visible: ${Date.now() - started} ms`)
    await modal(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
    await page.waitForFunction(() => window.__openmodal.getAccount().status === 'connected', null, {
      timeout: STEP_TIMEOUT,
    })
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
  })

  test('the validation texts show before the wallet is asked', async () => {
    await openSend()
    await sendView('[part="preview-button"]').click()
    assert.equal(
      await text(sendView('[part="status"]')),
      'An amount and receiver address are required',
    )
    await sendView('[part="amount-input"]').fill('0.0000000000000000001')
    assert.equal(
      await text(sendView('[part="status"]')),
      'Amount 0.0000000000000000001 has more decimal places than the token allows (18)',
    )
    await sendView('[part="amount-input"]').fill('20000')
    assert.equal(await text(sendView('[part="status"]')), 'Insufficient balance')
    await sendView('[part="amount-input"]').fill('1')
    await sendView('[part="receiver-input"]').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C')
    await sendView('[part="status"]')
      .filter({ hasText: 'Invalid receiver address' })
      .waitFor({ timeout: STEP_TIMEOUT })
    await page.evaluate(() => window.__openmodal.close())
  })

  test('1. ETH: the receiver gains exactly the amount; Tokens and Activity show it', async () => {
    const amount = '1.2345'
    const started = Date.now()
    const [before, nonceBefore] = await Promise.all([ethOf(ACCOUNT_1), nonce()])
    const opened = await openSend()
    console.log(`# click Send → Send view visible: ${opened} ms`)
    await fill(amount, ACCOUNT_1)
    assert.equal(await text(previewView('[data-amount]')), `${amount} ETH`)
    await previewView('[part="send-button"]').click()
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await text(toast()), `Success: Sent ${amount} ETH`)
    assert.equal((await ethOf(ACCOUNT_1)) - before, parseEther(amount))
    assert.equal(await nonce(), nonceBefore + 1)

    // The sender's Tokens tab shows the chain's new balance, without a reload.
    const expected = formatEther(await ethOf(ACCOUNT_0))
    const [integer, fraction = ''] = expected.split('.')
    const shown = `${Number(integer).toLocaleString('en')}.${fraction.slice(0, 3).padEnd(3, '0')} ETH`
    const native = modal('w3m-account-tokens [data-token="native:eip155:31337"] [data-amount]')
    await native.filter({ hasText: shown }).waitFor({ timeout: ACTIVITY_TIMEOUT })
    // And Activity lists the transfer.
    await modal('w3m-account-view [data-tab="activity"]').click()
    // The indexer may list the page's earlier rows (the TUSD mint) before it has seen the send:
    // wait for the send's row (1.2345 shown truncated, spec §5), then check it is the newest.
    const rows = modal('w3m-account-activity [part="transaction"]')
    await rows
      .locator('[data-amount]')
      .filter({ hasText: 'Sent: −1.234 ETH' })
      .waitFor({ timeout: ACTIVITY_TIMEOUT })
    assert.equal(await text(rows.first().locator('[data-amount]')), 'Sent: −1.234 ETH')
    console.log(`# test 1 end to end (open Send → Activity row): ${Date.now() - started} ms`)
    await modal('w3m-account-view [data-tab="tokens"]').click()
  })

  test('2. TUSD (ERC-20 transfer): the receiver gains exactly the amount', async () => {
    const before = await tusdOf(ACCOUNT_1)
    await openSend()
    await pickToken('TUSD')
    assert.equal(await text(sendView('[data-token-symbol]')), 'TUSD')
    await sendView('[part="amount-input"]').fill('12.5000001')
    assert.equal(
      await text(sendView('[part="status"]')),
      'Amount 12.5000001 has more decimal places than the token allows (6)',
    )
    await fill('12.5', ACCOUNT_1)
    assert.equal(await text(previewView('[data-amount]')), '12.5 TUSD')
    await previewView('[part="send-button"]').click()
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await text(toast()), 'Success: Sent 12.5 TUSD')
    assert.equal((await tusdOf(ACCOUNT_1)) - before, 12_500_000n)
    const tusd = modal('w3m-account-tokens [part="token"]').filter({ hasText: 'TUSD' })
    await tusd
      .locator('[data-amount]')
      .filter({ hasText: '999,987.500 TUSD' })
      .waitFor({ timeout: ACTIVITY_TIMEOUT })
  })

  test('3. TUSD paid from outside the page: Tokens shows it without a click', async () => {
    // ACCOUNT_1 (unlocked on anvil) pays from Node; the page does nothing. The Tokens tab reads
    // the server's balances again every 4 s while it shows.
    const shown = modal('w3m-account-tokens [part="token"]')
      .filter({ hasText: 'TUSD' })
      .locator('[data-amount]')
    await shown.filter({ hasText: '999,987.500 TUSD' }).waitFor({ timeout: STEP_TIMEOUT })
    const hash = await rpc(chains.chains[0].rpcUrl, 'eth_sendTransaction', [
      {
        from: ACCOUNT_1,
        to: token.address,
        data: encodeFunctionData({
          abi: TEST_TOKEN_ABI,
          functionName: 'transfer',
          args: [ACCOUNT_0, 2_500_000n],
        }),
      },
    ])
    await client.waitForTransactionReceipt({ hash })
    const paid = Date.now()
    // One polling interval and the read; 12 s leaves room on a loaded machine.
    await shown.filter({ hasText: '999,990.000 TUSD' }).waitFor({ timeout: 12_000 })
    console.log(`# outside TUSD payment → Tokens: ${Date.now() - paid} ms`)
  })

  test('4. the wallet declines: "Signature declined", the draft stays, nothing is sent', async () => {
    const before = await nonce()
    await openSend()
    await fill('0.5', ACCOUNT_1)
    await wallet((w) => w.rejectNext(4001, { method: 'eth_sendTransaction' }))
    await previewView('[part="send-button"]').click()
    await previewView('[data-error]').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await text(previewView('[data-error]')), 'Signature declined')
    assert.equal(await nonce(), before)
    await previewView('[part="cancel-button"]').click()
    assert.equal(await sendView('[part="amount-input"]').inputValue(), '0.5')
    assert.equal(await sendView('[part="receiver-input"]').inputValue(), ACCOUNT_1)
  })

  test('6. offline during send: paused, then sent once when back online', async () => {
    const [before, nonceBefore] = await Promise.all([ethOf(ACCOUNT_1), nonce()])
    // The draft of the previous test is still there: straight to Preview.
    await sendView('[part="preview-button"]').click()
    await previewView('[data-fee]').waitFor({ timeout: STEP_TIMEOUT })
    await previewView('[data-fee-loading]').waitFor({ state: 'detached', timeout: STEP_TIMEOUT })
    await context.setOffline(true)
    await previewView('[part="send-button"]').click()
    await previewView('[data-signing]').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(
      await text(previewView('[data-signing]')),
      'Offline: the send goes out once you are back online',
    )
    await page.waitForTimeout(500)
    assert.equal(await nonce(), nonceBefore, 'nothing is sent while offline')
    await context.setOffline(false)
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await nonce(), nonceBefore + 1, 'exactly one transaction')
    assert.equal((await ethOf(ACCOUNT_1)) - before, parseEther('0.5'))
  })

  test('5. a transaction that reverts on chain: failed toast, Activity shows it failed', async () => {
    const url = chains.chains[0].rpcUrl
    await openSend()
    await fill('0.25', ACCOUNT_2)
    // Mined only when the test says so: the wallet estimates against the plain account, then
    // the receiver becomes a contract that reverts before the block is mined.
    await rpc(url, 'evm_setAutomine', [false])
    try {
      const pending = await nonce()
      await previewView('[part="send-button"]').click()
      await page.waitForFunction(
        async ({ url, pending }) => {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'eth_getTransactionCount',
              params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'pending'],
            }),
          })
          return Number((await response.json()).result) > pending
        },
        { url, pending },
        { timeout: STEP_TIMEOUT, polling: 100 },
      )
      await rpc(url, 'anvil_setCode', [ACCOUNT_2, REVERT_CODE])
      await rpc(url, 'evm_mine', [])
    } finally {
      await rpc(url, 'evm_setAutomine', [true])
    }
    await toast().filter({ hasText: 'The transaction failed' }).waitFor({ timeout: STEP_TIMEOUT })
    await rpc(url, 'anvil_setCode', [ACCOUNT_2, '0x'])
    assert.equal(await text(previewView('[data-error]')), 'The transaction failed')
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await modal('w3m-account-view [data-tab="activity"]').click()
    const failed = modal('w3m-account-activity [part="transaction"] [data-status="failed"]')
    await failed.first().waitFor({ timeout: ACTIVITY_TIMEOUT })
    assert.deepEqual(pageErrors, [])
  })
})
