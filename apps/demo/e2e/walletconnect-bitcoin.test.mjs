// End to end over WalletConnect with Bitcoin: the built demo in the system Chromium (the dapp)
// and the wallet harness in Node answering the eip155 and bip122 namespaces (the bip122 one
// signs with the Bitcoin dev wallet and broadcasts to the regtest ledger), over the local
// relay. A reload restores the bip122 session (account and balance) as it does the EVM and
// Solana ones, without a new proposal.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bitcoinDevKeys, createBitcoinDevWallet } from '@openmodal/testing/bitcoin'
import { bitcoinNamespaceWallet, createWalletHarness } from '@openmodal/testing/node'
import { refuseForeign, startStack } from './stack.mjs'

const WC_ID = 'com.walletconnect'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const keys = bitcoinDevKeys(0, 'regtest')
const PAYMENT = keys.payment.address
const ORDINALS = keys.ordinals.address
// An odd amount, so the shown balance must truncate (never round) to 3 decimals.
const FUNDING = 98_765_432n
const STEP_TIMEOUT = 20_000

describe('WalletConnect Bitcoin: the bip122 session survives a reload', () => {
  let stack
  let preview
  let wallet
  let page
  let pageErrors

  before(async () => {
    stack = await startStack({
      relay: true,
      bitcoin: true,
      prepare: ({ regtest }) => regtest.faucet(PAYMENT, FUNDING),
      demo: ({ local, relay, regtest }) => ({
        chains: local,
        devWallet: false,
        relayUrl: relay.url,
        bitcoin: { esploraUrl: regtest.url },
      }),
      viewport: { width: 1024, height: 900 },
      page: false,
    })
    ;({ preview, pageErrors } = stack)
    stack.defer(() => wallet?.close())
    wallet = await createWalletHarness({
      relayUrl: stack.relay.url,
      chains: stack.chains.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
      namespaces: {
        bip122: bitcoinNamespaceWallet({
          wallet: createBitcoinDevWallet({ esploraUrl: stack.regtest.url }),
        }),
      },
    })
    // Nothing but loopback: the page must never reach the public relay, Verify or telemetry.
    await refuseForeign(stack.context, pageErrors)
    page = await stack.newPage()
  })

  after(() => stack?.stop())

  const bitcoinAccount = () => page.evaluate(() => window.__openmodal.getAccount('bip122'))
  const qr = () =>
    page.locator('w3m-modal dialog w3m-connecting-walletconnect-view wui-qr-code[data-uri]')

  async function waitForBitcoin(what) {
    await page
      .waitForFunction(
        () => {
          const account = window.__openmodal.getAccount('bip122')
          return account.status === 'connected' && account.balance !== undefined
        },
        null,
        { timeout: STEP_TIMEOUT },
      )
      .catch(async (error) => {
        throw new Error(`${what}: ${JSON.stringify(await bitcoinAccount())}`, { cause: error })
      })
    const account = await bitcoinAccount()
    assert.equal(account.caipAddress, `${REGTEST}:${PAYMENT}`, what)
    assert.equal(account.connectedWalletInfo?.name, 'WalletConnect', what)
    // The ledger's balance, 0.98765432 rBTC, shown truncated to 3 decimals.
    assert.equal(`${account.balance} ${account.balanceSymbol}`, '0.987 rBTC', what)
  }

  test('pairs over the QR code: the bip122 account and its ledger balance', async () => {
    await page.goto(preview.origin)
    await page.evaluate(() => window.__openmodal.open({ view: 'Connect' }))
    await page.locator(`w3m-modal dialog w3m-connect-view button[data-id="${WC_ID}"]`).click()
    await qr().waitFor({ timeout: STEP_TIMEOUT })
    const uri = await qr().getAttribute('data-uri')
    await wallet.pair(uri)
    await page.waitForFunction(
      () => window.__openmodal.getAccount('bip122').status === 'connected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    // The balance shown is the active chain's: make regtest the active one.
    await page.evaluate((id) => window.__openmodal.switchNetwork(id), REGTEST)
    await waitForBitcoin('connected')
    const [session] = wallet.sessions
    assert.deepEqual(Object.keys(session?.namespaces ?? {}).sort(), ['bip122', 'eip155'])
  })

  test('a reload restores it without a new proposal; it still signs over the session', async () => {
    const proposals = wallet.proposals.length
    const [session] = wallet.sessions
    await page.reload()
    await waitForBitcoin('restored after the reload')
    assert.equal(wallet.proposals.length, proposals, 'no new proposal')
    assert.deepEqual(
      wallet.sessions.map((s) => s.topic),
      [session.topic],
      'the same session',
    )
    assert.equal(await qr().count(), 0, 'no QR code')
    assert.equal(await page.evaluate(() => window.__openmodal.getState().activeChain), 'bip122')
    // The wallet's purposes come back too: the ordinals address is listed, not selectable.
    await page.waitForFunction(
      (ordinals) =>
        window.__openmodalBitcoin.getAccountAddresses().some((a) => a.address === ordinals),
      ORDINALS,
      { timeout: STEP_TIMEOUT },
    )
    const listed = await page.evaluate(() =>
      window.__openmodalBitcoin.getAccountAddresses().map((a) => [a.address, a.purpose]),
    )
    assert.deepEqual(listed, [
      [PAYMENT, 'payment'],
      [ORDINALS, 'ordinals'],
    ])

    // The engine takes one request at a time (~1 s apart).
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const message = `Bitcoin over a restored WalletConnect session ${Date.now()}`
    const signature = await page.evaluate(
      ({ text, address }) => window.__openmodalBitcoin.signMessage({ message: text, address }),
      { text: message, address: PAYMENT },
    )
    // A BIP-322 signature (checked by bip322-js in the walletconnect package's tests): base64.
    assert.match(signature, /^[A-Za-z0-9+/]{40,}={0,2}$/)
    const request = wallet.requests.at(-1)
    assert.equal(request?.method, 'signMessage')
    assert.equal(request?.topic, session.topic)
    assert.equal(request?.params?.message, message)
    assert.deepEqual(pageErrors, [])
  })
})
