// End to end on Solana, the way `pnpm demo` runs: the local litesvm cluster with a test SPL
// token, apps/server (its own PGlite, the `demo` project with the cluster as a chain) as a
// child process, and the built demo (`vite preview`) with the Solana dev wallet. Account →
// Tokens lists SOL and the SPL token with the amounts the node reports, and Receive shows a QR
// code that decodes, from the pixels Chromium painted, to the connected address.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { decodeQrOnScreen, rpc as rpcCall } from './preview.mjs'
import { startStack } from './stack.mjs'

const SOLANA_WALLET = 'OpenModal Solana Dev Wallet'
// The Solana dev wallet's account 0 (@openmodal/testing SOLANA_DEV_ADDRESSES[0]).
const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'
const TOKEN = { name: 'Test SPL Token', symbol: 'TSPL' }
// Odd amounts, so the display must truncate (never round) to 3 decimals.
const LAMPORTS = 3_141_592_653n
const TOKEN_UNITS = 123_456_789n // 6 decimals: 123.456789 TSPL
const STEP_TIMEOUT = 20_000
// jsQR (UMD): a QR reader that shares no code with the encoder the modal uses.

/** '123.456789' → '123.456' (spec §5: 3 decimals, truncated). */
function truncate3(decimal) {
  const [integer, fraction = ''] = decimal.split('.')
  return `${integer}.${fraction.slice(0, 3).padEnd(3, '0')}`
}

describe('Demo on Solana: SPL token balances and Receive, end to end', () => {
  let stack
  let rpc
  let page
  let mint
  let pageErrors

  before(async () => {
    stack = await startStack({
      solana: true,
      prepare: async ({ rpc }) => {
        await rpc.airdrop(SOL_ADDRESS, LAMPORTS)
        const mint = rpc.createMint({ decimals: 6, mintAuthority: SOL_ADDRESS })
        rpc.mintTo(mint, SOL_ADDRESS, TOKEN_UNITS)
        return mint
      },
      // The demo page's project, as scripts/demo.mjs configures it.
      server: {
        chains: ({ local, localnet, rpc, prepared }) => [
          ...local.map(({ chainId, rpcUrl }) => ({
            caipNetworkId: `eip155:${chainId}`,
            rpcUrls: [rpcUrl],
            index: false,
          })),
          {
            caipNetworkId: localnet,
            rpcUrls: [rpc.rpcUrl],
            splTokens: [{ mint: prepared, ...TOKEN }],
          },
        ],
      },
      demo: ({ local, rpc, prepared, server }) => ({
        chains: local,
        devWallet: true,
        apiUrl: server.url,
        solana: { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash, token: prepared },
      }),
      viewport: { width: 1024, height: 900 },
      goto: '/',
    })
    ;({ rpc, page, pageErrors } = stack)
    mint = stack.prepared
  })

  // The page's web3.js WebSocket first, then the servers (it retries while the page lives).
  after(() => stack?.stop())

  const view = (selector) => page.locator(`w3m-modal dialog ${selector}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()

  test('the Solana dev wallet connects; Tokens lists SOL and the SPL token as the node reports them', async () => {
    await page.evaluate(() => window.__openmodal.open())
    await view(`w3m-connect-view button[data-id="${SOLANA_WALLET}"]`).click({
      timeout: STEP_TIMEOUT,
    })
    await page.waitForFunction(
      () => window.__openmodal.getAccount('solana').status === 'connected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    const tokens = view('w3m-account-view w3m-account-tokens [part="token"]')
    await tokens.nth(1).waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await tokens.count(), 2)

    const lamports = (await rpcCall(rpc.rpcUrl, 'getBalance', [SOL_ADDRESS])).value
    assert.equal(BigInt(lamports), LAMPORTS)
    assert.equal(await text(tokens.nth(0).locator('[data-name]')), 'Solana')
    assert.equal(await text(tokens.nth(0).locator('[data-amount]')), '3.141 SOL')

    const accounts = await rpcCall(rpc.rpcUrl, 'getTokenAccountsByOwner', [
      SOL_ADDRESS,
      { mint },
      { encoding: 'jsonParsed' },
    ])
    const reported = accounts.value[0].account.data.parsed.info.tokenAmount.uiAmountString
    assert.equal(reported, '123.456789')
    const row = tokens.nth(1)
    assert.equal(
      await row.getAttribute('data-token'),
      `solana:${rpc.genesisHash.slice(0, 32)}:${mint}`,
    )
    assert.equal(await text(row.locator('[data-name]')), TOKEN.name)
    assert.equal(await text(row.locator('[data-amount]')), `${truncate3(reported)} TSPL`)
  })

  test("open('WalletReceive') shows a QR code that decodes to the address", async () => {
    await page.evaluate(() => window.__openmodal.open({ view: 'WalletReceive' }))
    const receive = view('w3m-wallet-receive-view')
    assert.equal(await text(receive.locator('[part="address"]')), SOL_ADDRESS)
    assert.equal(await text(receive.locator('[part="network"]')), 'Solana Localnet')
    const qr = receive.locator('wui-qr-code')
    await qr.locator('svg path').waitFor({ timeout: STEP_TIMEOUT })
    const decoded = await decodeQrOnScreen(page, qr)
    assert.equal(decoded, SOL_ADDRESS)
    assert.deepEqual(pageErrors, [])
  })
})
