// Chromium tests of the host side against the real secure site on a second loopback origin:
// the page runs on http://localhost:<wtr port>, the secure site (built by Vite, served with its
// CSP and frame-ancestors) and the server stand-in on http://127.0.0.1:<free port>, anvil and
// the local Solana RPC.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  deployEip7702,
  deployErc4337,
  deploySafe4337,
  deployTestToken,
  deployVerifyingPaymaster,
  ENTRY_POINT_V07,
  ENTRY_POINT_V08,
  fundAccount,
  startAnvil,
  startBundler,
  startPaymasterService,
  startSolanaRpc,
} from '@openmodal/testing/node'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { createApiStandIn } from '../../apps/secure-site/scripts/api-stand-in.mjs'
import { buildSecureSite, startSecureSite } from '../../apps/secure-site/scripts/serve.mjs'
import { CHROMIUM_ARGS, chromiumPath } from '../../tools/chromium.mjs'
import { clickAfterRest } from '../../tools/frame-approve.mjs'
import { wtrConfig } from '../../tools/wtr-config.mjs'

function secureSite() {
  let site
  let dist
  let anvil
  let solana
  let cluster
  let bundler
  let paymaster
  let bundlerStarting
  let projects
  let token
  const startSmartAccounts = async () => {
    await deployErc4337(anvil.rpcUrl)
    // EIP-7702 mode: EntryPoint v0.8 and Simple7702Account, served by the same bundler.
    await deployEip7702(anvil.rpcUrl)
    token = (await deployTestToken(anvil.rpcUrl)).address
    bundler = await startBundler({
      rpcUrl: anvil.rpcUrl,
      entryPoints: [ENTRY_POINT_V07, ENTRY_POINT_V08],
      readyTimeoutMs: 120_000,
    })
    projects['p-smart'].bundlerUrls = { 31337: bundler.url }
    projects['p-7702'].bundlerUrls = { 31337: bundler.url }
    // Safe mode with the project's ERC-7677 paymaster: Safe 4337 and a VerifyingPaymaster.
    await deploySafe4337(anvil.rpcUrl)
    paymaster = await startPaymasterService({
      rpcUrl: anvil.rpcUrl,
      chainId: 31337,
      paymaster: await deployVerifyingPaymaster(anvil.rpcUrl),
    })
    projects['p-safe'].bundlerUrls = { 31337: bundler.url }
    projects['p-safe'].paymasterUrls = { 31337: paymaster.url }
  }
  return {
    name: 'openmodal-secure-site',
    async serverStart() {
      anvil = await startAnvil({ chainId: 31337 })
      solana = await startSolanaRpc()
      cluster = `solana:${solana.genesisHash.slice(0, 32)}`
      dist = await buildSecureSite({ outDir: await mkdtemp(join(tmpdir(), 'openmodal-secure-')) })
      projects = {
        // The test page's origin through a wildcard (spec §5).
        // Operator-held recovery (an explicit opt-in): these tests are about other things.
        'p-ok': {
          allowedOrigins: ['http://localhost:*'],
          rpcUrls: { 31337: anvil.rpcUrl, [cluster]: solana.rpcUrl },
          recovery: 'custodial',
        },
        // The default: the visitor's passkey or passphrase.
        'p-self': {
          allowedOrigins: ['http://localhost:*'],
          rpcUrls: { 31337: anvil.rpcUrl, [cluster]: solana.rpcUrl },
        },
        // frame-ancestors 'none': the browser refuses to show the frame at all.
        'p-blocked': { allowedOrigins: [] },
        // Framing allowed but the origin not on the project's list: the handshake is refused.
        'p-unverified': {
          allowedOrigins: ['https://elsewhere.example'],
          frameAncestors: ['http://localhost:*'],
        },
        // Smart accounts: `bundlerUrls` is set once the bundler is up (`start-bundler` waits).
        'p-smart': {
          allowedOrigins: ['http://localhost:*'],
          rpcUrls: { 31337: anvil.rpcUrl },
          bundlerUrls: {},
          recovery: 'custodial',
        },
        // The same chain in EIP-7702 mode: the smart account is the EOA, delegated.
        'p-7702': {
          allowedOrigins: ['http://localhost:*'],
          rpcUrls: { 31337: anvil.rpcUrl },
          bundlerUrls: {},
          smartAccountModes: { 31337: 'eip7702' },
          recovery: 'custodial',
        },
        // A Safe smart account (it signs SIWX), its userOperations sponsored by a paymaster.
        'p-safe': {
          allowedOrigins: ['http://localhost:*'],
          rpcUrls: { 31337: anvil.rpcUrl },
          bundlerUrls: {},
          smartAccountModes: { 31337: 'safe' },
          recovery: 'custodial',
        },
      }
      site = await startSecureSite({
        dist,
        projects,
        api: createApiStandIn({ custodialProjects: ['p-ok', 'p-smart', 'p-7702', 'p-safe'] }),
      })
      // Not awaited: the bundler (10-30 s to start on a loaded machine) comes up while the
      // browser runs the files before its one user, an approval test that waits for it.
      bundlerStarting = startSmartAccounts()
      bundlerStarting.catch(() => {}) // the command that waits for it reports the failure
    },
    async serverStop() {
      await site?.close()
      await bundler?.stop()
      await paymaster?.stop()
      await anvil?.stop()
      await solana?.stop()
      if (dist) await rm(dist, { recursive: true, force: true })
    },
    serve(context) {
      // The smart-account projects' config as apps/server answers it (GET /v1/projects/:id/
      // config), for the modal's e-mail login (smart-account-ui.browser.test.ts): a modal
      // without a server keeps e-mail login off.
      const project = /^\/v1\/projects\/(p-smart|p-7702)\/config$/.exec(context.path)?.[1]
      if (project) {
        return {
          body: JSON.stringify({
            projectId: project,
            name: project,
            features: {
              email: true,
              socials: [],
              swaps: false,
              onramp: false,
              activity: false,
              reownBranding: false,
            },
            allowedOrigins: ['http://localhost:*'],
            chains: [],
          }),
          type: 'json',
        }
      }
      if (context.path === '/__openmodal/secure-site.json') {
        return {
          body: JSON.stringify({
            origin: site.origin,
            rpcUrl: anvil.rpcUrl,
            solana: { rpcUrl: solana.rpcUrl, cluster },
          }),
          type: 'json',
        }
      }
    },
    /** Real clicks inside the cross-origin frame, through Playwright (a user's input). */
    async executeCommand({ command, payload, session }) {
      // EntryPoints v0.7 and v0.8, the accounts and the bundler (started with the server);
      // the test ERC-20.
      if (command === 'start-bundler') {
        await bundlerStarting
        return { bundlerUrl: bundler.url, token, paymasterUrl: paymaster.url }
      }
      // Mints `amount` of the test ERC-20 to `to`.
      if (command === 'mint-token') {
        await bundlerStarting
        await fundAccount(anvil.rpcUrl, payload.to, { token, amount: BigInt(payload.amount) })
        return true
      }
      if (
        !['frame-click', 'frame-fill', 'frame-type', 'frame-text', 'frame-box'].includes(command)
      ) {
        return undefined
      }
      const page = session.browser.getPage(session.id)
      const frame = page.frameLocator('iframe[title="Secure wallet"]:visible')
      // Where a button is in page coordinates (for clicks at a point, as a hostile page makes).
      if (command === 'frame-box') {
        return frame.getByRole('button', { name: payload.name }).boundingBox({ timeout: 10_000 })
      }
      if (command === 'frame-text') {
        return frame.getByRole('dialog').textContent({ timeout: 10_000 })
      }
      // Key by key with the keyboard, as a visitor types (focus first, by a click).
      if (command === 'frame-type') {
        const field = frame.getByLabel(payload.label, { exact: true })
        await field.click({ timeout: 10_000 })
        await field.pressSequentially(payload.value, { delay: 20 })
        return true
      }
      if (command === 'frame-fill') {
        await frame
          .getByLabel(payload.label, { exact: true })
          .fill(payload.value, { timeout: 10_000 })
      } else if (payload.name === 'Approve') {
        await clickAfterRest(frame.getByRole('button', { name: 'Approve' }))
      } else {
        await frame.getByRole('button', { name: payload.name }).click({ timeout: 10_000 })
      }
      return true
    },
  }
}

/**
 * Chromium 156 denies IndexedDB to cross-site frames (third-party cookie phase-out), as
 * Safari, Brave and private windows do. The default browser of this config turns that off
 * (`TrackingProtection3pcd`), so the frame keeps its device share and session as in a browser
 * that allows partitioned storage; the `storage-blocked` group runs the stock browser, where
 * the frame keeps keys in memory and every load is a new device.
 */
const launcher = (args) =>
  playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args, headless: true },
  })
const BLOCKED = 'src/**/*.storage-blocked.browser.test.ts'
const base = wtrConfig({
  files: 'src/**/*.browser.test.ts',
  plugins: [secureSite()],
  timeout: 60000,
})

export default {
  ...base,
  files: ['src/**/*.browser.test.ts', `!${BLOCKED}`],
  browsers: [launcher([...CHROMIUM_ARGS, '--disable-features=TrackingProtection3pcd'])],
  groups: [{ name: 'storage-blocked', files: BLOCKED, browsers: [launcher(CHROMIUM_ARGS)] }],
}
