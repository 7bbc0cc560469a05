// The CDN build under `Content-Security-Policy: script-src 'self'; require-trusted-types-for
// 'script'`, in the system Chromium: a page whose only scripts are same-origin files loads
// dist/openmodal.js, opens the modal, shows the WalletConnect QR (against a local relay) and
// All wallets, connects the dev wallet on a real anvil chain, shows the balance, the NFTs tab,
// the Arabic catalog and the networks, and disconnects, with no CSP violation, no console
// error and no request off loopback.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, test } from 'node:test'
import { devWalletScriptPath, startAnvil, startRelay } from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { DIST, NAMED_POLICY_CSP, STRICT_CSP, startServer } from './serve.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const WALLETCONNECT_ID = 'com.walletconnect'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const STEP_TIMEOUT = 8_000

describe('the CDN build under a strict CSP', () => {
  let anvil
  let relay
  let server
  let browser
  let page
  const consoleErrors = []
  const pageErrors = []
  const offLoopback = []

  before(async () => {
    ;[anvil, relay, server, browser] = await Promise.all([
      startAnvil(),
      startRelay(),
      startServer(),
      chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true }),
    ])
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
    page = await context.newPage()
    page.setDefaultTimeout(STEP_TIMEOUT)
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    page.on('pageerror', (error) => pageErrors.push(error))
    page.on('request', (request) => {
      const { hostname, protocol } = new URL(request.url())
      if (protocol !== 'data:' && hostname !== '127.0.0.1') offLoopback.push(request.url())
    })
    // Init scripts run before the page's own ones and are not subject to its CSP (a browser
    // extension's content script is not either): the violation recorder, the time the button
    // element gets defined, and the dev wallet on the test's chain.
    await context.addInitScript(
      ({ chain }) => {
        window.__cspViolations = []
        document.addEventListener(
          'securitypolicyviolation',
          (event) =>
            window.__cspViolations.push({
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
              sample: event.sample,
              source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
            }),
          true,
        )
        customElements.whenDefined('w3m-button').then(() => {
          window.__buttonDefinedAt = performance.now()
        })
        window.__openmodalDevWalletConfig = { chains: [chain] }
      },
      { chain: { id: anvil.chainId, rpcUrl: anvil.rpcUrl } },
    )
    await context.addInitScript({ path: devWalletScriptPath() })
  })

  after(async () => {
    await browser?.close()
    await Promise.all([server?.stop(), relay?.stop(), anvil?.stop()])
  })

  const violations = () => page.evaluate(() => window.__cspViolations)
  const dialog = () => page.locator('w3m-modal dialog')
  const view = (selector) => page.locator(`w3m-modal dialog ${selector}`)

  async function openModal() {
    await page.locator('w3m-button button').click()
    await dialog().waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
  }

  test('the page is served with the strict policy', async () => {
    const query = new URLSearchParams({ rpc: anvil.rpcUrl, relay: relay.url })
    const response = await page.goto(`${server.origin}/?${query}`)
    assert.equal(response.headers()['content-security-policy'], STRICT_CSP)
    await page.locator('#status').getByText('disconnected').waitFor({ timeout: STEP_TIMEOUT })
  })

  test('defines <w3m-button> from openmodal.js alone: no chunk before it', async () => {
    await page.waitForFunction(() => window.__buttonDefinedAt !== undefined)
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= window.__buttonDefinedAt)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.endsWith('.js')),
    )
    assert.deepEqual(loaded, ['/page.js', '/openmodal.js'])
  })

  test('opens the modal on Connect and lists the dev wallet and WalletConnect', async () => {
    await openModal()
    await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).waitFor({
      timeout: STEP_TIMEOUT,
    })
    await view(`w3m-connect-view button[data-id="${WALLETCONNECT_ID}"]`).waitFor({
      timeout: STEP_TIMEOUT,
    })
  })

  test('shows the WalletConnect QR code of a pairing with the local relay, then goes back', async () => {
    await view(`w3m-connect-view button[data-id="${WALLETCONNECT_ID}"]`).click()
    const qr = view('w3m-connecting-walletconnect-view wui-qr-code[part="qr"]')
    await qr.waitFor({ timeout: STEP_TIMEOUT })
    assert.match(await qr.getAttribute('data-uri'), /^wc:[0-9a-f]{64}@2\?/)
    await qr.locator('svg, canvas, img').first().waitFor({ timeout: STEP_TIMEOUT })
    await page.locator('w3m-modal [part="back-button"]').click()
    await view('w3m-connect-view').waitFor({ timeout: STEP_TIMEOUT })
  })

  test('shows All wallets, then goes back to Connect', async () => {
    await view('w3m-connect-view button.all-wallets').click()
    await view('w3m-all-wallets-view [part="wallet"][data-key]').first().waitFor()
    await page.locator('w3m-modal [part="back-button"]').click()
    await view('w3m-connect-view').waitFor()
  })

  test('connects the dev wallet; Account shows the anvil balance', async () => {
    await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
    await page
      .locator('#status')
      .getByText(`connected ${ACCOUNT_0}`)
      .waitFor({ timeout: STEP_TIMEOUT })
    await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    await openModal()
    // anvil's first account starts with 10000 ETH.
    await view('w3m-account-view [data-balance]')
      .getByText('10,000.000 ETH')
      .waitFor({ timeout: STEP_TIMEOUT })
  })

  test('shows the NFTs tab, and the Account view in Arabic (a lazy catalog, right to left)', async () => {
    await view('w3m-account-view [part="tab"][data-tab="nfts"]').click()
    await view('w3m-account-view [part="tab-panel"]:not([hidden])').first().waitFor()
    await page.evaluate(() => window.__modal.setLocale('ar'))
    await page.waitForFunction(() =>
      document.querySelector('w3m-modal')?.shadowRoot?.querySelector('[dir="rtl"]'),
    )
    await page.evaluate(() => window.__modal.setLocale('en'))
    await view('w3m-account-view [part="tab"][data-tab="tokens"]').click()
  })

  test('goes to Networks and back, then disconnects', async () => {
    await view('w3m-account-view [part="network-button"]').click()
    await view(`w3m-networks-view [data-network="eip155:${anvil.chainId}"]`).waitFor({
      timeout: STEP_TIMEOUT,
    })
    await page.locator('w3m-modal [part="back-button"]').click()
    await view('w3m-account-view [part="disconnect-button"]').click()
    await page.locator('#status').getByText('disconnected').waitFor({ timeout: STEP_TIMEOUT })
  })

  test('zero CSP violations, console errors and page errors; no request off loopback', async () => {
    assert.deepEqual(await violations(), [])
    assert.deepEqual(consoleErrors, [])
    assert.deepEqual(pageErrors, [])
    assert.deepEqual(offLoopback, [])
    // Every chunk the flow fetched is one of the build's files.
    const served = server.requests.filter((path) => path.startsWith('/chunks/'))
    assert.ok(served.length > 0, 'the views came from lazy chunks')
    for (const path of served) await readFile(`${DIST}${path}`)
  })

  test('the recorder sees violations when they happen (an HTML string sink, an inline script)', async () => {
    await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>not trusted</b>'
      } catch {}
      // Trusted Types let this one through; script-src 'self' then blocks the inline script.
      const policy = trustedTypes.createPolicy('csp-test', { createScript: (text) => text })
      const script = document.createElement('script')
      script.text = policy.createScript('window.__inlineRan = true')
      document.body.append(script)
    })
    await page.waitForFunction(() => window.__cspViolations.length >= 2)
    const directives = (await violations()).map((v) => v.directive).sort()
    assert.deepEqual(directives, ['require-trusted-types-for', 'script-src-elem'])
    assert.equal(await page.evaluate(() => window.__inlineRan), undefined)
  })
})

describe('the CDN build when the policy names the allowed Trusted Types policies', () => {
  let relay
  let server
  let browser
  let page
  const errors = []

  before(async () => {
    ;[relay, server, browser] = await Promise.all([
      startRelay(),
      startServer({ csp: NAMED_POLICY_CSP }),
      chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true }),
    ])
    page = await browser.newPage()
    page.setDefaultTimeout(STEP_TIMEOUT)
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(String(error)))
    await page.addInitScript(() => {
      window.__cspViolations = []
      document.addEventListener(
        'securitypolicyviolation',
        (event) => window.__cspViolations.push(`${event.effectiveDirective} ${event.sample}`),
        true,
      )
    })
  })

  after(async () => {
    await browser?.close()
    await Promise.all([server?.stop(), relay?.stop()])
  })

  test('`trusted-types lit-html` is enough: Solana, Connect, All wallets and the QR code', async () => {
    const query = new URLSearchParams({ relay: relay.url, solana: '' })
    const response = await page.goto(`${server.origin}/?${query}`)
    assert.equal(response.headers()['content-security-policy'], NAMED_POLICY_CSP)
    await page.locator('w3m-button button').click()
    const view = (selector) => page.locator(`w3m-modal dialog ${selector}`)
    await view('w3m-connect-view button.all-wallets').click()
    await view('w3m-all-wallets-view').waitFor()
    await page.locator('w3m-modal [part="back-button"]').click()
    await view(`w3m-connect-view button[data-id="${WALLETCONNECT_ID}"]`).click()
    await view('w3m-connecting-walletconnect-view wui-qr-code[part="qr"]').waitFor()
    assert.deepEqual(await page.evaluate(() => window.__cspViolations), [])
    assert.deepEqual(errors, [])
    // loadSolana() fetched the Solana chunk, and the modal has both networks.
    assert.ok(server.requests.some((path) => /^\/chunks\/solana-[\w-]+\.js$/.test(path)))
    const ids = await page.evaluate(async () => {
      const { $networks } = await import('/openmodal.js')
      return $networks.get().map((network) => network.caipNetworkId)
    })
    assert.deepEqual(ids, ['eip155:31337', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'])
    // A policy of another name is refused: the directive is in force.
    const refused = await page.evaluate(() => {
      try {
        trustedTypes.createPolicy('not-allowed', {})
        return false
      } catch {
        return true
      }
    })
    assert.equal(refused, true)
  })
})
