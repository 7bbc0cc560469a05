// The e-mail login's stack, as `pnpm demo` runs it: anvil, the local Solana cluster, the mailbox
// (a real SMTP server in apps/server/src/mailbox.ts), apps/server on PGlite serving the secure
// site on a second origin (`localhost` while the demo page is on 127.0.0.1: another site), and
// the built demo. Used by email.test.mjs and login-timing.mjs.
//
// Chromium 156 denies storage to cross-site frames (third-party cookie phase-out); the browser
// here allows partitioned storage as other browsers do (`TrackingProtection3pcd` off), so the
// frame keeps its device share and session across a reload.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { buildSecureSite } from '../../secure-site/scripts/serve.mjs'
import { DEMO, freePort, HOST, startTogether } from './preview.mjs'
import { startStack } from './stack.mjs'

/** The relay key of the test's Farcaster wallet app (the server trusts its usernames). */
export const FARCASTER_RELAY_KEY = 'e2e-farcaster-wallet'

/**
 * The phone's part of Sign In With Farcaster (apps/server/src/farcaster-phone.ts): signs the
 * sign-in `link` with the custody key `custody`; resolves with its exit code and output (0:
 * the relay took it; 1: refused).
 */
export function farcasterPhone({ serverUrl, rpcUrl, registry, custody }, link) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@openmodal/source',
      '--import',
      'tsx',
      'src/farcaster-phone.ts',
      '--relay',
      `${serverUrl}/farcaster`,
      '--rpc',
      rpcUrl,
      '--registry',
      registry,
      '--key',
      FARCASTER_RELAY_KEY,
      '--custody',
      custody,
      link,
    ],
    { cwd: join(DEMO, '../server'), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr.on('data', (chunk) => {
    output += stripVTControlCharacters(String(chunk))
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

/** apps/server's mailbox on free ports; resolves with `{ smtpUrl, mails(), stop() }`. */
export async function startMailbox() {
  const [smtpPort, httpPort] = [await freePort(), await freePort()]
  const child = spawn(
    process.execPath,
    [
      '--conditions=@openmodal/source',
      '--import',
      'tsx',
      'src/mailbox.ts',
      '--smtp-port',
      String(smtpPort),
      '--http-port',
      String(httpPort),
    ],
    { cwd: join(DEMO, '../server'), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGTERM')
      await exited
    }
  }
  let output = ''
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no mailbox after 30 s:\n${output}`)), 30_000)
    const onData = (chunk) => {
      output += stripVTControlCharacters(String(chunk))
      if (output.includes('mailbox ready')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`the mailbox exited (${code}):\n${output}`)))
  })
  const mails = async () => (await fetch(`http://${HOST}:${httpPort}/mails.json`)).json()
  return { smtpUrl: `smtp://${HOST}:${smtpPort}`, mails, stop }
}

/**
 * The social login providers' stand-ins (apps/server/src/social-standins.ts) for a server whose
 * callback is `redirectUri`; resolves with `{ social, deny(provider, on), account(provider,
 * account), stop() }`: `social`
 * is the project's config for them.
 */
export async function startSocialStandins(redirectUri) {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@openmodal/source',
      '--import',
      'tsx',
      'src/social-standins.ts',
      '--redirect-uri',
      redirectUri,
    ],
    { cwd: join(DEMO, '../server'), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGTERM')
      await exited
    }
  }
  let output = ''
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no stand-ins after 30 s:\n${output}`)), 30_000)
    child.stdout.on('data', (chunk) => {
      output += String(chunk)
      const line = output.split('\n').find((l) => l.includes('"social stand-ins ready"'))
      if (line) {
        clearTimeout(timer)
        resolve(JSON.parse(line))
      }
    })
    child.stderr.on('data', (chunk) => {
      output += stripVTControlCharacters(String(chunk))
    })
    child.once('exit', (code) => reject(new Error(`the stand-ins exited (${code}):\n${output}`)))
  })
  const deny = async (provider, on) => {
    await fetch(`${ready.control}/${provider}/${on ? 'deny' : 'allow'}`, { method: 'POST' })
  }
  const account = async (provider, value) => {
    await fetch(`${ready.control}/${provider}/account`, {
      method: 'POST',
      body: JSON.stringify(value),
    })
  }
  return { social: ready.social, deny, account, stop }
}

/**
 * Starts the stack; resolves with `{ stack, mailbox, secureOrigin, socials }`. `social`: also
 * the social login providers' stand-ins (`socials`), `features.socials` listing Google, GitHub,
 * Discord (configured) and Facebook (not configured). `recovery`: the demo
 * project's recovery mode (`custodial`, or the default `non-custodial`: passkey or passphrase).
 * The mailbox and the secure site's build start in the stack's `prepare`, before the server.
 *
 * `sendGapMs`: the server's wait between two codes to one address from one device (default
 * the spec's 30 s), for a test that asks one device for several codes in a row.
 * `rateBurst`: the burst of the server's per-address bucket on the embedded routes (default 30),
 * for a test whose many logins all come from one loopback address.
 *
 * @example const { stack, mailbox, secureOrigin } = await startEmailStack({ recovery: 'custodial' })
 */
export async function startEmailStack({ recovery, social = false, sendGapMs, rateBurst } = {}) {
  let mailbox
  let secureOrigin
  let socials
  const stack = await startStack({
    chainIds: [31337],
    solana: true,
    browserArgs: ['--disable-features=TrackingProtection3pcd'],
    viewport: { width: 1024, height: 900 },
    context: false,
    // The mailbox and the secure site (built into a directory of its own) before the server.
    async prepare(stack) {
      const siteDir = await mkdtemp(join(tmpdir(), 'openmodal-demo-secure-site-'))
      stack.defer(() => rm(siteDir, { recursive: true, force: true }))
      ;[mailbox] = await startTogether([startMailbox(), buildSecureSite({ outDir: siteDir })])
      stack.defer(() => mailbox.stop())
      const securePort = await freePort()
      secureOrigin = `http://localhost:${securePort}`
      const serverPort = await freePort()
      if (social) {
        socials = await startSocialStandins(`http://${HOST}:${serverPort}/v1/auth/social/callback`)
        stack.defer(() => socials.stop())
        // Sign In With Farcaster against the IdRegistry stand-in on the first chain.
        const { deployTestIdRegistry } = await import('@openmodal/testing/node')
        const rpcUrl = stack.local[0].rpcUrl
        const registry = await deployTestIdRegistry(rpcUrl)
        socials.farcaster = {
          serverUrl: `http://${HOST}:${serverPort}`,
          rpcUrl,
          registry: registry.address,
        }
      }
      return { siteDir, securePort, serverPort }
    },
    server: ({ prepared }) => ({
      port: prepared.serverPort,
      project: {
        // Facebook is listed but not configured: no button for it.
        features: {
          email: true,
          ...(social ? { socials: ['google', 'github', 'discord', 'facebook', 'farcaster'] } : {}),
        },
        ...(social
          ? {
              social: {
                google: socials.social.google,
                github: socials.social.github,
                discord: socials.social.discord,
                farcaster: {},
              },
            }
          : {}),
        ...(recovery ? { recovery } : {}),
      },
      env: {
        OPENMODAL_SECURE_PORT: String(prepared.securePort),
        OPENMODAL_SECURE_ORIGIN: secureOrigin,
        OPENMODAL_SECURE_SITE_DIR: prepared.siteDir,
        OPENMODAL_AUTH_SECRET: randomBytes(32).toString('hex'),
        OPENMODAL_VAULT_KEY: randomBytes(32).toString('hex'),
        OPENMODAL_SMTP_URL: mailbox.smtpUrl,
        OPENMODAL_MAIL_FROM: 'OpenModal demo <no-reply@localhost>',
        // Every visitor of the social cases shares one loopback address with the e-mail ones:
        // the per-address bucket of the embedded routes would refuse the later logins.
        ...(social || rateBurst
          ? { OPENMODAL_EMBEDDED_RATE_BURST: String(rateBurst ?? 1000) }
          : {}),
        ...(sendGapMs !== undefined ? { OPENMODAL_EMAIL_SEND_GAP_MS: String(sendGapMs) } : {}),
        ...(social
          ? {
              OPENMODAL_FARCASTER_RPC_URL: socials.farcaster.rpcUrl,
              OPENMODAL_FARCASTER_ID_REGISTRY: socials.farcaster.registry,
              OPENMODAL_FARCASTER_RELAY_KEY: FARCASTER_RELAY_KEY,
            }
          : {}),
      },
    }),
    demoEnv: true,
    demo: ({ local, rpc, server }) => ({
      chains: local,
      solana: { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash },
      apiUrl: server.url,
      secureOrigin,
    }),
  })
  return { stack, mailbox, secureOrigin, socials }
}
