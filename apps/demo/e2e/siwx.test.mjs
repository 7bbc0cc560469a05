// Sign-In With X end to end: the built demo (`vite preview`) with `?siwx=optional|required`
// (localSiwx(): sessions in the browser, verified on every read), a real anvil chain and the
// real dev wallet, in the system Chromium. One page, in order: sign in, decline then sign
// again, reload keeps the session, sign-out removes it, required mode cannot close.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { verifyMessage } from 'viem'
import { startStack } from './stack.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SESSIONS_KEY = '@openmodal/siwx/sessions'
const STEP_TIMEOUT = 20_000

describe('Sign-In With X in the demo, end to end', () => {
  let stack
  let chains
  let page
  let origin
  let pageErrors

  before(async () => {
    stack = await startStack({
      demo: ({ local }) => ({ chains: local, devWallet: false }),
      initScripts: ({ local }) => [
        [
          ({ local }) => {
            window.__openmodalDevWalletConfig = {
              // A third chain the demo does not configure (served by the first anvil).
              chains: [
                ...local.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
                { id: 4242, rpcUrl: local[0].rpcUrl },
              ],
              persistKey: 'e2e-siwx-dev-wallet',
            }
          },
          { local },
        ],
      ],
      devWallet: true,
    })
    ;({ chains, page, origin, pageErrors } = stack)
  })

  after(() => stack?.stop())

  const wallet = (fn) => page.evaluate(`(${fn})(window.__openmodalDevWallet.wallet)`)
  const signCount = () =>
    wallet((w) => w.requests.filter((r) => r.method === 'personal_sign').length)
  const dialog = () => page.locator('w3m-modal dialog')
  const signView = () => page.locator('w3m-modal dialog w3m-siwx-sign-message-view')
  const status = () => page.getByTestId('siwx-status')
  const storedSessions = () =>
    page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), SESSIONS_KEY)
  const waitStatus = (value) =>
    page.waitForFunction(
      (value) => document.querySelector('[data-testid="siwx-status"]')?.textContent === value,
      value,
      { timeout: STEP_TIMEOUT },
    )

  async function connectDevWallet() {
    await page.locator('w3m-button button').click()
    await dialog().waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
    await page
      .locator(`w3m-modal dialog w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`)
      .click()
    await signView().locator('[data-statement]').waitFor({ timeout: STEP_TIMEOUT })
  }

  /** The sessions kept for ACCOUNT_0, whatever the storage's outer shape. */
  async function sessionsOfAccount() {
    const raw = JSON.stringify(await storedSessions())
    return raw.toLowerCase().split(ACCOUNT_0.toLowerCase()).length - 1
  }

  test('optional mode: the view shows statement and domain; Sign stores a verified session', async () => {
    await page.goto(`${origin}/?siwx=optional`)
    await connectDevWallet()
    const view = signView()
    assert.equal(
      (await view.locator('[data-statement]').textContent()).trim(),
      'Sign in to the OpenModal demo',
    )
    assert.equal((await view.locator('.domain').textContent()).trim(), new URL(origin).host)
    const started = Date.now()
    await view.locator('[data-sign]').click()
    await waitStatus('signed')
    const elapsed = Date.now() - started
    console.log(`# Sign click to session stored: ${elapsed} ms`)
    await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    assert.equal(await page.getByTestId('siwx-address').textContent(), ACCOUNT_0)
    assert.ok((await sessionsOfAccount()) > 0, 'the session is stored')
    // The stored session (an array of spec §3 sessions) verifies in Node over its exact text.
    const [session] = await storedSessions()
    assert.equal(session.data.accountAddress, ACCOUNT_0)
    assert.match(session.message, /wants you to sign in with your Ethereum account:/)
    assert.equal(
      await verifyMessage({
        address: ACCOUNT_0,
        message: session.message,
        signature: session.signature,
      }),
      true,
    )
  })

  test('reload keeps the session without a new prompt', async () => {
    const before = await signCount()
    await page.reload()
    await waitStatus('signed')
    assert.equal(await dialog().isVisible(), false)
    assert.equal(await page.getByTestId('siwx-address').textContent(), ACCOUNT_0)
    assert.equal(await signCount(), 0, 'no new signature request after the reload')
    assert.ok(before >= 1)
  })

  test('sign-out removes the session; reload then asks again', async () => {
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus('idle')
    assert.equal(await sessionsOfAccount(), 0)
    await page.reload()
    await waitStatus('idle')
    await connectDevWallet()
    assert.equal(await status().textContent(), 'unsigned')
  })

  test('decline shows "Signature declined", and Sign again signs', async () => {
    const view = signView()
    await wallet((w) => w.rejectNext(4001, { method: 'personal_sign' }))
    await view.locator('[data-sign]').click()
    const error = view.locator('[data-error]')
    await error.waitFor({ timeout: STEP_TIMEOUT })
    assert.equal((await error.textContent()).trim(), 'Signature declined')
    assert.equal(await sessionsOfAccount(), 0)
    await view.locator('[data-sign]').click()
    await waitStatus('signed')
    assert.ok((await sessionsOfAccount()) > 0)
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus('idle')
  })

  test('a network the app did not configure never prompts; a configured one does, and Cancel goes back', async () => {
    await page.goto(`${origin}/?siwx=optional`)
    await waitStatus('idle')
    await connectDevWallet()
    await signView().locator('[data-sign]').click()
    await waitStatus('signed')
    const [first, second] = chains.chains
    const switchTo = (id) =>
      page.evaluate(
        (id) =>
          window.__openmodalDevWallet.wallet.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: `0x${id.toString(16)}` }],
          }),
        id,
      )
    await switchTo(4242)
    await waitStatus('idle')
    await page.waitForTimeout(300)
    assert.equal(await signView().isVisible(), false, 'no sign view on chain 4242')
    await switchTo(second.chainId)
    await signView().locator('[data-statement]').waitFor({ timeout: STEP_TIMEOUT })
    await signView().locator('[data-cancel]').click()
    await waitStatus('signed')
    assert.equal(await page.getByTestId('siwx-chain').textContent(), `eip155:${first.chainId}`)
    await page.getByTestId('siwx-sign-out').click()
    await waitStatus('idle')
  })

  test('required mode: Escape and the backdrop do not close; Cancel disconnects', async () => {
    await page.goto(`${origin}/?siwx=required`)
    await waitStatus('idle')
    await connectDevWallet()
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 5)
    await page.waitForTimeout(300)
    assert.equal(await signView().isVisible(), true)
    assert.equal(await page.locator('w3m-modal dialog [part="close-button"]').count(), 0)
    await signView().locator('[data-cancel]').click()
    await dialog().waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    await page.waitForFunction(
      () => window.__openmodal.getAccount().status === 'disconnected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    assert.equal(await sessionsOfAccount(), 0)
    assert.deepEqual(pageErrors, [])
  })
})
