// End to end over Bitcoin: the built demo (`vite preview`) with `bitcoinAdapter()` on the
// regtest ledger of @openmodal/testing (Esplora API on loopback), the sats-connect Bitcoin dev
// wallet registered in `window.btc_providers` as the demo registers it, in the system
// Chromium. One page, reused in order: each test starts where the previous left off.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bitcoinDevKeys } from '@openmodal/testing/bitcoin'
import { waitForButton as waitForModalButton, waitUntil } from './modal.mjs'
import { decodeQrOnScreen } from './preview.mjs'
import { startStack } from './stack.mjs'

const WALLET_ID = 'OpenModalBitcoinDev.BitcoinProvider'
const WALLET_NAME = 'OpenModal Bitcoin Dev Wallet'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const keys = bitcoinDevKeys(0, 'regtest')
const PAYMENT = keys.payment.address
const ORDINALS = keys.ordinals.address
const RECIPIENT = bitcoinDevKeys(8, 'regtest').payment.address
// An odd amount, so the display must truncate (never round) to 3 decimals: 1.23456789 rBTC.
const FUNDING = 123_456_789n
const STEP_TIMEOUT = 20_000

const truncateAddress = (address) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Sats → '1.234' (8 decimals, truncated to 3, spec §5). */
function btc3(sats) {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').slice(0, 3)
  return `${whole}.${fraction}`
}

describe('Bitcoin end to end: the sats-connect dev wallet on the regtest ledger', () => {
  let stack
  let regtest
  let preview
  let page
  let pageErrors

  before(async () => {
    stack = await startStack({
      anvil: false,
      bitcoin: true,
      prepare: ({ regtest }) => regtest.faucet(PAYMENT, FUNDING),
      // What `pnpm demo` serves at /__openmodal/local.json, with this test's ledger.
      demo: ({ regtest }) => ({ devWallet: true, bitcoin: { esploraUrl: regtest.url } }),
    })
    ;({ regtest, preview, page, pageErrors } = stack)
  })

  after(() => stack?.stop())

  const view = (tag) => page.locator(`w3m-modal dialog ${tag}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()

  async function openModal() {
    await page.locator('w3m-button button').click()
    await page.locator('w3m-modal dialog').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
  }

  const waitForButton = (expected) => waitForModalButton(page, expected, { timeout: STEP_TIMEOUT })

  test('lists the dev wallet; connecting shows the payment account and the ledger’s balance', async () => {
    await page.goto(preview.origin)
    await openModal()
    const row = view(`w3m-connect-view button[data-id="${WALLET_ID}"]`)
    await row.waitFor({ timeout: STEP_TIMEOUT })
    assert.match(await row.textContent(), new RegExp(WALLET_NAME))
    await row.click()
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    assert.equal(regtest.ledger.balance(PAYMENT), FUNDING)
    await waitForButton(`${truncateAddress(PAYMENT)} · 1.234 rBTC`)
    const account = await page.evaluate(() => window.__openmodal.getAccount('bip122'))
    assert.equal(account.caipAddress, `${REGTEST}:${PAYMENT}`)
    assert.equal(account.connectedWalletInfo.name, WALLET_NAME)
    const listed = await page.evaluate(() =>
      window.__openmodalBitcoin
        .getAccountAddresses()
        .map((a) => [a.address, a.purpose, a.type ?? null]),
    )
    assert.deepEqual(listed, [
      [PAYMENT, 'payment', 'payment'],
      [ORDINALS, 'ordinals', null],
    ])
  })

  test('sends sats from the page: the ledger has the transaction, both balances move', async () => {
    await page.getByTestId('bitcoin-to').fill(RECIPIENT)
    await page.getByTestId('bitcoin-sats').fill('25000')
    await page.getByTestId('bitcoin-send').click()
    await page.waitForFunction(
      () =>
        /^Sent: [0-9a-f]{64}$/.test(
          document.querySelector('[data-testid="bitcoin-result"]')?.textContent ?? '',
        ),
      null,
      { timeout: STEP_TIMEOUT },
    )
    const txid = (await page.getByTestId('bitcoin-result').textContent()).slice('Sent: '.length)
    const tx = regtest.ledger.tx(txid)
    assert.ok(tx, 'the ledger knows the transaction')
    await waitForButton(`${truncateAddress(PAYMENT)} · ${btc3(FUNDING - 25_000n - tx.fee)} rBTC`)
    assert.deepEqual(regtest.ledger.mempool, [txid])
    regtest.mine(1)
    assert.equal(regtest.ledger.balance(RECIPIENT), 25_000n)
    assert.equal(regtest.ledger.balance(PAYMENT), FUNDING - 25_000n - tx.fee)
    // Funded from outside, nothing on the page happens: the header follows within a polling
    // interval (4 s), no reconnect.
    const funded = Date.now()
    regtest.faucet(PAYMENT, 1_000_000)
    await waitForButton(
      `${truncateAddress(PAYMENT)} · ${btc3(regtest.ledger.balance(PAYMENT))} rBTC`,
    )
    console.log(`funded from outside → header balance: ${Date.now() - funded} ms`)
  })

  test('refuses a switch to the ordinals account with the spec’s text', async () => {
    const message = await page.evaluate(
      (address) =>
        window.__openmodalBitcoin.switchAccount(address).then(
          () => 'switched',
          (error) => error.shortMessage,
        ),
      ORDINALS,
    )
    assert.equal(message, 'Switching to non-payment accounts is not allowed')
    // Its own code, which the modal's catalogs translate.
    const code = await page.evaluate(
      (address) => window.__openmodalBitcoin.switchAccount(address).catch((error) => error.code),
      ORDINALS,
    )
    assert.equal(code, 'NON_PAYMENT_ACCOUNT')
    const account = await page.evaluate(() => window.__openmodal.getAccount('bip122'))
    assert.equal(account.address, PAYMENT)
  })

  test('signs a PSBT in the page; the ledger verifies the signature on broadcast', async () => {
    regtest.faucet(PAYMENT, 60_000)
    const utxo = regtest.ledger.utxos(PAYMENT).find((u) => u.value === 60_000n)
    assert.ok(utxo)
    const { Transaction } = await import('@scure/btc-signer')
    const unsigned = new Transaction()
    unsigned.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: keys.payment.script, amount: utxo.value },
    })
    unsigned.addOutputAddress(RECIPIENT, 50_000n, regtest.ledger.network)
    const psbt = Buffer.from(unsigned.toPSBT()).toString('base64')
    const signed = await page.evaluate(
      ({ psbt, address }) =>
        window.__openmodalBitcoin.signPsbt({ psbt, signInputs: { [address]: [0] } }),
      { psbt, address: PAYMENT },
    )
    const tx = Transaction.fromPSBT(Buffer.from(signed.psbt, 'base64'))
    tx.finalize()
    assert.equal(regtest.ledger.broadcast(tx.hex), tx.id)
    assert.deepEqual(pageErrors, [])
  })

  test('Account offers Receive and Send; Receive shows the payment address as a QR code', async () => {
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await view('w3m-account-view [data-feature="send"]').waitFor({ timeout: STEP_TIMEOUT })
    const features = await view('w3m-account-view [part="feature-button"]').evaluateAll((all) =>
      all.map((button) => button.dataset.feature),
    )
    // No on-ramp or swaps on Bitcoin.
    assert.deepEqual(features, ['receive', 'send'])
    await view('w3m-account-view [data-feature="receive"]').click()
    const receive = view('w3m-wallet-receive-view')
    assert.equal(await text(receive.locator('[part="address"]')), PAYMENT)
    assert.equal(await text(receive.locator('[part="network"]')), 'Bitcoin Regtest')
    assert.equal(await decodeQrOnScreen(page, receive.locator('wui-qr-code')), PAYMENT)
  })

  test('Send from Account: the ledger has the payment; the balance follows without a reconnect', async () => {
    const before = regtest.ledger.balance(PAYMENT)
    // What the header shows now: the balance read since the page's own send above.
    await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
    await view('w3m-account-view [data-feature="send"]').click({ timeout: STEP_TIMEOUT })
    const sendView = (selector) => view(`w3m-wallet-send-view ${selector}`)
    const previewView = (selector) => view(`w3m-wallet-send-preview-view ${selector}`)
    await sendView('[data-token-symbol]:text-is("rBTC")').waitFor({ timeout: STEP_TIMEOUT })
    await sendView('[part="receiver-input"]').fill(RECIPIENT)
    // Max leaves the fee of sending everything (the adapter's estimate from the Esplora API's
    // UTXOs and rate): less than the balance, by a fee of a few hundred sats.
    await sendView('[part="max-button"]').click()
    const max = await waitUntil(
      () => sendView('[part="amount-input"]').inputValue({ timeout: STEP_TIMEOUT }),
      Boolean,
      { timeout: STEP_TIMEOUT, what: 'the amount Max fills in' },
    )
    const left = before - BigInt(Math.round(Number(max) * 1e8))
    assert.ok(left > 0n && left < 5_000n, `Max ${max} rBTC leaves ${left} sats of ${before}`)
    await sendView('[part="amount-input"]').fill('0.0005')
    await sendView('[part="preview-button"]').click()
    assert.equal(await text(previewView('[data-amount]')), '0.0005 rBTC')
    assert.equal(await text(previewView('[data-network]')), 'Bitcoin Regtest')
    // The wallet picks the fee rate: the preview says so rather than guess.
    assert.equal(await text(previewView('[data-fee]')), 'Set by your wallet')
    const mempool = regtest.ledger.mempool.length
    await previewView('[part="send-button"]').click()
    await view('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(
      await text(page.locator('w3m-modal wui-toast [part="toast"]')),
      'Success: Sent 0.0005 rBTC',
    )
    assert.equal(regtest.ledger.mempool.length, mempool + 1)
    const txid = regtest.ledger.mempool.at(-1)
    const tx = regtest.ledger.tx(txid)
    const after = before - 50_000n - tx.fee
    assert.equal(regtest.ledger.balance(PAYMENT), after)
    // Account and <w3m-button> read the new balance: no reconnect, no reload.
    await page
      .locator('w3m-modal dialog w3m-account-view [data-balance]')
      .filter({ hasText: `${btc3(after)} rBTC` })
      .waitFor({ timeout: STEP_TIMEOUT })
    await page.keyboard.press('Escape')
    await waitForButton(`${truncateAddress(PAYMENT)} · ${btc3(after)} rBTC`)
    assert.deepEqual(pageErrors, [])
  })
})
