// End to end on Solana (issue test 3): the local Solana cluster of @openmodal/testing (litesvm
// behind JSON-RPC, running the real Token and Associated Token programs), apps/server reading
// SOL and SPL balances from it, the demo with the Solana dev wallet, and Account → Send. Every
// balance is read on the cluster: the receiver gains exactly the amount, and the sender pays
// the network fee the preview showed (for a token sent to a wallet without a token account:
// the fee plus that account's rent). The Tokens tab follows without a reload. (Activity is an
// EVM feature, spec §9 "activity eip155": the Solana Account has no Activity tab.)
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { lamportsOf, SOL_ADDRESS, startSolanaDemo, tokenAmountOf } from './solana-page.mjs'

// Fresh accounts: a SOL transfer must leave a new one rent-exempt (litesvm enforces rent).
const RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
// Holds a token account of the test token (empty) before the send.
const HOLDER = '6AWbkyqn6s4ZARDPeZgGWXAKTbwTVVoeo1Z7mtR5yigr'
// Has nothing on the cluster: the send creates its associated token account.
const NEWCOMER = 'HVJJg1a8LuDXASnvvp9xzijyrXbGvzPC7Ta8tkXa6ueP'
const AIRDROP = 12_345_678_900n
const TOKEN = { name: 'Test SPL Token', symbol: 'TSPL', decimals: 6 }
const MINTED = 1_000_000n * 10n ** 6n
const STEP_TIMEOUT = 20_000

describe('Demo Send on Solana: SOL and an SPL token from Account → Send, checked on the cluster', () => {
  let demo
  let mint
  let rent

  before(async () => {
    demo = await startSolanaDemo({
      chainIds: [31337],
      timeout: STEP_TIMEOUT,
      prepare: async (rpc) => {
        await rpc.airdrop(SOL_ADDRESS, AIRDROP)
        mint = rpc.createMint({ decimals: TOKEN.decimals, mintAuthority: SOL_ADDRESS })
        rpc.mintTo(mint, SOL_ADDRESS, MINTED)
        rpc.mintTo(mint, HOLDER, 0n)
        // A Token program account: 165 bytes.
        rent = rpc.ledger.svm.minimumBalanceForRentExemption(165n)
        return { splTokens: [{ mint, name: TOKEN.name, symbol: TOKEN.symbol }] }
      },
    })
  })

  after(() => demo?.stop())

  const sendView = (selector) => demo.view(`w3m-wallet-send-view ${selector}`)
  const previewView = (selector) => demo.view(`w3m-wallet-send-preview-view ${selector}`)
  const lamports = (address) => lamportsOf(demo.rpc.rpcUrl, address)
  const tokens = (owner) => tokenAmountOf(demo.rpc.rpcUrl, owner, mint)
  const tokenRow = () => demo.view(`w3m-account-tokens [data-token="${demo.localnet}:${mint}"]`)

  /** Account → Send, with the send view's token button showing `symbol`. */
  async function openSend(symbol) {
    await demo.page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await demo.view('w3m-account-view [data-feature="send"]').click({ timeout: STEP_TIMEOUT })
    await sendView(`[data-token-symbol]:text-is("${symbol}")`).waitFor({ timeout: STEP_TIMEOUT })
  }

  /** Fills the draft, opens the preview and waits for its fee to read `fee`. */
  async function preview(amount, receiver, fee) {
    await sendView('[part="amount-input"]').fill(amount)
    await sendView('[part="receiver-input"]').fill(receiver)
    await sendView('[part="preview-button"]').click()
    await previewView('[data-fee]').filter({ hasText: fee }).waitFor({ timeout: STEP_TIMEOUT })
  }

  async function sendAndReturn(toast) {
    await previewView('[part="send-button"]').click()
    await demo.view('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await demo.text(demo.page.locator('w3m-modal wui-toast [part="toast"]')), toast)
  }

  test('sends 1.5 SOL: the receiver gains exactly that, the sender pays it plus the shown fee', async () => {
    await demo.connectSolana()
    await demo.page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await demo.view('w3m-account-view [data-feature="send"]').waitFor({ timeout: STEP_TIMEOUT })
    // Solana offers receive and send only where their views exist; no swaps (spec §9).
    const features = await demo
      .view('w3m-account-view [part="feature-button"]')
      .evaluateAll((all) => all.map((button) => button.dataset.feature))
    assert.ok(features.includes('send'), features.join())
    assert.ok(!features.includes('swaps'), features.join())
    await openSend('SOL')
    assert.equal(await demo.text(sendView('[data-balance]')), 'Balance: 12.345 SOL')
    await preview('1.5', RECEIVER, '0.000005 SOL')
    assert.equal(await demo.text(previewView('[data-amount]')), '1.5 SOL')
    assert.equal(await demo.text(previewView('[data-network]')), 'Solana Localnet')
    const [senderBefore, receiverBefore] = [await lamports(SOL_ADDRESS), await lamports(RECEIVER)]
    await sendAndReturn('Success: Sent 1.5 SOL')
    assert.equal((await lamports(RECEIVER)) - receiverBefore, 1_500_000_000n)
    assert.equal(senderBefore - (await lamports(SOL_ADDRESS)), 1_500_000_000n + 5_000n)
    assert.deepEqual(demo.pageErrors, [])
  })

  test('Tokens lists the SPL token from the server; Solana has no Activity tab (spec §9)', async () => {
    // One tab only (Tokens), so no tab bar: the list itself.
    assert.equal(await demo.text(tokenRow().locator('[data-amount]')), '1,000,000.000 TSPL')
    assert.equal(await demo.view('w3m-account-view [data-tab]').count(), 0)
  })

  test('sends 2.5 TSPL to a wallet with a token account: transferChecked, the fee for one signature', async () => {
    await openSend('SOL')
    await sendView('[part="token-button"]').click()
    await demo
      .view(`w3m-wallet-send-select-token-view [data-token="${demo.localnet}:${mint}"]`)
      .click({ timeout: STEP_TIMEOUT })
    await sendView('[data-token-symbol]:text-is("TSPL")').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await demo.text(sendView('[data-balance]')), 'Balance: 1,000,000.000 TSPL')
    assert.deepEqual(await tokens(HOLDER), { amount: 0n, accounts: 1 })
    await preview('2.5', HOLDER, '0.000005 SOL')
    assert.equal(await demo.text(previewView('[data-amount]')), '2.5 TSPL')
    const solBefore = await lamports(SOL_ADDRESS)
    await sendAndReturn('Success: Sent 2.5 TSPL')
    assert.deepEqual(await tokens(HOLDER), { amount: 2_500_000n, accounts: 1 })
    assert.equal((await tokens(SOL_ADDRESS)).amount, MINTED - 2_500_000n)
    assert.equal(solBefore - (await lamports(SOL_ADDRESS)), 5_000n)
    // The Tokens tab shows the new balance without a reload.
    await tokenRow()
      .locator('[data-amount]')
      .filter({ hasText: '999,997.500 TSPL' })
      .waitFor({ timeout: STEP_TIMEOUT })
    assert.deepEqual(demo.pageErrors, [])
  })

  test('sends 0.000001 TSPL to a wallet without one: its account is created, its rent in the fee shown', async () => {
    assert.deepEqual(await tokens(NEWCOMER), { amount: 0n, accounts: 0 })
    await openSend('SOL')
    await sendView('[part="token-button"]').click()
    await demo
      .view(`w3m-wallet-send-select-token-view [data-token="${demo.localnet}:${mint}"]`)
      .click({ timeout: STEP_TIMEOUT })
    await sendView('[data-token-symbol]:text-is("TSPL")').waitFor({ timeout: STEP_TIMEOUT })
    const fee = 5_000n + rent
    // 2,044,280 lamports: 0.00204428 SOL, shown with all its decimals.
    await preview('0.000001', NEWCOMER, `${Number(fee) / 1e9} SOL`)
    const solBefore = await lamports(SOL_ADDRESS)
    await sendAndReturn('Success: Sent 0.000001 TSPL')
    assert.deepEqual(await tokens(NEWCOMER), { amount: 1n, accounts: 1 })
    assert.equal((await tokens(SOL_ADDRESS)).amount, MINTED - 2_500_001n)
    // What the preview showed is what the sender's SOL balance lost.
    assert.equal(solBefore - (await lamports(SOL_ADDRESS)), fee)
    await tokenRow()
      .locator('[data-amount]')
      .filter({ hasText: '999,997.499 TSPL' })
      .waitFor({ timeout: STEP_TIMEOUT })
    assert.deepEqual(demo.pageErrors, [])
  })
})
