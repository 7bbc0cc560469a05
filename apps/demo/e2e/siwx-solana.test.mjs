// Sign-In With Solana end to end, verified on our server: the built demo with
// `?siwx=optional&siwxSessions=server`, the local Solana cluster, apps/server on PGlite, in the
// system Chromium. The Solana dev wallet signs in twice: with its wallet-standard
// `solana:signIn` feature (the wallet writes the text), then, with `?solanasignin=0`, as a
// wallet without it (the SIWS text through `solana:signMessage`). Each time the server verifies
// and stores the session, and Node's own ed25519 check agrees.
import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { startChains, startSolanaRpc } from '@openmodal/testing/node'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import {
  freePort,
  HOST,
  startPreview,
  startServer,
  startTogether,
  verifyEd25519,
} from './preview.mjs'

const SOLANA_WALLET = 'OpenModal Solana Dev Wallet'
const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'
const TOKENS_KEY = '@openmodal/siwx/server/demo'
const STEP_TIMEOUT = 8_000

describe('Sign-In With Solana, verified on the server, end to end', () => {
  let rpc
  let chains
  let server
  let preview
  let browser
  let context
  let dataDir
  let localnet
  const pageErrors = []

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'openmodal-demo-siwx-solana-'))
    ;[rpc, chains, preview, browser] = await startTogether([
      startSolanaRpc(),
      startChains(),
      startPreview(),
      chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true }),
    ])
    localnet = `solana:${rpc.genesisHash.slice(0, 32)}`
    const local = chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }))
    const config = {
      projects: [
        {
          projectId: 'demo',
          name: 'OpenModal demo',
          allowedOrigins: [`http://${HOST}:*`],
          chains: [
            ...local.map(({ chainId, rpcUrl }) => ({
              caipNetworkId: `eip155:${chainId}`,
              rpcUrls: [rpcUrl],
            })),
            { caipNetworkId: localnet, rpcUrls: [rpc.rpcUrl] },
          ],
        },
      ],
    }
    const configPath = join(dataDir, 'openmodal.config.json')
    await writeFile(configPath, JSON.stringify(config))
    server = await startServer(await freePort(), {
      OPENMODAL_CONFIG: configPath,
      OPENMODAL_DATA_DIR: join(dataDir, 'pglite'),
    })
    context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
    await context.addInitScript(
      ({ local, solana, apiUrl }) => {
        window.__openmodalDemo = { chains: local, devWallet: true, solana, apiUrl }
      },
      {
        local,
        solana: { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash },
        apiUrl: server.url,
      },
    )
  })

  after(async () => {
    // The page's web3.js WebSocket first, then the servers.
    await browser?.close()
    await Promise.all([preview?.stop(), server?.stop(), chains?.stop(), rpc?.stop()])
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** Connects the Solana dev wallet on a fresh page, signs in, answers the server's session. */
  async function signIn(query) {
    const page = await context.newPage()
    page.on('pageerror', (error) => pageErrors.push(error))
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
