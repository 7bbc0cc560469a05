// End to end on Solana: the local Solana cluster of @openmodal/testing (litesvm behind JSON-RPC),
// the demo with the Solana dev wallet, and Account → Send. The recipient's balance is read on the
// cluster: it grows by exactly the amount, and the sender pays the fee the preview showed.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startChains, startSolanaRpc } from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { startPreview, startTogether } from './preview.mjs'

const SOLANA_WALLET = 'OpenModal Solana Dev Wallet'
const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'
// A fresh account: the transfer must leave it rent-exempt (litesvm enforces rent).
const RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const AIRDROP = 12_345_678_900n
const STEP_TIMEOUT = 10_000

describe('Demo Send on Solana: SOL from Account → Send, checked on the cluster', () => {
  let rpc
  let chains
  let preview
  let browser
  let page
  const pageErrors = []

  const lamportsOf = async (address) => {
    const response = await fetch(rpc.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
    })
    const body = await response.json()
    if (body.error) throw new Error(body.error.message)
    return BigInt(body.result.value)
  }

  before(async () => {
    ;[rpc, chains, preview, browser] = await startTogether([
      startSolanaRpc(),
      startChains({ chainIds: [31337] }),
      startPreview(),
      chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true }),
    ])
    await rpc.airdrop(SOL_ADDRESS, AIRDROP)
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
    page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error))
    const local = chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
    await context.addInitScript(
      ({ local, solana }) => {
        window.__openmodalDemo = { chains: local, devWallet: true, solana }
      },
      { local, solana: { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash } },
    )
    await page.goto(preview.origin)
  })

  after(async () => {
    // The page's web3.js WebSocket first, then the servers (it retries while the page lives).
    await browser?.close()
    await Promise.all([preview?.stop(), chains?.stop(), rpc?.stop()])
  })

  const modal = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const sendView = (selector) => modal(`w3m-wallet-send-view ${selector}`)
  const previewView = (selector) => modal(`w3m-wallet-send-preview-view ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()

  test('sends 1.5 SOL: the receiver gains exactly that, the sender pays it plus the shown fee', async () => {
    await page.locator('w3m-button button').click()
    await modal(`w3m-connect-view button[data-id="${SOLANA_WALLET}"]`).click({
      timeout: STEP_TIMEOUT,
    })
    await page.waitForFunction(
      () => window.__openmodal.getAccount('solana').status === 'connected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await modal('w3m-account-view [data-feature="send"]').waitFor({ timeout: STEP_TIMEOUT })
    // Solana offers receive and send only where their views exist; no swaps (spec §9).
    const features = await modal('w3m-account-view [part="feature-button"]').evaluateAll((all) =>
      all.map((button) => button.dataset.feature),
    )
    assert.ok(features.includes('send'), features.join())
    assert.ok(!features.includes('swaps'), features.join())
    await modal('w3m-account-view [data-feature="send"]').click()
    await page.waitForFunction(
      () =>
        document
          .querySelector('w3m-modal')
          ?.shadowRoot?.querySelector('w3m-router')
          ?.shadowRoot?.querySelector('w3m-wallet-send-view')
          ?.shadowRoot?.querySelector('[data-token-symbol]')
          ?.textContent?.trim() === 'SOL',
      null,
      { timeout: STEP_TIMEOUT },
    )
    assert.equal(await text(sendView('[data-balance]')), 'Balance: 12.345 SOL')
    await sendView('[part="amount-input"]').fill('1.5')
    await sendView('[part="receiver-input"]').fill(RECEIVER)
    await sendView('[part="preview-button"]').click()
    await previewView('[data-fee]').filter({ hasText: '0.000005 SOL' }).waitFor({
      timeout: STEP_TIMEOUT,
    })
    assert.equal(await text(previewView('[data-amount]')), '1.5 SOL')
    assert.equal(await text(previewView('[data-network]')), 'Solana Localnet')
    const [senderBefore, receiverBefore] = [
      await lamportsOf(SOL_ADDRESS),
      await lamportsOf(RECEIVER),
    ]
    await previewView('[part="send-button"]').click()
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(
      await text(page.locator('w3m-modal wui-toast [part="toast"]')),
      'Success: Sent 1.5 SOL',
    )
    assert.equal((await lamportsOf(RECEIVER)) - receiverBefore, 1_500_000_000n)
    assert.equal(senderBefore - (await lamportsOf(SOL_ADDRESS)), 1_500_000_000n + 5_000n)
    assert.deepEqual(pageErrors, [])
  })
})
