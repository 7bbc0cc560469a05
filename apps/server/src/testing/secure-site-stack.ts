// The secure site served by a test server on its own origin, as its two test files use it: the
// node checks (CSP, /frame-config, assets, CORS) and the Chromium one (framing and handshake).
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSecureSite } from '@openmodal/secure-site/serve'
import { type AnvilInstance, freePort, startAnvil } from '@openmodal/testing/node'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { createSmtpMailer } from '../embedded/mailer.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { startTestServer, testProject } from './harness.js'
import { openTestPglite } from './pglite.js'

export const SITE_DIST = join(
  fileURLToPath(import.meta.resolve('@openmodal/secure-site/serve')),
  '../../dist',
)

export interface SecureSiteStack {
  db: Db
  server: RunningServer
  /** The secure origin (`http://localhost:<port>`: another site than the dapp pages). */
  secure: string
  /** A dapp page the project lists. */
  allowedDapp: { origin: string; server: Server }
  /** A dapp page it does not list. */
  thirdOrigin: { origin: string; server: Server }
  /** The frame URL both dapp pages embed. */
  frameUrl(): string
  close(): Promise<void>
}

/** A page server on 127.0.0.1 whose one page frames `frameUrl()`. */
async function startDappPage(frameUrl: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(
      `<!doctype html><title>dapp</title><iframe title="Secure wallet" src="${frameUrl()}"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/**
 * PGlite, anvil, two dapp pages and a server serving the built secure site for the project
 * `frame-project` (which lists only the allowed dapp page) and `closed-project` (lists none).
 *
 * @example
 * const stack = await startSecureSiteStack()
 */
export async function startSecureSiteStack(): Promise<SecureSiteStack> {
  // `pnpm test` builds it first (turbo: the server depends on the secure site).
  if (!existsSync(join(SITE_DIST, 'frame.html'))) await buildSecureSite({ outDir: SITE_DIST })
  let secure = ''
  const frameUrl = () => `${secure}/frame?projectId=frame-project&chainId=31337`
  const [db, anvil, allowedDapp, thirdOrigin]: [
    Db,
    AnvilInstance,
    Awaited<ReturnType<typeof startDappPage>>,
    Awaited<ReturnType<typeof startDappPage>>,
  ] = await Promise.all([
    openTestPglite(),
    startAnvil({ chainId: 31337 }),
    startDappPage(frameUrl),
    startDappPage(frameUrl),
  ])
  await prepareDatabase(db)
  await syncConfig(db, {
    projects: [
      testProject({
        projectId: 'frame-project',
        // Only the allowed dapp page, and a pattern CSP cannot express.
        allowedOrigins: [allowedDapp.origin, 'https://app.*.example.com'],
        chains: [
          { caipNetworkId: 'eip155:31337', rpcUrls: [anvil.rpcUrl] },
          {
            caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
            rpcUrls: ['https://solana.example'],
          },
        ],
      }),
      testProject({ projectId: 'closed-project', allowedOrigins: [] }),
    ],
  })
  const embedded = {
    authSecret: randomBytes(32),
    vaultKey: randomBytes(32),
    mailer: createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'test <t@localhost>' }),
  }
  // Listening on 127.0.0.1 but reached as localhost: another site than the dapp pages.
  const port = await freePort()
  secure = `http://localhost:${port}`
  const server = await startTestServer(db, {
    secureSite: { dist: SITE_DIST, port, origin: secure },
    embedded,
  })
  return {
    db,
    server,
    secure,
    allowedDapp,
    thirdOrigin,
    frameUrl,
    async close() {
      await server.close()
      await db.close()
      await anvil.stop()
      for (const page of [allowedDapp, thirdOrigin]) page.server.close()
    },
  }
}
