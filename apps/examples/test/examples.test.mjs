// The consumer test (issue 19, point 2): every example app of apps/examples, installed the way a
// dapp developer installs OpenModal (from the packed tarballs, not workspace links), built for
// production, served by its own `start` script and driven in Chromium with the dev wallet
// against a real anvil chain. Offline: the install resolves against a loopback registry made
// from the workspace lockfile (registry.mjs) and takes every file from the pnpm store.
import assert from 'node:assert/strict'
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import {
  deployTestToken,
  devWalletScriptPath,
  solanaDevWalletScriptPath,
  startAnvil,
  startSolanaRpc,
} from '@openmodal/testing/node'
import { verifyMessage } from 'ethers'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import {
  build,
  copyExample,
  discoverExamples,
  install,
  packAll,
  start,
  storeDir,
} from './examples.mjs'
import { startRegistry } from './registry.mjs'
import { EXAMPLES, freePort, HOST, ROOT, rpc } from './util.mjs'

const DEV_WALLET_ID = 'dev.openmodal.wallet'
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// An odd balance, so the Account view must truncate it (spec §5: 3 decimals, never rounded).
const BALANCE = 1234567890123456789012n // 1234.567890… ETH
const BALANCE_TEXT = '1,234.567 ETH'
const STEP_TIMEOUT = 15_000
// The Solana dev wallet's account 0 (@openmodal/testing SOLANA_DEV_ADDRESSES[0]) and the
// recipient of the solana-adapter example's send (SOLANA_DEV_ADDRESSES[2]).
const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'
const SOL_RECIPIENT = 'HVJJg1a8LuDXASnvvp9xzijyrXbGvzPC7Ta8tkXa6ueP'
// What the ethers example signs (its src/main.ts).
const ETHERS_MESSAGE = 'Hello from ethers 6 and OpenModal'

// OPENMODAL_EXAMPLES=next,vue runs only those (a developer's shortcut; CI runs them all).
const only = process.env.OPENMODAL_EXAMPLES?.split(',').filter(Boolean)
const examples = (await discoverExamples()).filter(({ name }) => !only || only.includes(name))
/** Figures printed at the end: packed sizes and each step's time. */
const figures = { tarballs: [], steps: [] }
const started = performance.now()

let work
let registry
let chain
/** A second chain (31338), for the wagmi examples' network switches. */
let chain2
/** The test ERC-20 on chain 31337, which the wagmi examples mint. */
let token
/** The local Solana cluster (litesvm), when an example needs it. */
let solanaRpc
let browser
let tarballs

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'openmodal-examples-'))
  const t0 = performance.now()
  ;[tarballs, registry, chain, chain2, browser] = await Promise.all([
    packAll(join(work, 'tarballs')),
    startRegistry(join(ROOT, 'pnpm-lock.yaml')),
    startAnvil({ chainId: 31337 }),
    startAnvil({ chainId: 31338 }),
    chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true }),
  ])
  figures.steps.push(['pack + anvil + registry + browser', performance.now() - t0])
  figures.tarballs = tarballs
  await rpc(chain.rpcUrl, 'anvil_setBalance', [ACCOUNT_0, `0x${BALANCE.toString(16)}`])
  // Deployed by anvil account 1, so account 0 (the dev wallet's) keeps its exact balance.
  token = await deployTestToken(chain.rpcUrl, { privateKey: ANVIL_PRIVATE_KEYS[1], supply: 0n })
  if (examples.some((example) => example.solana)) {
    solanaRpc = await startSolanaRpc()
    await solanaRpc.airdrop(SOL_ADDRESS, 10n ** 9n)
  }
})

after(async () => {
  await browser?.close()
  await Promise.all([registry?.stop(), chain?.stop(), chain2?.stop(), solanaRpc?.stop()])
  if (work) await rm(work, { recursive: true, force: true })
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
  const lines = ['', 'Consumer test figures', 'Packed tarballs:']
  for (const { name, bytes } of figures.tarballs) {
    lines.push(`  ${name.padEnd(26)} ${(bytes / 1024).toFixed(1).padStart(7)} KiB`)
  }
  const total = figures.tarballs.reduce((sum, { bytes }) => sum + bytes, 0)
  lines.push(`  ${'total'.padEnd(26)} ${(total / 1024).toFixed(1).padStart(7)} KiB`, 'Steps:')
  for (const [step, ms] of figures.steps) lines.push(`  ${step.padEnd(40)} ${seconds(ms)}`)
  lines.push(`  ${'whole test'.padEnd(40)} ${seconds(performance.now() - started)}`)
  console.log(lines.join('\n'))
})

test('finds the examples by directory', { skip: only && 'OPENMODAL_EXAMPLES is set' }, () => {
  const names = examples.map((example) => example.name)
  for (const name of ['react-vite', 'next']) assert.ok(names.includes(name), names.join(', '))
})

test('every example pins its third-party dependencies at the versions this package holds', async () => {
  // The offline install can only resolve what the workspace lockfile holds, and the lockfile
  // holds the examples' dependencies because this package depends on them at the same versions.
  const { devDependencies } = JSON.parse(await readFile(join(EXAMPLES, 'package.json'), 'utf8'))
  const mismatches = []
  for (const { name, manifest } of examples) {
    const wanted = { ...manifest.dependencies, ...manifest.devDependencies }
    for (const [dependency, version] of Object.entries(wanted)) {
      if (dependency.startsWith('@openmodal/')) continue
      // A second major of a package (wagmi 3 beside wagmi 2) is held under an npm alias.
      const held = Object.values(devDependencies).includes(`npm:${dependency}@${version}`)
      if (devDependencies[dependency] !== version && !held) {
        mismatches.push(
          `${name}: ${dependency}@${version} (apps/examples/package.json has ${devDependencies[dependency] ?? 'none'})`,
        )
      }
    }
  }
  assert.deepEqual(mismatches, [])
})

for (const example of examples) {
  describe(`${example.name}: installed from the tarballs, built, driven in Chromium`, () => {
    let dir
    let server
    let origin
    let page
    let anvilOrigin
    let anvil2Origin
    let path
    const consoleMessages = []
    const requests = []

    /** Runs one step, timed into the figures. */
    async function step(name, fn) {
      const t0 = performance.now()
      const result = await fn()
      figures.steps.push([`${example.name}: ${name}`, performance.now() - t0])
      return result
    }

    before(async () => {
      anvilOrigin = new URL(chain.rpcUrl).origin
      anvil2Origin = new URL(chain2.rpcUrl).origin
      // `{rpcUrl}` in the example's path: the chain's URL, for a page without a build step.
      path = example.path.replaceAll('{rpcUrl}', encodeURIComponent(chain.rpcUrl))
      dir = await copyExample(example, work, tarballs)
      const cache = join(work, `${example.name}.pnpm-cache`)
      await step('install', () =>
        install(dir, { registry: registry.url, store: storeDir(), cache }),
      )
      // The RPC URL of chain 31337, in the variable each framework inlines at build time.
      const env = {
        VITE_RPC_URL: chain.rpcUrl,
        NEXT_PUBLIC_RPC_URL: chain.rpcUrl,
        VITE_RPC_URL_2: chain2.rpcUrl,
        VITE_TOKEN_ADDRESS: token.address,
        ...(solanaRpc && {
          VITE_SOLANA_RPC_URL: solanaRpc.rpcUrl,
          VITE_SOLANA_GENESIS_HASH: solanaRpc.genesisHash,
        }),
      }
      await step('build', () => build(dir, env))
      const port = await freePort()
      origin = `http://${HOST}:${port}`
      server = await step('start', () => start(dir, port, env, path))

      const context = await browser.newContext({ viewport: { width: 1024, height: 800 } })
      page = await context.newPage()
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type())) {
          const { url } = message.location()
          consoleMessages.push(`${message.type()}: ${message.text()}${url ? ` (${url})` : ''}`)
        }
      })
      page.on('pageerror', (error) => consoleMessages.push(`pageerror: ${error.message}`))
      page.on('request', (request) => requests.push(request.url()))
      page.on('websocket', (socket) => requests.push(socket.url()))
      // The dev wallet, injected like an extension on every load; it keeps its grants across
      // reloads (persistKey), as an extension does.
      await context.addInitScript(
        ([rpcUrl, rpcUrl2]) => {
          window.__openmodalDevWalletConfig = {
            chains: [
              { id: 31337, rpcUrl },
              { id: 31338, rpcUrl: rpcUrl2 },
            ],
            persistKey: 'openmodal-example-dev-wallet',
          }
        },
        [chain.rpcUrl, chain2.rpcUrl],
      )
      await context.addInitScript({ path: devWalletScriptPath() })
      if (example.solana) {
        // The Solana dev wallet (wallet-standard) on the local cluster, for the Solana examples.
        await context.addInitScript((rpcUrl) => {
          window.__openmodalSolanaDevWalletConfig = { rpcUrl }
        }, solanaRpc.rpcUrl)
        await context.addInitScript({ path: solanaDevWalletScriptPath() })
      }
    })

    after(async () => {
      await page?.context().close()
      await server?.stop()
    })

    const view = (tag) => page.locator(`w3m-modal dialog ${tag}`)
    // innerText on purpose: what the page shows (textContent includes Next's inline scripts).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const bodyText = () => page.evaluate(() => document.body.innerText)

    async function openModal() {
      await page.locator(`${example.button} button`).first().click({ timeout: STEP_TIMEOUT })
      await page.locator('w3m-modal dialog').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
    }

    /** The app's own line (its framework binding) shows the connected address. */
    async function waitForAddressOnPage() {
      await page
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
        .waitForFunction((address) => document.body.innerText.includes(address), ACCOUNT_0, {
          timeout: STEP_TIMEOUT,
        })
        .catch(async (error) => {
          throw new Error(`the page never showed ${ACCOUNT_0}:\n${await bodyText()}`, {
            cause: error,
          })
        })
    }

    test('installed @openmodal/* from the packed tarballs, not from the workspace', async () => {
      const names = Object.keys(example.manifest.dependencies ?? {}).filter((name) =>
        name.startsWith('@openmodal/'),
      )
      assert.ok(names.length > 0, 'the example depends on no @openmodal package')
      for (const name of names) {
        const installed = await realpath(join(dir, 'node_modules', name))
        assert.ok(installed.startsWith(join(dir, 'node_modules', '.pnpm')), installed)
        const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8'))
        assert.doesNotMatch(JSON.stringify(manifest.dependencies ?? {}), /workspace:/, name)
      }
    })

    if (example.ssr) {
      test('the server renders the page with the button in its HTML', async () => {
        const response = await fetch(`${origin}${path}`)
        assert.equal(response.status, 200)
        const html = await response.text()
        assert.match(html, /<w3m-button[\s>]/)
      })
    }

    test('renders the button; the modal opens and lists the dev wallet', async () => {
      await page.goto(`${origin}${path}`)
      await page.locator(`${example.button} button`).first().waitFor({ timeout: STEP_TIMEOUT })
      assert.ok(!(await bodyText()).includes(ACCOUNT_0), 'connected before any click')
      if (example.ssr) {
        // React reports a hydration mismatch as an error (production) or a warning (dev).
        await page.waitForLoadState('networkidle')
        assert.deepEqual(consoleMessages, [], 'hydration')
      }
      await openModal()
      await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).waitFor({
        timeout: STEP_TIMEOUT,
      })
    })

    test('connects with the dev wallet; the page shows the address, Account the balance', async () => {
      await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
      await waitForAddressOnPage()
      await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
      await openModal()
      const balance = view('w3m-account-view [data-balance]')
      await page.waitForFunction(
        () =>
          document
            .querySelector('w3m-modal')
            ?.shadowRoot?.querySelector('w3m-router')
            ?.shadowRoot?.querySelector('w3m-account-view')
            ?.shadowRoot?.querySelector('[data-balance]')
            ?.textContent?.includes('ETH'),
        null,
        { timeout: STEP_TIMEOUT },
      )
      const text = (await balance.textContent()).replace(/\s+/g, ' ').trim()
      assert.equal(text, BALANCE_TEXT)
      await page.keyboard.press('Escape')
      await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
    })

    test('a reload restores the connection', async () => {
      await page.reload()
      await waitForAddressOnPage()
    })

    if (example.wagmi) wagmiSteps()
    if (example.solana) solanaSteps()
    if (example.appkit) appKitSteps()
    if (example.ethers) ethersSteps()

    /** The ethers example: ethers 6's BrowserProvider over the modal's EIP-1193 provider. */
    function ethersSteps() {
      const until = (id, pattern) =>
        page
          .waitForFunction(
            ([testId, source]) =>
              new RegExp(source).test(
                document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '',
              ),
            [id, pattern.source],
            { timeout: STEP_TIMEOUT },
          )
          .catch(async (error) => {
            const now = await page.getByTestId(id).textContent()
            throw new Error(`${id} never matched ${pattern}: ${now}`, { cause: error })
          })

      test('ethers: BrowserProvider reads the balance anvil holds', async () => {
        await page.getByRole('button', { name: 'Read balance' }).click({ timeout: STEP_TIMEOUT })
        await until('balance', /^\d+ wei/)
        const wei = BigInt(await rpc(chain.rpcUrl, 'eth_getBalance', [ACCOUNT_0, 'latest']))
        assert.match(await page.getByTestId('balance').textContent(), new RegExp(`^${wei} wei `))
      })

      test("ethers: the signer signs through the modal's wallet; Node recovers the account", async () => {
        await page.getByRole('button', { name: 'Sign a message' }).click()
        await until('signature', /^0x[0-9a-f]{130}$/)
        const signature = await page.getByTestId('signature').textContent()
        assert.equal(verifyMessage(ETHERS_MESSAGE, signature), ACCOUNT_0)
      })
    }

    /** The AppKit example: AppKit's hooks and elements from the compat entry. */
    function appKitSteps() {
      const until = (id, expected) =>
        page.waitForFunction(
          ([testId, wanted]) =>
            document.querySelector(`[data-testid="${testId}"]`)?.textContent?.includes(wanted),
          [id, expected],
          { timeout: STEP_TIMEOUT },
        )

      test('appkit: useAppKitNetwork has the chain; <appkit-network-button> shows it', async () => {
        await until('network', 'chainId: 31337')
        await page.waitForFunction(
          () =>
            document
              .querySelector('appkit-network-button')
              ?.shadowRoot?.textContent?.includes('Anvil'),
          null,
          { timeout: STEP_TIMEOUT },
        )
      })

      test('appkit: useAppKit().open opens Networks; useAppKitState follows', async () => {
        await page.getByRole('button', { name: 'Open Networks' }).click()
        await view('w3m-networks-view').waitFor({ timeout: STEP_TIMEOUT })
        await until('state', 'modal open: true')
        await page.keyboard.press('Escape')
        await until('state', 'modal open: false')
      })

      test('appkit: useDisconnect() disconnects; useAppKitAccount follows', async () => {
        await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
        await until('account', 'Status: disconnected')
      })
    }

    /** The Solana wallet-adapter example: useWallet() follows the modal's Solana connection. */
    function solanaSteps() {
      const until = (id, expected) =>
        page
          .waitForFunction(
            ([testId, wanted]) =>
              document.querySelector(`[data-testid="${testId}"]`)?.textContent?.includes(wanted),
            [id, expected],
            { timeout: STEP_TIMEOUT },
          )
          .catch(async (error) => {
            const now = await page.getByTestId(id).textContent()
            throw new Error(`${id} never showed "${expected}": ${now}`, { cause: error })
          })
      const lamports = async (address) =>
        BigInt((await rpc(solanaRpc.rpcUrl, 'getBalance', [address])).value)

      test("wallet adapter: connect() opens the modal's Solana wallets; useWallet() follows", async () => {
        await page.getByRole('button', { name: 'Connect Solana', exact: true }).click()
        await page.locator('w3m-modal dialog').waitFor({ state: 'visible', timeout: STEP_TIMEOUT })
        await view('w3m-connect-view button[data-id="OpenModal Solana Dev Wallet"]').click({
          timeout: STEP_TIMEOUT,
        })
        await until('solana', `useWallet: ${SOL_ADDRESS}`)
        await until('modal-solana', 'modal Solana: connected')
        await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
      })

      test('wallet adapter: useWallet().sendTransaction of 0.01 SOL lands on the local cluster', async () => {
        const before = await lamports(SOL_RECIPIENT)
        await page.getByRole('button', { name: 'Send 0.01 SOL' }).click()
        await until('sent', 'sent: ')
        assert.equal(await lamports(SOL_RECIPIENT), before + 10_000_000n)
      })

      // (No reload step: the Solana dev wallet keeps no grant across loads, unlike the EVM one.)
      test("wallet adapter: useWallet().disconnect() disconnects the modal's Solana side", async () => {
        await page.getByRole('button', { name: 'Disconnect Solana' }).click()
        await until('solana', 'useWallet: disconnected')
        await until('modal-solana', 'modal Solana: disconnected')
      })
    }

    /** The wagmi examples: wagmi's hooks and the modal follow each other (issue 30). */
    function wagmiSteps() {
      const text = (id) => page.getByTestId(id).textContent()
      const until = (id, expected) =>
        page
          .waitForFunction(
            ([testId, wanted]) =>
              document.querySelector(`[data-testid="${testId}"]`)?.textContent?.includes(wanted),
            [id, expected],
            { timeout: STEP_TIMEOUT },
          )
          .catch(async (error) => {
            throw new Error(`${id} never showed "${expected}": ${await text(id)}`, { cause: error })
          })

      // The wagmi examples share the chain: each reads where the previous one left it.
      const ethBalance = async () =>
        BigInt(await rpc(chain.rpcUrl, 'eth_getBalance', [ACCOUNT_0, 'latest']))
      const tokenBalance = async () =>
        BigInt(
          await rpc(chain.rpcUrl, 'eth_call', [
            {
              to: token.address,
              data: `0x70a08231${ACCOUNT_0.slice(2).toLowerCase().padStart(64, '0')}`,
            },
            'latest',
          ]),
        )

      test('wagmi: useAccount has the address, useBalance and useChainId the chain', async () => {
        await until('account', `Connected: ${ACCOUNT_0}`)
        await until('chain', 'wagmi chain: 31337')
        await until('balance', `ETH: ${await ethBalance()}`)
        await until('tokens', `TUSD: ${await tokenBalance()}`)
      })

      test('wagmi: useWriteContract mints the test token, useReadContract reads it', async () => {
        const before = await tokenBalance()
        await page.getByRole('button', { name: 'Mint 5 TUSD' }).click()
        await until('mint', 'minted')
        assert.equal(await tokenBalance(), before + 5_000_000n)
        await until('tokens', `TUSD: ${before + 5_000_000n}`)
      })

      test("wagmi: useSignMessage signs through the modal's wallet", async () => {
        await page.getByRole('button', { name: 'Sign' }).click()
        await page.waitForFunction(
          () =>
            /^0x[0-9a-f]{130}$/.test(
              document.querySelector('[data-testid="signature"]')?.textContent ?? '',
            ),
          null,
          { timeout: STEP_TIMEOUT },
        )
      })

      test('wagmi: a network switched in the modal moves useChainId', async () => {
        await openModal()
        await view('w3m-account-view [part="network-button"]').click()
        await view('w3m-networks-view button[data-network="eip155:31338"]').click()
        await until('chain', 'wagmi chain: 31338')
        await until('modal', 'on eip155:31338')
        await page.keyboard.press('Escape')
        await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
      })

      test('wagmi: useSwitchChain moves the modal', async () => {
        await page.getByRole('button', { name: 'Switch to Anvil (wagmi)' }).click()
        await until('modal', 'connected on eip155:31337')
        await until('chain', 'wagmi chain: 31337')
      })

      test('wagmi: useDisconnect disconnects the modal', async () => {
        await page.getByRole('button', { name: 'Disconnect (wagmi)' }).click()
        await until('modal', 'modal: disconnected')
        await until('account', 'Status: disconnected')
      })

      test('wagmi: connecting in the modal again, then disconnecting there, disconnects wagmi', async () => {
        await openModal()
        await view(`w3m-connect-view button[data-id="${DEV_WALLET_ID}"]`).click()
        await until('account', `Connected: ${ACCOUNT_0}`)
        await page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT })
        await openModal()
        await view('w3m-account-view [part="disconnect-button"]').click()
        await until('account', 'Status: disconnected')
        await until('modal', 'modal: disconnected')
      })
    }

    test('logs no console error (nor warning) and calls no host the test did not start', async () => {
      // Settle: whatever the page does after the last step (balance polls) is counted too.
      await page.waitForTimeout(500)
      assert.deepEqual(consoleMessages, [])
      const allowed = new Set([origin, anvilOrigin, anvil2Origin])
      if (example.solana) {
        // The cluster's JSON-RPC and its subscription socket (port + 1, as web3.js assumes).
        allowed.add(new URL(solanaRpc.rpcUrl).origin)
        allowed.add(new URL(solanaRpc.wsUrl).origin.replace(/^ws/, 'http'))
      }
      const foreign = requests.filter((url) => {
        const { protocol, origin: requestOrigin } = new URL(url)
        if (protocol === 'data:' || protocol === 'blob:') return false
        return !allowed.has(requestOrigin.replace(/^ws/, 'http'))
      })
      assert.deepEqual(foreign, [])
      assert.ok(
        requests.some((url) => url.startsWith(anvilOrigin)),
        'the chain was never asked',
      )
    })
  })
}
