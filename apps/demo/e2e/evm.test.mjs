// End to end over EVM: the built demo (`vite preview`) with `evmAdapter()`, two real anvil
// chains on free ports, and the real dev wallet injected like an extension, in the system
// Chromium. One browser and one page, reused in order: each test starts where the previous
// one left off (connected → switched → signed → reloaded → …).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createPublicClient, formatEther, http, verifyMessage } from 'viem'
import { waitForText } from './modal.mjs'
import { rpc } from './preview.mjs'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// Odd balances, so the display must truncate (never round) to 3 decimals.
const BALANCE_A = 1234567890123456789012n // 1234.567890… ETH
const BALANCE_B = 42999999999999999999n // 42.999… ETH
const STEP_TIMEOUT = 20_000

/** '1234.5678' → '1,234.567' (spec §5: 3 decimals, truncated; grouped as English groups). */
function truncate3(decimal) {
  const [integer, fraction = ''] = decimal.split('.')
  return `${BigInt(integer).toLocaleString('en')}.${fraction.slice(0, 3).padEnd(3, '0')}`
}

const truncateAddress = (address) => `${address.slice(0, 4)}…${address.slice(-6)}`

describe('EVM wallets through viem, end to end', () => {
  let stack
  let chains
  let page
  let origin
  let pageErrors

  before(async () => {
    stack = await startStack({
      prepare: async ({ chains }) => {
        const [a, b] = chains.chains
        await rpc(a.rpcUrl, 'anvil_setBalance', [ACCOUNT_0, `0x${BALANCE_A.toString(16)}`])
        await rpc(b.rpcUrl, 'anvil_setBalance', [ACCOUNT_0, `0x${BALANCE_B.toString(16)}`])
      },
      // Every load of the page: the demo uses these chains (not the default ports) and leaves
      // the wallet to the test; the dev wallet knows only the first chain, so switching to the
      // second one must go through wallet_addEthereumChain. It keeps its grants across reloads.
      demo: ({ local }) => ({ chains: local, devWallet: false }),
      initScripts: ({ local }) => [
        [
          ({ first }) => {
            window.__openmodalDevWalletConfig = {
              chains: [{ id: first.chainId, rpcUrl: first.rpcUrl }],
              persistKey: 'e2e-dev-wallet',
            }
            // Another announced wallet, announced before the dev wallet: it is listed first until
            // the dev wallet becomes the recent one.
            const info = Object.freeze({
              uuid: '7b0e4f5e-1b7c-4d39-9a55-4f6a2c9d0e11',
              name: 'Other Wallet',
              icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
              rdns: 'dev.openmodal.other',
            })
            const detail = Object.freeze({ info, provider: { request: async () => [] } })
            const announce = () =>
              window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
            window.addEventListener('eip6963:requestProvider', announce)
            announce()
          },
          { first: local[0] },
        ],
      ],
      devWallet: true,
    })
    ;({ chains, page, origin, pageErrors } = stack)
  })

  after(() => stack?.stop())

  /** Runs `fn(wallet)` in the page on the injected dev wallet (the function's source is sent). */
  const wallet = (fn) => page.evaluate(`(${fn})(window.__openmodalDevWallet.wallet)`)
  const methods = () => wallet((w) => w.requests.map((r) => r.method))
  const account = () => page.evaluate(() => window.__openmodal.getAccount())
  const view = (tag) => page.locator(`w3m-modal dialog ${tag}`)
  const text = async (locator) =>
    (await locator.textContent({ timeout: STEP_TIMEOUT })).replace(/\s+/g, ' ').trim()
  const walletRows = () => view('w3m-connect-view button[part="item"]')
  const rowNames = async () =>
    (await walletRows().locator('.name').allTextContents()).map((t) => t.trim())

  async function waitForAccount(check, what) {
    await page
      .waitForFunction(`(${check})(window.__openmodal.getAccount())`, null, {
        timeout: STEP_TIMEOUT,
      })
      .catch(async (error) => {
        throw new Error(`${what}: ${JSON.stringify(await account())}`, { cause: error })
      })
  }

  async function openModal() {
    await page.locator('w3m-button button').click()
    await page.locator('w3m-modal dialog').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
  }

  async function connectDevWallet() {
    await openModal()
    await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
    await waitForAccount((a) => a.status === 'connected', 'connected')
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
  }

  async function balanceText() {
    const line = view('w3m-account-view [data-balance]')
    await waitForText(line, /ETH/, { timeout: STEP_TIMEOUT })
    return text(line)
  }

  test('connects through the announced dev wallet; Account shows the address and the anvil balance', async () => {
    await page.goto(origin)
    await openModal()
    await walletRows().first().waitFor({ timeout: STEP_TIMEOUT })
    assert.deepEqual(await rowNames(), ['Other Wallet', 'OpenModal Dev Wallet'])
    await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
    await waitForAccount((a) => a.status === 'connected', 'connected')
    assert.equal((await account()).address, ACCOUNT_0)
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })

    await openModal()
    assert.equal(await text(view('w3m-account-view [data-address]')), truncateAddress(ACCOUNT_0))
    const client = createPublicClient({ transport: http(chains.chains[0].rpcUrl) })
    const wei = await client.getBalance({ address: ACCOUNT_0 })
    assert.equal(wei, BALANCE_A)
    assert.equal(await balanceText(), `${truncate3(formatEther(wei))} ETH`)
    assert.equal(await balanceText(), '1,234.567 ETH')
    assert.equal(await text(view('w3m-account-view [part="network-button"]')), 'Anvil')
    assert.deepEqual(pageErrors, [])
  })

  test('switches to the second chain through wallet_addEthereumChain (4902 → add → switch)', async () => {
    assert.equal(await wallet((w) => w.chainId), 31337)
    await view('w3m-account-view [part="network-button"]').click()
    await wallet((w) => w.delay(400)) // long enough to see the view ask for approval
    await view('w3m-networks-view [data-network="eip155:31338"]').click()
    const switching = view('w3m-switch-network-view')
    assert.equal(await text(switching.locator('.headline')), 'Approve in wallet')
    await switching.locator('wui-spinner').waitFor({ timeout: STEP_TIMEOUT })
    await view('w3m-account-view').waitFor({ timeout: STEP_TIMEOUT })
    await wallet((w) => w.delay(0))
    assert.equal(await wallet((w) => w.chainId), 31338)
    const calls = (await methods()).filter((m) => m.startsWith('wallet_'))
    assert.deepEqual(calls, [
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    assert.equal(await text(view('w3m-account-view [part="network-button"]')), 'Anvil 2')
    await page.waitForFunction(
      () => window.__openmodal.getState().selectedNetworkId === 'eip155:31338',
    )
    const client = createPublicClient({ transport: http(chains.chains[1].rpcUrl) })
    const wei = await client.getBalance({ address: ACCOUNT_0 })
    await page.waitForFunction(() => window.__openmodal.getAccount().balance === '42.999', null, {
      timeout: STEP_TIMEOUT,
    })
    assert.equal(await balanceText(), `${truncate3(formatEther(wei))} ETH`)
  })

  test('signs a message through modal.getProvider("eip155"); viem verifies it in Node', async () => {
    const message = `OpenModal e2e ${Date.now()} ✓`
    const { address, signature } = await page.evaluate(async (text) => {
      const provider = window.__openmodal.getProvider('eip155')
      const [from] = await provider.request({ method: 'eth_accounts' })
      const hex = `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
      return {
        address: from,
        signature: await provider.request({ method: 'personal_sign', params: [hex, from] }),
      }
    }, message)
    assert.equal(address.toLowerCase(), ACCOUNT_0.toLowerCase())
    assert.match(signature, /^0x[0-9a-f]{130}$/)
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message, signature }), true)
    assert.equal(await verifyMessage({ address: ACCOUNT_1, message, signature }), false)
  })

  test('sendCalls: without EIP-5792 one transaction per call, and the visitor is told; a no is declined', async () => {
    const client = createPublicClient({ transport: http(chains.chains[1].rpcUrl) })
    const before = await client.getBalance({ address: ACCOUNT_1 })
    const send = (values) =>
      page.evaluate(async (values) => {
        const events = []
        const off = window.__openmodal.subscribeEvents((e) => {
          if (e.event.startsWith('SEND_CALLS')) events.push(e)
        })
        const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
        const calls = values.map((value) => ({ to, value: BigInt(value) }))
        const result = await window.__openmodalCalls.sendCalls({ calls }).finally(off)
        return { ...result, events }
      }, values)
    const status = (id) =>
      page.waitForFunction(
        (id) => window.__openmodalCalls.getCallsStatus(id).then((s) => s === 'success' || s),
        id,
        {
          timeout: STEP_TIMEOUT,
        },
      )
    const toast = view('wui-toast [part="toast"] .message')

    // The Account view is open (the previous steps left it so); the wallet stops batching.
    await wallet((w) => w.setEip5792(false))
    const sentBefore = (await methods()).length
    // Watched from before the send: the toast closes itself after 2.5 s.
    const notice = text(toast)
    const fallback = await send(['2', '3'])
    assert.equal(fallback.fallback, true)
    assert.deepEqual(
      fallback.events.map((e) => [e.event, e.properties.fallback, e.properties.calls]),
      [['SEND_CALLS_SUCCESS', true, 2]],
    )
    const asked = (await methods())
      .slice(sentBefore)
      .filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction')
    assert.deepEqual(asked, ['wallet_sendCalls', 'eth_sendTransaction', 'eth_sendTransaction'])
    assert.equal(
      await notice,
      'Your wallet cannot batch calls: it sent them one at a time, not as one batch',
    )
    assert.equal(await (await status(fallback.id)).jsonValue(), true)
    assert.equal(await client.getBalance({ address: ACCOUNT_1 }), before + 5n)

    // With EIP-5792 back: one wallet_sendCalls, no fallback and no notice of one.
    await wallet((w) => w.setEip5792(true))
    const batched = await send(['4'])
    assert.equal(batched.fallback, false)
    assert.deepEqual(
      batched.events.map((e) => [e.event, e.properties.fallback]),
      [['SEND_CALLS_SUCCESS', false]],
    )
    assert.equal(await (await status(batched.id)).jsonValue(), true)
    assert.equal(await client.getBalance({ address: ACCOUNT_1 }), before + 9n)

    // The visitor says no in the wallet: "Signature declined", nothing sent.
    await wallet((w) => w.rejectNext(4001, { method: 'wallet_sendCalls' }))
    const declined = await page.evaluate(async () => {
      const events = []
      const off = window.__openmodal.subscribeEvents((e) => events.push(e))
      const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const error = await window.__openmodalCalls
        .sendCalls({ calls: [{ to, value: 1n }] })
        .then(
          () => undefined,
          (e) => e.message,
        )
        .finally(off)
      return { error, events: events.map((e) => [e.event, e.properties?.declined]) }
    })
    assert.deepEqual(declined, {
      error: 'Signature declined',
      events: [['SEND_CALLS_ERROR', true]],
    })
    assert.equal(await client.getBalance({ address: ACCOUNT_1 }), before + 9n)
    assert.deepEqual(pageErrors, [])
  })

  test('the React page signs through useModalProvider("eip155") with a viem wallet client', async () => {
    const output = page.locator('[data-testid="signature"]')
    // The page's own button sits behind the modal: close it first, as a visitor would.
    await page.evaluate(() => window.__openmodal.close())
    await page.locator('[data-testid="sign-message"]').click()
    await page.waitForFunction(
      () =>
        /^0x[0-9a-f]{130}$/.test(
          document.querySelector('[data-testid="signature"]')?.textContent ?? '',
        ),
      undefined,
      { timeout: STEP_TIMEOUT },
    )
    const signature = await output.textContent()
    const message = 'Hello from OpenModal'
    assert.equal(await verifyMessage({ address: ACCOUNT_0, message, signature }), true)
  })

  test('reload: reconnects without a prompt; the recent wallet is listed first', async () => {
    await page.reload()
    await waitForAccount((a) => a.status === 'connected', 'reconnected')
    assert.equal((await account()).address, ACCOUNT_0)
    const calls = await methods()
    assert.ok(calls.includes('eth_accounts'), calls.join())
    assert.ok(!calls.includes('eth_requestAccounts'), `prompted: ${calls.join()}`)
    await page.evaluate(() => window.__openmodal.open({ view: 'Connect' }))
    await walletRows().nth(1).waitFor({ timeout: STEP_TIMEOUT })
    assert.deepEqual(await rowNames(), ['OpenModal Dev Wallet', 'Other Wallet'])
    assert.equal(await text(walletRows().first().locator('[part="tag"]')), 'Recent')
    await page.keyboard.press('Escape')
  })

  test('a wallet rejection shows "Connection rejected"; Try again connects', async () => {
    await page.evaluate(() => window.__openmodal.disconnect())
    await waitForAccount((a) => a.status === 'disconnected', 'disconnected')
    await wallet((w) => w.rejectNext(4001, { method: 'eth_requestAccounts' }))
    await openModal()
    await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
    const connecting = view('w3m-connecting-external-view')
    assert.equal(await text(connecting.locator('[data-error]')), 'Connection rejected')
    assert.equal((await account()).status, 'disconnected')
    await connecting.locator('[part="retry-button"]').click()
    await waitForAccount((a) => a.status === 'connected', 'connected after retry')
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
  })

  test('accountsChanged updates Account; the wallet disconnect event and the Disconnect button end the session', async () => {
    await openModal()
    const address = view('w3m-account-view [data-address]')
    assert.equal(await text(address), truncateAddress(ACCOUNT_0))
    await wallet((w) => w.setAccounts([1]))
    await waitForAccount((a) => a.address === '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'acc 1')
    assert.equal(await text(address), truncateAddress(ACCOUNT_1))
    await page.keyboard.press('Escape')

    await wallet((w) => w.emitDisconnect())
    await waitForAccount((a) => a.status === 'disconnected', 'disconnected by the wallet')
    assert.equal(await text(page.locator('w3m-button button')), 'Connect Wallet')

    await wallet((w) => w.setAccounts([0]))
    await connectDevWallet()
    const keys = () =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('@openmodal/')))
    const before = await keys()
    for (const key of ['@openmodal/connectedConnectorIds', '@openmodal/lastUsedChain']) {
      assert.ok(before.includes(key), `${key} stored while connected: ${before.join()}`)
    }
    await openModal()
    await view('w3m-account-view [part="disconnect-button"]').click()
    await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    assert.equal((await account()).status, 'disconnected')
    const left = await keys()
    assert.ok(!left.includes('@openmodal/connectedConnectorIds'), left.join())
    assert.ok(!left.includes('@openmodal/lastUsedChain'), left.join())
    // The recent-wallet list survives a disconnect on purpose (it orders the Connect view).
    assert.ok(left.includes('@openmodal/recentWallets'), left.join())
    assert.equal(await wallet((w) => w.authorized), false, 'the wallet revoked the site')
  })

  test('hostile announcements: no script runs, names stay text, no long task over 200 ms', async () => {
    await page.evaluate(() => {
      window.__pwned = undefined
      window.__longTasks = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration)
      }).observe({ type: 'longtask' })
      const provider = { request: async () => [] }
      const details = [
        {
          uuid: '0b5c1a36-0f0a-4d7e-8a1e-3c3f2e6d5a01',
          name: 'JS Icon',
          icon: 'javascript:window.__pwned="icon"',
          rdns: 'evil.icon',
        },
        {
          uuid: '0b5c1a36-0f0a-4d7e-8a1e-3c3f2e6d5a02',
          name: '<img src=x onerror="window.__pwned=1">Evil',
          icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
          rdns: 'evil.html',
        },
        {
          uuid: '0b5c1a36-0f0a-4d7e-8a1e-3c3f2e6d5a03',
          name: 'Dup First',
          icon: '',
          rdns: 'evil.dup.first',
        },
        {
          uuid: '0b5c1a36-0f0a-4d7e-8a1e-3c3f2e6d5a03',
          name: 'Dup Second',
          icon: '',
          rdns: 'evil.dup.second',
        },
        {
          uuid: '0b5c1a36-0f0a-4d7e-8a1e-3c3f2e6d5a04',
          name: 'M'.repeat(1_000_000),
          icon: '',
          rdns: 'evil.huge',
        },
        ...Array.from({ length: 1000 }, (_, i) => ({
          uuid: `1c5c1a36-0f0a-4d7e-8a1e-${String(i).padStart(12, '0')}`,
          name: `Burst ${i}`,
          icon: '',
          rdns: `evil.burst.w${i}`,
        })),
      ].map((info) => Object.freeze({ info: Object.freeze(info), provider }))
      const burst = () => {
        for (const detail of details) {
          window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
        }
      }
      window.addEventListener('eip6963:requestProvider', burst)
      burst()
    })
    await page.evaluate(() => window.__openmodal.open({ view: 'Connect' }))
    await view('w3m-connect-view button[data-id="evil.html"]').waitFor({ timeout: STEP_TIMEOUT })
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
    )

    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no script ran')
    const html = view('w3m-connect-view button[data-id="evil.html"]')
    const name = await html.locator('.name').evaluate((el) => ({
      text: el.textContent.trim(),
      inner: el.innerHTML,
      elements: el.querySelectorAll('*').length,
    }))
    assert.equal(name.text, '<img src=x onerror="window.__pwned=1">Evil')
    assert.equal(name.elements, 0, 'no element was created from the name')
    assert.match(name.inner, /&lt;img src=x onerror="window.__pwned=1"&gt;Evil/)
    const icon = view('w3m-connect-view button[data-id="evil.icon"]')
    assert.equal(await icon.locator('img').count(), 0, 'the javascript: icon is dropped')
    const names = await rowNames()
    assert.ok(names.includes('Dup First'))
    assert.ok(!names.includes('Dup Second'), 'a repeated uuid is ignored')
    const huge = names.find((n) => n.startsWith('MMMM'))
    assert.ok(huge && huge.length <= 64, `the 1 MB name is cut: ${huge?.length}`)
    // The adapter keeps at most 100 announced wallets (maxWallets).
    const count = await walletRows().count()
    assert.ok(count <= 100 && count > 50, `${count} rows`)
    const longTasks = await page.evaluate(() => window.__longTasks)
    assert.ok(
      longTasks.every((d) => d <= 200),
      `long tasks: ${longTasks.map(Math.round).join(', ')} ms`,
    )
    assert.deepEqual(pageErrors, [])
  })
})
