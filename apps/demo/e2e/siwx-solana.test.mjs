// Sign-In With Solana end to end, verified on our server: the built demo with
// `?siwx=optional&siwxSessions=server`, the local Solana cluster, apps/server on PGlite, in the
// system Chromium. The Solana dev wallet signs in twice: with its wallet-standard
// `solana:signIn` feature (the wallet writes the text), then, with `?solanasignin=0`, as a
// wallet without it (the SIWS text through `solana:signMessage`). Each time the server verifies
// and stores the session, and Node's own ed25519 check agrees.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { verifyEd25519 } from './preview.mjs'
import { startStack } from './stack.mjs'

const SOLANA_WALLET = 'OpenModal Solana Dev Wallet'
const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'
const TOKENS_KEY = '@openmodal/siwx/server/demo'
const STEP_TIMEOUT = 20_000

describe('Sign-In With Solana, verified on the server, end to end', () => {
  let stack
  let server
  let preview
  let localnet
  let pageErrors

  before(async () => {
    stack = await startStack({
      solana: true,
      server: {},
      demo: ({ local, rpc, server }) => ({
        chains: local,
        devWallet: true,
        solana: { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash },
        apiUrl: server.url,
      }),
      page: false,
    })
    ;({ server, preview, localnet, pageErrors } = stack)
  })

  // The page's web3.js WebSocket first, then the servers.
  after(() => stack?.stop())

  /** Connects the Solana dev wallet on a fresh page, signs in, answers the server's session. */
  async function signIn(query) {
    const page = await stack.newPage()
    await page.goto(`${preview.origin}/?siwx=optional&siwxSessions=server${query}`)
    await page.locator('w3m-button button').click()
    await page
      .locator(`w3m-modal dialog w3m-connect-view button[data-id="${SOLANA_WALLET}"]`)
      .click()
    const view = page.locator('w3m-modal dialog w3m-siwx-sign-message-view')
    await view.locator('[data-statement]').waitFor({ timeout: STEP_TIMEOUT })
    await view.locator('[data-sign]').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="siwx-status"]')?.textContent === 'signed',
      null,
      { timeout: STEP_TIMEOUT },
    )
    const features = await page.evaluate(() =>
      window.__openmodalSolanaDevWallet.calls.map((call) => call.feature),
    )
    const [entry] = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]'),
      TOKENS_KEY,
    )
    const response = await fetch(`${server.url}/v1/auth/me?projectId=demo`, {
      headers: { origin: preview.origin, authorization: `Bearer ${entry.token}` },
    })
    assert.equal(response.status, 200)
    const { session } = await response.json()
    await page.getByTestId('siwx-sign-out').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="siwx-status"]')?.textContent === 'idle',
      null,
      { timeout: STEP_TIMEOUT },
    )
    await page.close()
    return { features, session }
  }

  function assertVerifiedSession(session) {
    assert.equal(session.chainId, localnet)
    assert.equal(session.address, SOL_ADDRESS)
    const host = new URL(preview.origin).host
    assert.ok(
      session.message.startsWith(`${host} wants you to sign in with your Solana account:\n`),
      session.message,
    )
    assert.match(session.message, /\nSign in to the OpenModal demo\n/)
    assert.equal(verifyEd25519(SOL_ADDRESS, session.message, session.signature), true)
    assert.equal(
      verifyEd25519(SOL_ADDRESS, `${session.message} `, session.signature),
      false,
      'the check can fail',
    )
  }

  test('a wallet with solana:signIn signs in through it; the server verified the session', async () => {
    const { features, session } = await signIn('')
    assert.ok(features.includes('solana:signIn'), features.join(', '))
    assert.ok(!features.includes('solana:signMessage'), features.join(', '))
    assertVerifiedSession(session)
  })

  test('a wallet without it signs the SIWS text with signMessage; the server verified it', async () => {
    const { features, session } = await signIn('&solanasignin=0')
    assert.ok(!features.includes('solana:signIn'), features.join(', '))
    assert.ok(features.includes('solana:signMessage'), features.join(', '))
    assertVerifiedSession(session)
    assert.deepEqual(pageErrors, [])
  })
})
