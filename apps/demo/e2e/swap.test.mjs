// End to end, the way `pnpm demo` runs: anvil with Uniswap V2 (factory, WETH9, Router02 and two
// test tokens pooled with ETH, 1 ETH ≈ 3000 TUSD), apps/server (its own PGlite, the `demo`
// project swapping on that chain through the router) and the built demo, which injects the dev
// wallet. A visitor swaps ETH → TUSD (one wallet step) and TUSD → TDAI (approve, then swap)
// from Account → Swap; the chain is read directly to check what moved.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { deployTestToken, TEST_TOKEN_ABI } from '@openmodal/testing'
import { deployUniswapV2 } from '@openmodal/testing/node'
import { createPublicClient, encodeFunctionData, http, parseEther, parseUnits } from 'viem'
import { rpc } from './preview.mjs'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const STEP_TIMEOUT = 30_000
const SWAP_NATIVE_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const ETH = { symbol: 'ETH', address: SWAP_NATIVE_ADDRESS }
// The Activity tab polls every 4 s and the indexer every 250 ms here.
const ACTIVITY_TIMEOUT = 30_000

describe('Demo Swap: Account → Swap against Uniswap V2 on anvil', () => {
  let stack
  let page
  let client
  let uniswap

  before(async () => {
    stack = await startStack({
      chainIds: [31337],
      // LONE: a token the router lists but no pool holds (no liquidity for any pair).
      prepare: async ({ chains }) => ({
        ...(await deployUniswapV2(chains.chains[0].rpcUrl)),
        lonely: await deployTestToken(chains.chains[0].rpcUrl, { name: 'Lonely', symbol: 'LONE' }),
      }),
      server: {
        project: { features: { activity: true } },
        chains: ({ local, prepared }) => [
          {
            caipNetworkId: `eip155:${local[0].chainId}`,
            rpcUrls: [local[0].rpcUrl],
            tokens: prepared.tokens.map((token) => token.address),
            swap: {
              provider: 'uniswap-v2',
              router: prepared.router,
              tokens: [...prepared.tokens, prepared.lonely].map((token) => token.address),
            },
          },
        ],
        env: { OPENMODAL_INDEXER_POLL_MS: '250' },
      },
      demo: ({ local, prepared, server }) => ({
        chains: local,
        token: prepared.tokens[0].address,
        apiUrl: server.url,
      }),
      demoEnv: true,
      viewport: { width: 1024, height: 900 },
      goto: '/',
    })
    ;({ page } = stack)
    uniswap = stack.prepared
    client = createPublicClient({ transport: http(stack.local[0].rpcUrl) })
  })

  after(() => stack?.stop())

  const modal = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const swapView = (selector) => modal(`w3m-swap-view ${selector}`)
  const previewView = (selector) => modal(`w3m-swap-preview-view ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()
  const balanceOf = (token) =>
    client.readContract({
      address: token.address,
      abi: TEST_TOKEN_ABI,
      functionName: 'balanceOf',
      args: [ACCOUNT_0],
    })

  async function openSwap() {
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    const button = modal('w3m-account-view [data-feature="swaps"]')
    await button.waitFor({ timeout: STEP_TIMEOUT })
    const started = Date.now()
    await button.click()
    await swapView('[part="from-token"]').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
    return Date.now() - started
  }

  /** Picks both tokens as a visitor does: each chip opens SwapSelectToken, search, then a row. */
  async function pickTokens(from, to) {
    for (const [side, token] of [
      ['from', from],
      ['to', to],
    ]) {
      await swapView(`[part="${side}-token"]`).click()
      const picker = (selector) => modal(`w3m-swap-select-token-view ${selector}`)
      await picker('[part="search-input"]').fill(token.symbol)
      await picker(`[part="token"][data-token="${token.address}" i]`).click({
        timeout: STEP_TIMEOUT,
      })
      await swapView(`[part="${side}-token"][data-token="${token.address}" i]`).waitFor({
        timeout: STEP_TIMEOUT,
      })
    }
  }

  async function quoteAndReview(amount) {
    await swapView('[part="amount-input"]').fill(amount)
    await swapView('[data-detail="minimum"]').waitFor({ timeout: STEP_TIMEOUT })
    const review = swapView('[part="review-button"]:not([disabled])')
    await review.waitFor({ timeout: STEP_TIMEOUT })
    await review.click()
    await previewView('[data-minimum]').waitFor({ timeout: STEP_TIMEOUT })
  }

  test('connects the dev wallet the demo injects', async () => {
    await page.locator('w3m-button button').click()
    await modal(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click({
      timeout: STEP_TIMEOUT,
    })
    await page.waitForFunction(() => window.__openmodal.getAccount().status === 'connected', null, {
      timeout: STEP_TIMEOUT,
    })
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
  })

  test('1. ETH → TUSD: one wallet step, received at least the minimum', async () => {
    const [tusd] = uniswap.tokens
    const before = await balanceOf(tusd)
    const opened = await openSwap()
    console.log(`# click Swap → Swap view visible: ${opened} ms`)
    await pickTokens(ETH, tusd)
    await quoteAndReview('0.1')
    assert.equal(await previewView('[data-step="approve"]').count(), 0)
    const minimum = parseUnits(
      (await text(previewView('[data-minimum]'))).split(' ')[0].replaceAll(',', ''),
      tusd.decimals,
    )
    await previewView('[part="confirm-button"]').click()
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    const gained = (await balanceOf(tusd)) - before
    assert.ok(gained >= minimum, `gained ${gained}, minimum ${minimum}`)
    assert.ok(gained > 0n)
  })

  test('2. TUSD → TDAI: approve, then swap, each labelled', async () => {
    const [tusd, tdai] = uniswap.tokens
    const before = await balanceOf(tdai)
    const sold = await balanceOf(tusd)
    await openSwap()
    await pickTokens(tusd, tdai)
    await quoteAndReview('25')
    assert.match(
      await text(previewView('[data-step="approve"]')),
      /^Step 1: allow the swap to spend 25 TUSD/,
    )
    assert.match(await text(previewView('[data-step="swap"]')), /^Step 2: swap TUSD for TDAI/)
    await previewView('[part="confirm-button"]').click()
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(sold - (await balanceOf(tusd)), parseUnits('25', tusd.decimals))
    assert.ok((await balanceOf(tdai)) > before)
    // Activity lists the swap: one "Swapped" row with both legs. (The pools' funding is a
    // "Swapped" row with TUSD and TDAI too: wait for the one that sold these 25 TUSD, which
    // the indexer may list a poll after the page's first rows.)
    await modal('w3m-account-view [data-tab="activity"]').click()
    const swapped = modal('w3m-account-activity [part="transaction"]')
      .filter({ has: page.locator('[data-operation]', { hasText: 'Swapped' }) })
      .filter({ has: page.locator('[data-amount]', { hasText: 'Sent: −25.000 TUSD' }) })
      .first()
    await swapped.waitFor({ timeout: ACTIVITY_TIMEOUT })
    const legs = (await swapped.locator('[data-amount]').allTextContents()).map((leg) =>
      leg.replace(/\s+/g, ' ').trim(),
    )
    assert.ok(legs.includes('Sent: −25.000 TUSD'), legs.join(' | '))
    assert.ok(
      legs.some((leg) => /^Received: \+[\d.,]+ TDAI$/.test(leg)),
      legs.join(' | '),
    )
  })

  test('3. a competing swap between send and mining: the router reverts, the visitor re-quotes', async () => {
    const [tusd] = uniswap.tokens
    const url = stack.local[0].rpcUrl
    const pendingNonce = () =>
      rpc(url, 'eth_getTransactionCount', [ACCOUNT_0, 'pending']).then((hex) => Number(hex))
    await openSwap()
    await pickTokens(ETH, tusd)
    await quoteAndReview('0.2')
    const before = await balanceOf(tusd)
    // Mined only when the test says so: the visitor's swap waits in the pool while another
    // account buys 40 ETH of TUSD at a higher fee, which moves the price past 1 % slippage.
    await rpc(url, 'evm_setAutomine', [false])
    try {
      const nonce = await pendingNonce()
      await previewView('[part="confirm-button"]').click()
      const deadline = Date.now() + STEP_TIMEOUT
      while ((await pendingNonce()) === nonce) {
        if (Date.now() > deadline) throw new Error('the wallet never sent the swap')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const gasPrice = await rpc(url, 'eth_gasPrice', [])
      await rpc(url, 'eth_sendTransaction', [
        {
          from: ACCOUNT_1,
          to: uniswap.router,
          value: `0x${parseEther('40').toString(16)}`,
          gasPrice: `0x${(BigInt(gasPrice) * 10n).toString(16)}`,
          data: encodeFunctionData({
            abi: uniswap.routerAbi,
            functionName: 'swapExactETHForTokens',
            args: [0n, [uniswap.weth, tusd.address], ACCOUNT_1, 2n ** 40n],
          }),
        },
      ])
      await rpc(url, 'evm_mine', [])
    } finally {
      await rpc(url, 'evm_setAutomine', [true])
    }
    const error = previewView('[data-error]')
    await error.waitFor({ timeout: STEP_TIMEOUT })
    console.log(`# the reverted swap reads: ${await text(error)}`)
    // The router's own words, read by replaying the mined transaction at its block.
    assert.equal(
      await text(error),
      'The swap failed on chain: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
    )
    assert.equal(await balanceOf(tusd), before, 'the reverted swap bought nothing')
    const oldMinimum = await text(previewView('[data-minimum]'))
    await previewView('[part="requote-button"]').click()
    await previewView('[part="confirm-button"]:not([disabled])').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await previewView('[data-error]').count(), 0)
    assert.notEqual(await text(previewView('[data-minimum]')), oldMinimum, 'a new, lower quote')
    await previewView('[part="confirm-button"]').click()
    await modal('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.ok((await balanceOf(tusd)) > before)
  })

  test('4. a pair no pool holds: the Swap view says there is not enough liquidity', async () => {
    await openSwap()
    await pickTokens(ETH, uniswap.lonely)
    await swapView('[part="amount-input"]').fill('0.1')
    const error = swapView('[data-error]')
    await error.waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await text(error), 'Not enough liquidity for this swap')
    assert.equal(await swapView('[part="review-button"]').isDisabled(), true)
    assert.equal(await swapView('[data-received]').textContent(), '')
  })
})
