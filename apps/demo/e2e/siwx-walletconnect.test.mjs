// WalletConnect one-click auth end to end (issue 16, test 6): the built demo in the system
// Chromium with `?siwx=optional&siwxSessions=server`, the wallet harness in Node (a real
// sign-client signing with anvil's keys) over the local relay, apps/server on PGlite. Pairing
// and sign-in are one step: the wallet answers the auth request with a Cacao, the server
// verifies the message and keeps the session with its Cacao, and the modal never shows its
// sign view. A wallet without one-click auth pairs through the fallback proposal, and the modal
// then asks for the signature as usual.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createWalletHarness } from '@openmodal/testing/node'
import { verifyMessage } from 'viem'
import { refuseForeign, startStack } from './stack.mjs'

const WC_ID = 'com.walletconnect'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKENS_KEY = '@openmodal/siwx/server/demo'
const STEP_TIMEOUT = 20_000

describe('WalletConnect one-click auth, demo ↔ wallet harness over the local relay', () => {
  let stack
  let chains
  let relay
  let server
  let preview
  let pageErrors
  const wallets = []

  before(async () => {
    stack = await startStack({
      relay: true,
      server: {},
      // EVM networks only: sign-client's one-click auth is eip155-only.
      demo: ({ local, relay, server }) => ({
        chains: local,
        devWallet: false,
        relayUrl: relay.url,
        apiUrl: server.url,
      }),
      viewport: { width: 1024, height: 900 },
      context: false,
    })
    ;({ chains, relay, server, preview, pageErrors } = stack)
    stack.defer(() => Promise.all(wallets.map((w) => w.close())))
  })

  after(() => stack?.stop())

  async function harness(options = {}) {
    const wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: chains.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
      ...options,
    })
    wallets.push(wallet)
    return wallet
  }

  async function openPage() {
    const context = await stack.newContext()
    // Nothing but loopback: never the public relay, Verify or telemetry.
    await refuseForeign(context, pageErrors)
    const page = await stack.newPage(context)
    await page.goto(`${preview.origin}/?siwx=optional&siwxSessions=server`)
    return page
  }

  /** Opens Connect, picks WalletConnect and resolves with the URI of the QR code shown. */
  async function showQr(page) {
    await page.evaluate(() => window.__openmodal.open({ view: 'Connect' }))
    await page.locator(`w3m-modal dialog w3m-connect-view button[data-id="${WC_ID}"]`).click()
    const qr = page.locator('w3m-modal dialog w3m-connecting-walletconnect-view wui-qr-code')
    // The first QR of the file pays the page's cold start and the relay connection: on a CI
    // machine running the other lane it took over 20 s once, so it gets more.
    await qr.and(page.locator('[data-uri]')).waitFor({ timeout: 3 * STEP_TIMEOUT })
    return qr.getAttribute('data-uri')
  }

  const waitStatus = (page, value) =>
    page.waitForFunction(
      (value) => document.querySelector('[data-testid="siwx-status"]')?.textContent === value,
      value,
      { timeout: STEP_TIMEOUT },
    )
  const signView = (page) => page.locator('w3m-modal dialog w3m-siwx-sign-message-view')

  /** The server's session for the page's stored token (`/v1/auth/me`). */
  async function serverSession(page) {
    const [entry] = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]'),
      TOKENS_KEY,
    )
    const response = await fetch(`${server.url}/v1/auth/me?projectId=demo`, {
      headers: { origin: preview.origin, authorization: `Bearer ${entry.token}` },
    })
    assert.equal(response.status, 200)
    return { token: entry.token, session: (await response.json()).session }
  }

  test('one step: pairing signs in; the server verified and keeps the session with its Cacao', async () => {
    const wallet = await harness()
    const page = await openPage()
    const uri = await showQr(page)
    const started = performance.now()
    await wallet.pair(uri)
    await waitStatus(page, 'signed')
    console.log(
      `# one-click auth, pair → session stored on the server: ${Math.round(performance.now() - started)} ms`,
    )
    assert.equal(await signView(page).count(), 0, 'the modal never asked for a signature')
    assert.equal(wallet.authRequests.length, 1)
    assert.equal(wallet.proposals.length, 0, 'the fallback proposal was not used')
    assert.equal(
      wallet.requests.filter((r) => r.method === 'personal_sign').length,
      0,
      'no separate signature request',
    )
    assert.equal(await page.getByTestId('siwx-address').textContent(), ACCOUNT_0)
    const { token, session } = await serverSession(page)
    assert.equal(session.address, ACCOUNT_0)
    assert.equal(session.chainId, `eip155:${chains.chains[0].chainId}`)
    assert.equal(session.cacao?.p?.iss, `did:pkh:eip155:${chains.chains[0].chainId}:${ACCOUNT_0}`)
    assert.equal(session.cacao?.s?.t, 'eip191')
    assert.equal(session.signature, session.cacao.s.s)
    assert.equal(session.cacao.p.nonce, /\nNonce: (\w+)\n/.exec(session.message)?.[1])
    assert.match(session.message, new RegExp(`^${new URL(preview.origin).host} wants you`))
    assert.equal(
      await verifyMessage({
        address: ACCOUNT_0,
        message: session.message,
        signature: session.signature,
      }),
      true,
    )
    // Sign-out revokes it on the server.
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus(page, 'idle')
    const me = await fetch(`${server.url}/v1/auth/me?projectId=demo`, {
      headers: { origin: preview.origin, authorization: `Bearer ${token}` },
    })
    assert.equal(me.status, 401)
    await page.context().close()
  })

  test('a wallet without one-click auth pairs through the proposal; the modal then asks to sign', async () => {
    const wallet = await harness({ oneClickAuth: false })
    const page = await openPage()
    const uri = await showQr(page)
    await wallet.pair(uri)
    await signView(page).locator('[data-statement]').waitFor({ timeout: STEP_TIMEOUT })
    assert.equal(wallet.proposals.length, 1)
    await signView(page).locator('[data-sign]').click()
    await waitStatus(page, 'signed')
    assert.equal(wallet.requests.filter((r) => r.method === 'personal_sign').length, 1)
    const { session } = await serverSession(page)
    assert.equal(session.address, ACCOUNT_0)
    assert.equal(session.cacao, undefined)
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus(page, 'idle')
    await page.context().close()
    assert.deepEqual(pageErrors, [])
  })
})
