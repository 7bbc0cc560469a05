// End to end over Solana and EVM + Solana (+ Bitcoin): the built demo (`vite preview`) with
// `solanaAdapter()` on the local litesvm cluster, the Solana dev wallet registered through
// wallet-standard, the EVM dev wallet through EIP-6963 and the Bitcoin dev wallet in
// `window.btc_providers` on the regtest ledger (as the demo registers them), two anvil chains,
// in the system Chromium. One page, reused in order: each test starts where the previous left
// off.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bitcoinDevKeys } from '@openmodal/testing/bitcoin'
import { waitForButton as waitForModalButton, waitForText } from './modal.mjs'
import { verifyEd25519 } from './preview.mjs'
import {
  lamportsOf as lamportsOfCluster,
  SOL_ADDRESS,
  SOLANA_WALLET,
  startSolanaDemo,
} from './solana-page.mjs'

const EVM_WALLET_ID = 'dev.openmodal.wallet'
const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BITCOIN_WALLET_ID = 'OpenModalBitcoinDev.BitcoinProvider'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const BTC_ADDRESS = bitcoinDevKeys(0, 'regtest').payment.address
// An odd amount, so the display must truncate (never round) to 3 decimals: 12.3456789 SOL.
const AIRDROP = 12_345_678_900n
const STEP_TIMEOUT = 20_000

const truncateAddress = (address) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Lamports → '12.345' (9 decimals, truncated to 3, spec §5). */
function sol3(lamports) {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').slice(0, 3)
  return `${whole}.${fraction}`
}

describe('Solana and EVM + Solana, end to end', () => {
  let demo
  let rpc
  let page
  let origin
  let localnet
  let view
  let text
  let pageErrors

  const lamportsOf = (address) => lamportsOfCluster(rpc.rpcUrl, address)

  before(async () => {
    demo = await startSolanaDemo({
      goto: false,
      bitcoin: true,
      timeout: STEP_TIMEOUT,
      prepare: async (rpc) => {
        await rpc.airdrop(SOL_ADDRESS, AIRDROP)
      },
      initScript: () => {
        // Hostile wallet-standard wallets, registered before the page's own code runs.
        const hostile = (name, icon) => {
          const listeners = new Set()
          return Object.freeze({
            version: '1.0.0',
            name,
            icon,
            chains: ['solana:localnet'],
            accounts: [],
            features: {
              'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [] }) },
              'standard:events': {
                version: '1.0.0',
                on: (_event, listener) => {
                  listeners.add(listener)
                  return () => listeners.delete(listener)
                },
              },
            },
          })
        }
        const register = (wallet) => {
          const callback = ({ register }) => register(wallet)
          window.dispatchEvent(
            new CustomEvent('wallet-standard:register-wallet', { detail: callback }),
          )
          window.addEventListener('wallet-standard:app-ready', ({ detail }) => callback(detail))
        }
        window.__registerSolanaWallet = (name, icon) => register(hostile(name, icon))
        register(
          hostile(
            '<img src=x onerror="window.__pwned=\'name\'">Evil\u202E Wallet',
            'javascript:window.__pwned="icon"',
          ),
        )
        register(
          hostile(
            '<script>window.__pwned="script"</script>Svg Wallet',
            `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=\'svg\'"><script>window.__pwned="svg-script"</script></svg>')}`,
          ),
        )
      },
    })
    ;({ rpc, page, origin, localnet, view, text, pageErrors } = demo)
  })

  after(() => demo?.stop())

  const walletRows = () => view('w3m-connect-view button[part="item"]')
  const rowNames = async () =>
    (await walletRows().locator('.name').allTextContents()).map((t) => t.trim())
  const accountOf = (namespace) =>
    page.evaluate((ns) => window.__openmodal.getAccount(ns), namespace)
  const activeNamespace = () => page.evaluate(() => window.__openmodal.getState().activeChain)

  async function waitFor(fn, arg, what) {
    await page.waitForFunction(fn, arg, { timeout: STEP_TIMEOUT }).catch((error) => {
      throw new Error(`${what}`, { cause: error })
    })
  }

  const waitForButton = (expected) => waitForModalButton(page, expected, { timeout: STEP_TIMEOUT })

  async function openModal() {
    await page.locator('w3m-button button').click()
    await page.locator('w3m-modal dialog').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
  }

  async function closed() {
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
  }

  async function pickNetwork(caipNetworkId) {
    await page.evaluate(() => window.__openmodal.open({ view: 'Networks' }))
    await view(`w3m-networks-view [data-network="${caipNetworkId}"]`).click()
  }

  test('a wallet-standard wallet with HTML in its name or a script icon renders as text; nothing runs', async () => {
    await page.goto(origin)
    await openModal()
    await walletRows().nth(3).waitFor({ timeout: STEP_TIMEOUT })
    // A wallet registering later under the dev wallet's name cannot pass for it.
    await page.evaluate((name) => window.__registerSolanaWallet(name, undefined), SOLANA_WALLET)
    await page.evaluate(() => new Promise((r) => setTimeout(r, 100)))
    const names = await rowNames()
    assert.ok(
      names.includes('<img src=x onerror="window.__pwned=\'name\'">Evil Wallet'),
      names.join('|'),
    )
    assert.ok(names.includes('<script>window.__pwned="script"</script>Svg Wallet'), names.join('|'))
    assert.equal(names.filter((n) => n === SOLANA_WALLET).length, 1, names.join('|'))
    assert.ok(names.includes('OpenModal Dev Wallet'), names.join('|'))
    const details = await page.evaluate(() => {
      const list = document
        .querySelector('w3m-modal')
        ?.shadowRoot?.querySelector('w3m-router')
        ?.shadowRoot?.querySelector('w3m-connect-view')
        ?.shadowRoot?.querySelector('wui-wallet-list')?.shadowRoot
      return {
        // Every image a row shows, and whether any element came from a wallet's name.
        images: [...(list?.querySelectorAll('img') ?? [])].map((img) => img.getAttribute('src')),
        injected: list?.querySelectorAll('.name *').length ?? -1,
        pwned: window.__pwned ?? null,
      }
    })
    assert.equal(details.injected, 0)
    assert.ok(
      details.images.every((src) => src.startsWith('data:image/')),
      details.images.join('\n'),
    )
    assert.ok(!details.images.some((src) => src.startsWith('javascript:')))
    // The SVG icon may be shown (an <img> never runs a script inside it).
    await page.evaluate(() => new Promise((r) => setTimeout(r, 200)))
    assert.equal(await page.evaluate(() => window.__pwned ?? null), null)
    assert.equal(details.pwned, null)
    await page.keyboard.press('Escape')
    await closed()
  })

  test('connects the Solana dev wallet; the balance shown is the runtime’s', async () => {
    await openModal()
    await view(`w3m-connect-view button[data-id="${SOLANA_WALLET}"]`).click()
    await closed()
    const lamports = await lamportsOf(SOL_ADDRESS)
    assert.equal(lamports, AIRDROP)
    // No EVM wallet yet: the Solana account becomes the active one.
    assert.equal(await activeNamespace(), 'solana')
    await waitForButton(`${truncateAddress(SOL_ADDRESS)} · ${sol3(lamports)} SOL`)
    assert.equal(sol3(lamports), '12.345')
    const account = await accountOf('solana')
    assert.equal(account.caipAddress, `${localnet}:${SOL_ADDRESS}`)
    assert.equal(account.connectedWalletInfo.name, SOLANA_WALLET)
    // useModalAccount('solana') in the React page.
    await waitFor(
      (want) => document.querySelector('[data-testid="solana-account"]')?.textContent === want,
      `${SOL_ADDRESS} · 12.345 SOL`,
      'useModalAccount("solana")',
    )
    await openModal()
    assert.equal(await text(view('w3m-account-view [data-address]')), truncateAddress(SOL_ADDRESS))
    await waitForText(view('w3m-account-view [data-balance]'), /SOL/, { timeout: STEP_TIMEOUT })
    assert.equal(await text(view('w3m-account-view [data-balance]')), '12.345 SOL')
    assert.equal(await text(view('w3m-account-view [part="network-button"]')), 'Solana Localnet')
    await page.keyboard.press('Escape')
    await closed()
  })

  test('signs a message; Node’s ed25519 verifies the signature', async () => {
    const message = `OpenModal e2e ${Date.now()} ✓`
    const signature = await page.evaluate(
      ({ text, address }) => window.__openmodalSolana.signMessage({ message: text, address }),
      { text: message, address: SOL_ADDRESS },
    )
    assert.equal(verifyEd25519(SOL_ADDRESS, message, signature), true)
    assert.equal(verifyEd25519(SOL_ADDRESS, `${message}!`, signature), false)
  })

  test('sends 0.01 SOL: both balances change by the lamports and the fee', async () => {
    const to = '6AWbkyqn6s4ZARDPeZgGWXAKTbwTVVoeo1Z7mtR5yigr'
    // A new account must be left rent-exempt: fund it first so 0.01 SOL is a plain transfer.
    await rpc.airdrop(to, 1_000_000_000n)
    const [fromBefore, toBefore] = [await lamportsOf(SOL_ADDRESS), await lamportsOf(to)]
    const value = 10_000_000n
    const signature = await page.evaluate(
      ({ to, value }) => window.__openmodalSolana.sendTransfer({ to, value: BigInt(value) }),
      { to, value: String(value) },
    )
    assert.equal(typeof signature, 'string')
    assert.equal(await lamportsOf(to), toBefore + value)
    assert.equal(await lamportsOf(SOL_ADDRESS), fromBefore - value - 5000n)
    // Too little for a new account's rent exemption: a clear error, no lamports move.
    const fresh = 'HVJJg1a8LuDXASnvvp9xzijyrXbGvzPC7Ta8tkXa6ueP'
    const error = await page.evaluate(
      (to) =>
        window.__openmodalSolana.sendTransfer({ to, value: 1000n }).then(
          () => null,
          (e) => e.shortMessage ?? e.message,
        ),
      fresh,
    )
    assert.match(String(error), /^The recipient is a new account: send at least 0\.\d+ SOL$/)
    assert.equal(await lamportsOf(fresh), 0n)
  })

  test('EVM + Solana: a network of the other namespace asks for its wallet, then connects it', async () => {
    await pickNetwork('eip155:31337')
    const ask = view('w3m-switch-active-chain-view')
    assert.equal(await text(ask.locator('[data-title]')), 'Switch to Anvil')
    assert.equal(await text(ask.locator('[part="switch-button"]')), 'Connect a wallet for EVM')
    assert.equal(await activeNamespace(), 'solana')
    await ask.locator('[part="switch-button"]').click()
    await walletRows().first().waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(await activeNamespace(), 'eip155')
    // Only EVM wallets are listed now.
    const names = await rowNames()
    assert.ok(names.includes('OpenModal Dev Wallet'), names.join('|'))
    assert.ok(!names.includes(SOLANA_WALLET), names.join('|'))
    await view(`w3m-connect-view button[data-id="${EVM_WALLET_ID}"]`).click()
    await closed()
    const [evm, solana] = [await accountOf('eip155'), await accountOf('solana')]
    assert.equal(evm.status, 'connected')
    assert.equal(evm.address, EVM_ADDRESS)
    assert.equal(solana.status, 'connected')
    await page.waitForFunction(() => window.__openmodal.getAccount().balanceSymbol === 'ETH')
    await waitForButton(`${truncateAddress(EVM_ADDRESS)} · 10000.000 ETH`)
  })

  test('switches the active chain back and forth; Account and <w3m-button> follow', async () => {
    for (const round of [1, 2]) {
      await pickNetwork(localnet)
      await page.waitForFunction(() => window.__openmodal.getState().activeChain === 'solana')
      // The balance read on connect (cached 30 s, spec §9): the one the store holds.
      const { balance } = await accountOf('solana')
      const solBalance = `${balance} SOL`
      await waitForButton(`${truncateAddress(SOL_ADDRESS)} · ${solBalance}`)
      await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
      assert.equal(
        await text(view('w3m-account-view [data-address]')),
        truncateAddress(SOL_ADDRESS),
        `round ${round}`,
      )
      assert.equal(await text(view('w3m-account-view [part="network-button"]')), 'Solana Localnet')

      await pickNetwork('eip155:31337')
      await page.waitForFunction(() => window.__openmodal.getState().activeChain === 'eip155')
      await waitForButton(`${truncateAddress(EVM_ADDRESS)} · 10000.000 ETH`)
      await page.evaluate(() => window.__openmodal.open({ view: 'Account' }))
      assert.equal(
        await text(view('w3m-account-view [data-address]')),
        truncateAddress(EVM_ADDRESS),
        `round ${round}`,
      )
      assert.equal(await text(view('w3m-account-view [part="network-button"]')), 'Anvil')
    }
    // Both stayed connected throughout.
    assert.equal((await accountOf('solana')).status, 'connected')
    assert.equal((await accountOf('eip155')).status, 'connected')
    assert.deepEqual(pageErrors, [])
  })

  test('EVM + Solana + Bitcoin: a reload brings all three back without a click', async () => {
    demo.regtest.faucet(BTC_ADDRESS, 150_000_000n)
    await pickNetwork(REGTEST)
    await view('w3m-switch-active-chain-view [part="switch-button"]').click()
    await view(`w3m-connect-view button[data-id="${BITCOIN_WALLET_ID}"]`).click()
    await closed()
    await waitForButton(`${truncateAddress(BTC_ADDRESS)} · 1.500 rBTC`)
    const namespaces = ['eip155', 'solana', 'bip122']
    const statuses = () =>
      page.evaluate(
        (list) => list.map((ns) => window.__openmodal.getAccount(ns).status),
        namespaces,
      )
    assert.deepEqual(await statuses(), ['connected', 'connected', 'connected'])

    // From the page's first script until every namespace is back, what the header shows: never
    // "Connect Wallet" while the wallets are reconnecting.
    await page.addInitScript(() => {
      const log = []
      window.__headerLog = log
      const record = () => {
        const root = document.querySelector('w3m-button')?.shadowRoot
        if (!root) return
        const account = root.querySelector('w3m-account-button')
        const connect = root.querySelector('w3m-connect-button')?.shadowRoot
        const activeChain = window.__openmodal?.getState().activeChain
        log.push({
          activeChain,
          status: activeChain && window.__openmodal.getAccount(activeChain).status,
          shows: account ? 'account' : (connect?.textContent?.trim() ?? ''),
        })
      }
      window.__stopHeaderLog = (
        (timer) => () =>
          clearInterval(timer)
      )(setInterval(record, 10))
    })
    await page.reload()
    const started = Date.now()
    await page
      .waitForFunction(
        (list) =>
          window.__openmodal &&
          list.every((ns) => window.__openmodal.getAccount(ns).status === 'connected'),
        namespaces,
        { timeout: STEP_TIMEOUT },
      )
      .catch(async (error) => {
        throw new Error(`after the reload: ${(await statuses()).join(', ')}`, { cause: error })
      })
    const restoredMs = Date.now() - started
    const log = await page.evaluate(() => {
      window.__stopHeaderLog()
      return window.__headerLog
    })
    // The active namespace is the last one connected, as before the reload.
    assert.equal(await activeNamespace(), 'bip122')
    await waitForButton(`${truncateAddress(BTC_ADDRESS)} · 1.500 rBTC`)
    assert.ok(log.length > 0)
    const wrong = log.filter((entry) => entry.shows === 'Connect Wallet')
    assert.deepEqual(wrong, [], 'the header said "Connect Wallet" while reconnecting')
    assert.equal((await accountOf('eip155')).address, EVM_ADDRESS)
    assert.equal((await accountOf('solana')).address, SOL_ADDRESS)
    assert.equal((await accountOf('bip122')).address, BTC_ADDRESS)
    console.log(`reload → EVM, Solana and Bitcoin connected: ${restoredMs} ms`)
    assert.deepEqual(pageErrors, [])
  })
})
