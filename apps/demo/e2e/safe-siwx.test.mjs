// Sign-In With X inside the Safe stand-in, end to end: the built demo (`vite preview`, with
// `?siwx=required`) framed by the Safe stand-in page on another loopback origin, a real Safe
// v1.4.1 on anvil behind it, in the system Chromium. The Safe connects by itself, the sign-in
// is signed by the Safe (EIP-1271) both ways Safe{Wallet} signs messages: off chain (the
// owners' signatures) and on chain (SignMessageLib, empty signature), and localSiwx keeps the
// session only after verifying it by eth_call to anvil, again on every read.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { verifySiwxMessage } from '@openmodal/siwx'
import { deploySafe, fundAccount, startSafeStandIn } from '@openmodal/testing/node'
import { createPublicClient, http, parseEther } from 'viem'
import { startStack } from './stack.mjs'

const SESSIONS_KEY = '@openmodal/siwx/sessions'
const STEP_TIMEOUT = 20_000

describe('SIWX inside the Safe stand-in: the Safe signs, localSiwx verifies by ERC-1271', () => {
  let stack
  let chains
  let preview
  let browser
  let safe
  let client

  before(async () => {
    stack = await startStack({
      prepare: async ({ chains }) => {
        const [chain] = chains.chains
        const safe = await deploySafe(chain.rpcUrl)
        await fundAccount(chain.rpcUrl, safe.address, { value: parseEther('1') })
        return safe
      },
      // A context per stand-in: the demo's config names the stand-in's origin.
      context: false,
    })
    ;({ chains, preview, browser } = stack)
    safe = stack.prepared
    client = createPublicClient({ transport: http(chains.chains[0].rpcUrl) })
  })

  after(() => stack?.stop())

  /** The demo inside a stand-in signing messages `mode`; resolves with the demo's frame. */
  async function openInSafe(mode) {
    const [chain] = chains.chains
    const standIn = await startSafeStandIn({ rpcUrl: chain.rpcUrl, safe, messageSigning: mode })
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    const pageErrors = []
    // Runs in every frame: the framed demo reads its local stack from it.
    await context.addInitScript(
      (demo) => {
        window.__openmodalDemo = demo
      },
      {
        chains: chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
        devWallet: false,
        safeOrigin: standIn.origin,
      },
    )
    const page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error))
    await page.goto(standIn.url(`${preview.origin}/?siwx=required`))
    const frame = async () => {
      for (let i = 0; i < 200; i++) {
        const found = page.frames().find((f) => f.url().startsWith(preview.origin))
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error('The demo frame did not load')
    }
    return {
      page,
      frame,
      pageErrors,
      close: async () => {
        await context.close()
        await standIn.stop()
      },
      standIn,
    }
  }

  const waitStatus = (frame, value) =>
    frame.waitForFunction(
      (value) => document.querySelector('[data-testid="siwx-status"]')?.textContent === value,
      value,
      { timeout: STEP_TIMEOUT },
    )

  /** Connects by itself, opens the sign view (required), signs; answers the stored session. */
  async function signInInside(frame) {
    await frame.waitForFunction(
      () => window.__openmodal?.getAccount('eip155').status === 'connected',
      null,
      { timeout: STEP_TIMEOUT },
    )
    const account = await frame.evaluate(() => window.__openmodal.getAccount('eip155'))
    assert.equal(account.address.toLowerCase(), safe.address.toLowerCase(), 'the Safe connected')
    const sign = frame.locator('w3m-modal dialog w3m-siwx-sign-message-view [data-sign]')
    await sign.waitFor({ timeout: STEP_TIMEOUT })
    await sign.click()
    await waitStatus(frame, 'signed')
    assert.equal(
      (await frame.getByTestId('siwx-address').textContent()).toLowerCase(),
      safe.address.toLowerCase(),
    )
    const sessions = await frame.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]'),
      SESSIONS_KEY,
    )
    assert.equal(sessions.length, 1, 'one session stored')
    return sessions[0]
  }

  /** The stored session verifies in Node too, by the Safe's isValidSignature on anvil. */
  async function verifyInNode(session) {
    const data = await verifySiwxMessage({
      message: session.message,
      signature: session.signature,
      getClient: () => client,
    })
    assert.equal(data.accountAddress.toLowerCase(), safe.address.toLowerCase())
    const edited = session.message.replace('Sign in to the OpenModal demo', 'Sign in elsewhere')
    assert.notEqual(edited, session.message)
    await assert.rejects(
      verifySiwxMessage({ message: edited, signature: session.signature, getClient: () => client }),
      (error) => error.reason === 'invalid-signature',
    )
  }

  test('off-chain Safe message: the owners sign, the session is stored and verified', async () => {
    const inside = await openInSafe('off-chain')
    try {
      const frame = await inside.frame()
      const session = await signInInside(frame)
      assert.match(session.signature, /^0x[0-9a-f]{130,}$/, 'the owners’ signatures')
      assert.equal(inside.standIn.executed.size, 0, 'no Safe transaction for an off-chain message')
      await verifyInNode(session)
      // Read again after a reload: localSiwx verifies it again (by eth_call) and keeps it.
      await inside.page.reload()
      const again = await inside.frame()
      await waitStatus(again, 'signed')
      assert.equal(await again.locator('w3m-modal dialog').isVisible(), false, 'no new prompt')
      assert.deepEqual(inside.pageErrors, [])
    } finally {
      await inside.close()
    }
  })

  test('on-chain Safe message: SignMessageLib runs through the Safe, signature 0x verifies', async () => {
    const inside = await openInSafe('on-chain')
    try {
      const frame = await inside.frame()
      const session = await signInInside(frame)
      assert.equal(session.signature, '0x', 'approved on chain: the empty signature')
      assert.equal(inside.standIn.executed.size, 1, 'one Safe transaction (SignMessageLib)')
      await verifyInNode(session)
      await inside.page.reload()
      const again = await inside.frame()
      await waitStatus(again, 'signed')
      assert.equal(await again.locator('w3m-modal dialog').isVisible(), false, 'no new prompt')
      assert.deepEqual(inside.pageErrors, [])
    } finally {
      await inside.close()
    }
  })
})
