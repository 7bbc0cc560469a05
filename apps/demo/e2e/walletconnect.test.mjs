// End to end over WalletConnect: the built demo in the system Chromium (the dapp) and the
// wallet harness in Node (a real @walletconnect/sign-client signing with anvil's keys), over
// the local relay, against two anvil chains. The wallet pairs with the URI the page exposes in
// the QR code's `data-uri`, as a phone scanning it would. One page reused in order; the last
// test adds the local Solana cluster and a wallet that approves eip155 and solana, in a page
// of its own.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createWalletHarness, solanaNamespaceWallet, startSolanaRpc } from '@openmodal/testing/node'
import { createSolanaDevWallet, SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { formatEther, verifyMessage } from 'viem'
import { waitUntil } from './modal.mjs'
import { rpc, verifyEd25519 } from './preview.mjs'
import { refuseForeign, startStack } from './stack.mjs'

const WC_ID = 'com.walletconnect'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL_ADDRESS = SOLANA_DEV_ADDRESSES[0]
const BALANCE = 777123456789000000000n // 777.123… ETH
const STEP_TIMEOUT = 20_000
const ms = (start) => Math.round(performance.now() - start)

describe('WalletConnect, browser dapp ↔ Node wallet over the local relay', () => {
  let stack
  let chains
  let relay
  let browser
  let context
  let page
  let wallet
  let origin
  let config
  // Started by the EVM + Solana test only, so the others pay nothing for Solana.
  let solanaRpc
  let solanaWallet
  const timings = {}
  let pageErrors

  before(async () => {
    stack = await startStack({
      relay: true,
      prepare: ({ chains }) =>
        rpc(chains.chains[0].rpcUrl, 'anvil_setBalance', [ACCOUNT_0, `0x${BALANCE.toString(16)}`]),
      // Contexts of its own: some pages get another config or a fake clock.
      context: false,
    })
    ;({ chains, relay, browser, origin, pageErrors } = stack)
    // The wallets after the browser, then the Solana cluster, before the other servers stop.
    stack.defer(async () => {
      await Promise.all([wallet?.close(), solanaWallet?.close()])
      await solanaRpc?.stop()
    })
    wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: chains.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
    })
    config = {
      chains: chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
      devWallet: false,
      relayUrl: relay.url,
    }
    context = await newContext()
    page = await stack.newPage(context)
  })

  after(async () => {
    console.log(`WalletConnect round trips: ${JSON.stringify(timings)}`)
    await stack?.stop()
  })

  async function newContext(demo = config) {
    const created = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    await created.addInitScript((demo) => {
      window.__openmodalDemo = demo
    }, demo)
    // Nothing but loopback: the page must never reach the public relay, Verify or telemetry.
    await refuseForeign(created, pageErrors)
    return created
  }

  const view = (tag, on = page) => on.locator(`w3m-modal dialog ${tag}`)
  const account = (on = page) => on.evaluate(() => window.__openmodal.getAccount())
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()
  const qr = (on = page) => view('w3m-connecting-walletconnect-view wui-qr-code[data-uri]', on)

  async function waitForAccount(check, what, on = page) {
    await on
      .waitForFunction(`(${check})(window.__openmodal.getAccount())`, null, {
        timeout: STEP_TIMEOUT,
      })
      .catch(async (error) => {
        throw new Error(`${what}: ${JSON.stringify(await account(on))}`, { cause: error })
      })
  }

  /** Opens Connect, picks WalletConnect and resolves with the URI of the QR code shown. */
  async function showQr(on = page) {
    await on.evaluate(() => window.__openmodal.open({ view: 'Connect' }))
    await view(`w3m-connect-view button[data-id="${WC_ID}"]`, on).click()
    await qr(on).waitFor({ timeout: STEP_TIMEOUT })
    return qr(on).getAttribute('data-uri')
  }

  async function signInPage(message) {
    return page.evaluate(async (text) => {
      const provider = window.__openmodal.getProvider('eip155')
      const [from] = await provider.request({ method: 'eth_accounts' })
      const hex = `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
      return provider.request({ method: 'personal_sign', params: [hex, from] })
    }, message)
  }

  test('1. the QR code shows the URI; the wallet pairs with it; Account shows the address and balance', async () => {
    await page.goto(origin)
    await page.evaluate(() => window.__openmodal.open({ view: 'Connect' }))
    const first = view('w3m-connect-view button[part="item"]').first()
    assert.equal(await first.getAttribute('data-id'), WC_ID, 'WalletConnect is listed first')
    const uri = await showQr()
    assert.match(uri, /^wc:[0-9a-f]{64}@2\?/)
    await qr().locator('svg path').waitFor({ timeout: STEP_TIMEOUT })
    const started = performance.now()
    await wallet.pair(uri)
    await waitForAccount((a) => a.status === 'connected', 'connected')
    timings.pairToApproved = ms(started)
    assert.equal((await account()).address, ACCOUNT_0)
    assert.equal((await account()).connectedWalletInfo.name, 'WalletConnect')
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })

    await page.evaluate(() => window.__openmodal.open())
    assert.equal(await text(view('w3m-account-view [data-address]')), '0xf3…b92266')
    await page.waitForFunction(() => window.__openmodal.getAccount().balance === '777.123', null, {
      timeout: STEP_TIMEOUT,
    })
    const wei = BigInt(await rpc(chains.chains[0].rpcUrl, 'eth_getBalance', [ACCOUNT_0, 'latest']))
    assert.equal(formatEther(wei).slice(0, 7), '777.123')
    assert.match(await text(view('w3m-account-view [data-balance]')), /^777\.123 ETH$/)
    await page.keyboard.press('Escape')
  })

  test('2. personal_sign goes to the wallet and back; viem verifies the signature', async () => {
    const message = `OpenModal over WalletConnect ${Date.now()}`
    const started = performance.now()
    const signature = await signInPage(message)
    timings.personalSign = ms(started)
    assert.match(signature, /^0x[0-9a-f]{130}$/)
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message, signature }), true)
    assert.equal(wallet.requests.at(-1)?.method, 'personal_sign')
  })

  test('5. reload: the session is restored without a new QR code or proposal', async () => {
    const proposals = wallet.proposals.length
    await page.reload()
    await waitForAccount((a) => a.status === 'connected', 'restored')
    assert.equal((await account()).address, ACCOUNT_0)
    assert.equal(wallet.proposals.length, proposals, 'no new proposal')
    assert.equal(await qr().count(), 0)
    // The restored session still signs (the engine waits ~1 s between requests).
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    const message = 'after reload'
    assert.equal(
      await verifyMessage({ address: ACCOUNT_0, message, signature: await signInPage(message) }),
      true,
    )
  })

  test('6. the relay dies and comes back mid-session: the next request is answered', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await relay.restart({ downMs: 300 })
    const started = performance.now()
    const message = 'after the relay came back'
    const signature = await signInPage(message)
    timings.requestAfterRelayRestart = ms(started)
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message, signature }), true)
  })

  test('4. the wallet deletes the session: disconnected, and no session data is left', async () => {
    await wallet.disconnect()
    await waitForAccount((a) => a.status === 'disconnected', 'disconnected by the wallet')
    assert.equal(await text(page.locator('w3m-button button')), 'Connect Wallet')
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('@openmodal/')),
    )
    assert.ok(!keys.includes('@openmodal/connectedConnectorIds'), keys.join())
    assert.ok(!keys.includes('@openmodal/lastUsedChain'), keys.join())
    // sign-client's own store (IndexedDB): no session left.
    const sessions = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('WALLET_CONNECT_V2_INDEXED_DB')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const store = db
              .transaction(db.objectStoreNames[0], 'readonly')
              .objectStore(db.objectStoreNames[0])
            const keys = store.getAllKeys()
            keys.onsuccess = () => {
              const key = keys.result.find((k) => String(k).endsWith('//session'))
              if (!key) return resolve([])
              const value = store.get(key)
              value.onsuccess = () => {
                const raw = value.result
                resolve(typeof raw === 'string' ? JSON.parse(raw) : raw)
              }
            }
          }
        }),
    )
    assert.deepEqual(sessions, [])
    await page.reload()
    await page.waitForFunction(() => window.__openmodal.getAccount().status === 'disconnected')
  })

  test('3. the wallet rejects: "Connection rejected"; Try again shows a new URI that connects', async () => {
    wallet.proposalMode = 'reject'
    const rejectedUri = await showQr()
    await wallet.pair(rejectedUri)
    const connecting = view('w3m-connecting-walletconnect-view')
    assert.equal(await text(connecting.locator('[data-error]')), 'Connection rejected')
    assert.equal((await account()).status, 'disconnected')
    wallet.proposalMode = 'approve'
    await connecting.locator('[part="retry-button"]').click()
    await qr().waitFor({ timeout: STEP_TIMEOUT })
    const fresh = await qr().getAttribute('data-uri')
    assert.notEqual(fresh, rejectedUri, 'a new URI')
    await wallet.pair(fresh)
    await waitForAccount((a) => a.status === 'connected', 'connected after Try again')
    await page.evaluate(() => window.__openmodal.disconnect())
    await waitForAccount((a) => a.status === 'disconnected', 'disconnected')
    assert.deepEqual(pageErrors, [])
  })

  test('7. pairing expiry (fake clock): under 10 s left, a new URI replaces the old one', async () => {
    const clocked = await newContext()
    try {
      await clocked.clock.install()
      const other = await stack.newPage(clocked)
      await other.goto(origin)
      const first = await showQr(other)
      // 4 minutes minus 10 s, and a bit: the client renews the pairing on its own.
      await other.clock.fastForward('03:51')
      const renewed = await waitUntil(
        () => qr(other).getAttribute('data-uri', { timeout: STEP_TIMEOUT }),
        (uri) => uri !== first,
        { timeout: STEP_TIMEOUT, what: 'the renewed pairing URI' },
      )
      assert.notEqual(renewed, first)
      assert.match(renewed, /^wc:/)
      assert.equal(
        await text(view('w3m-connecting-walletconnect-view [data-renewed]', other)),
        'The QR code expired and was renewed',
      )
      // The new URI pairs.
      await wallet.pair(renewed)
      await waitForAccount((a) => a.status === 'connected', 'connected on the renewed URI', other)
    } finally {
      await clocked.close()
    }
    assert.deepEqual(pageErrors, [])
  })

  test('8. EVM + Solana: a reload restores both namespaces from the stored session; Solana signs over it', async () => {
    solanaRpc = await startSolanaRpc()
    const localnet = `solana:${solanaRpc.genesisHash.slice(0, 32)}`
    solanaWallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: chains.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
      namespaces: {
        solana: solanaNamespaceWallet({
          wallet: createSolanaDevWallet({ rpcUrl: solanaRpc.rpcUrl }),
          chains: { [localnet]: 'solana:localnet' },
        }),
      },
    })
    const both = await newContext({
      ...config,
      solana: { rpcUrl: solanaRpc.rpcUrl, genesisHash: solanaRpc.genesisHash },
    })
    try {
      const other = await stack.newPage(both)
      const accounts = () =>
        other.evaluate(() => ({
          eip155: window.__openmodal.getAccount('eip155'),
          solana: window.__openmodal.getAccount('solana'),
        }))
      const bothConnected = async (what) => {
        await other
          .waitForFunction(
            () =>
              ['eip155', 'solana'].every(
                (ns) => window.__openmodal.getAccount(ns).status === 'connected',
              ),
            null,
            { timeout: STEP_TIMEOUT },
          )
          .catch(async (error) => {
            const { eip155, solana } = await accounts()
            throw new Error(`${what}: eip155 ${eip155.status}, solana ${solana.status}`, {
              cause: error,
            })
          })
        const { eip155, solana } = await accounts()
        assert.equal(eip155.address, ACCOUNT_0, what)
        assert.equal(solana.caipAddress, `${localnet}:${SOL_ADDRESS}`, what)
        assert.equal(solana.connectedWalletInfo?.name, 'WalletConnect', what)
      }

      await other.goto(origin)
      await solanaWallet.pair(await showQr(other))
      await bothConnected('connected')
      const [session] = solanaWallet.sessions
      assert.deepEqual(Object.keys(session?.namespaces ?? {}).sort(), ['eip155', 'solana'])
      const proposals = solanaWallet.proposals.length
      // Solana is the active chain when the page reloads: it must come back as the active one.
      await other.evaluate((id) => window.__openmodal.switchNetwork(id), localnet)

      const started = performance.now()
      await other.reload()
      await bothConnected('restored after the reload')
      timings.reloadToBothRestored = ms(started)
      assert.equal(solanaWallet.proposals.length, proposals, 'no new proposal')
      assert.deepEqual(
        solanaWallet.sessions.map((s) => s.topic),
        [session.topic],
        'the same session',
      )
      assert.equal(await qr(other).count(), 0, 'no QR code')
      assert.equal(await other.evaluate(() => window.__openmodal.getState().activeChain), 'solana')
      // Restoring asked the wallet nothing, so its engine takes the next request at once.
      assert.equal(solanaWallet.requests.length, 0)

      const message = `Solana over a restored WalletConnect session ${Date.now()}`
      const signature = await other.evaluate(
        ({ text, address }) => window.__openmodalSolana.signMessage({ message: text, address }),
        { text: message, address: SOL_ADDRESS },
      )
      assert.equal(verifyEd25519(SOL_ADDRESS, message, signature), true)
      assert.equal(verifyEd25519(SOL_ADDRESS, `${message}!`, signature), false)
      const request = solanaWallet.requests.at(-1)
      assert.equal(request?.method, 'solana_signMessage')
      assert.equal(request?.chainId, localnet)
      assert.equal(request?.topic, session.topic)
      assert.equal(request?.params?.pubkey, SOL_ADDRESS)
    } finally {
      await both.close()
    }
    assert.deepEqual(pageErrors, [])
  })
})
