// Sign-In With X with sessions on our server, end to end: the built demo with
// `?siwx=optional&siwxSessions=server` (serverSiwx({ apiUrl })), apps/server on PGlite, a real
// anvil chain and the real dev wallet, in the system Chromium. Connect → Sign → the server
// holds the session (`/v1/auth/me` answers its token); a reload keeps it without a new prompt;
// sign-out revokes it on the server and the next visit asks again. Every request the page makes
// goes to the page's origin, the chains, or the server the demo was given.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { verifyMessage } from 'viem'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKENS_KEY = '@openmodal/siwx/server/demo'
const STEP_TIMEOUT = 20_000

describe('Sign-In With X with sessions on the server, end to end', () => {
  let stack
  let chains
  let server
  let preview
  let page
  let pageErrors
  const requests = []

  before(async () => {
    stack = await startStack({
      // The demo page's project (projectId `demo`) on this test's chains: sessions are accepted
      // for these chains only, from pages on loopback.
      server: {},
      demo: ({ local, server }) => ({ chains: local, devWallet: false, apiUrl: server.url }),
      initScripts: ({ local }) => [
        [
          ({ local }) => {
            window.__openmodalDevWalletConfig = {
              chains: local.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
              persistKey: 'e2e-siwx-server-dev-wallet',
            }
          },
          { local },
        ],
      ],
      devWallet: true,
    })
    ;({ chains, server, preview, page, pageErrors } = stack)
    page.on('request', (request) => requests.push(request.url()))
  })

  after(() => stack?.stop())

  const wallet = (fn) => page.evaluate(`(${fn})(window.__openmodalDevWallet.wallet)`)
  const signCount = () =>
    wallet((w) => w.requests.filter((r) => r.method === 'personal_sign').length)
  const dialog = () => page.locator('w3m-modal dialog')
  const signView = () => page.locator('w3m-modal dialog w3m-siwx-sign-message-view')
  const tokens = () =>
    page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), TOKENS_KEY)
  const waitStatus = (value) =>
    page.waitForFunction(
      (value) => document.querySelector('[data-testid="siwx-status"]')?.textContent === value,
      value,
      { timeout: STEP_TIMEOUT },
    )
  /** `GET /v1/auth/me` as the page's origin asks it, with a session's bearer token. */
  const me = (token) =>
    fetch(`${server.url}/v1/auth/me?projectId=demo`, {
      headers: { origin: preview.origin, authorization: `Bearer ${token}` },
    })
  const authRequests = () => requests.filter((url) => url.includes('/v1/auth/'))

  async function connectDevWallet() {
    await page.locator('w3m-button button').click()
    await dialog().waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
    await page
      .locator(`w3m-modal dialog w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`)
      .click()
    await signView().locator('[data-statement]').waitFor({ timeout: STEP_TIMEOUT })
  }

  let token

  test('browser sessions never call the auth routes, though the demo has a server', async () => {
    await page.goto(`${preview.origin}/?siwx=optional`)
    await connectDevWallet()
    await signView().locator('[data-sign]').click()
    await waitStatus('signed')
    assert.deepEqual(authRequests(), [])
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus('idle')
    assert.deepEqual(authRequests(), [])
  })

  test('Sign stores the session on the server; /v1/auth/me answers its token', async () => {
    await page.goto(`${preview.origin}/?siwx=optional&siwxSessions=server`)
    assert.equal(await page.getByTestId('siwx-sessions-select').inputValue(), 'server')
    await connectDevWallet()
    const started = Date.now()
    await signView().locator('[data-sign]').click()
    await waitStatus('signed')
    console.log(`# Sign click to session stored on the server: ${Date.now() - started} ms`)
    await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    assert.equal(await page.getByTestId('siwx-address').textContent(), ACCOUNT_0)
    const stored = await tokens()
    assert.equal(stored.length, 1)
    assert.equal(stored[0].address, ACCOUNT_0)
    token = stored[0].token
    const response = await me(token)
    assert.equal(response.status, 200)
    const { session } = await response.json()
    assert.equal(session.address, ACCOUNT_0)
    assert.equal(session.chainId, `eip155:${chains.chains[0].chainId}`)
    assert.match(session.message, /wants you to sign in with your Ethereum account:/)
    assert.equal(
      await verifyMessage({
        address: ACCOUNT_0,
        message: session.message,
        signature: session.signature,
      }),
      true,
    )
    // The page kept only the token: no message or signature in its storage.
    assert.equal(await page.evaluate(() => localStorage.getItem('@openmodal/siwx/sessions')), null)
  })

  test('reload keeps the session without a new prompt', async () => {
    await page.reload()
    await waitStatus('signed')
    assert.equal(await dialog().isVisible(), false)
    assert.equal(await signCount(), 0, 'no new signature request after the reload')
    assert.ok(
      authRequests().some((url) => url.startsWith(`${server.url}/v1/auth/me`)),
      'the session came from the server',
    )
  })

  test('sign-out revokes it on the server; the next visit asks again', async () => {
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus('idle')
    assert.equal((await me(token)).status, 401, 'the server forgot the session')
    assert.deepEqual(await tokens(), [])
    await page.reload()
    await waitStatus('idle')
    await connectDevWallet()
    assert.equal(await page.getByTestId('siwx-status').textContent(), 'unsigned')
    assert.equal((await me(token)).status, 401, 'the old session did not come back')
  })

  test('the page called no host but its own, the chains and the configured server', async () => {
    const allowed = new Set([
      preview.origin,
      server.url,
      ...chains.chains.map(({ rpcUrl }) => new URL(rpcUrl).origin),
    ])
    const foreign = requests.filter((url) => {
      const { protocol, origin } = new URL(url)
      return (protocol === 'http:' || protocol === 'https:') && !allowed.has(origin)
    })
    assert.deepEqual(foreign, [])
    assert.deepEqual(pageErrors, [])
  })
})
