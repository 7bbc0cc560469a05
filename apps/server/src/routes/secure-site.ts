// The embedded wallet's secure site (apps/secure-site, built by Vite) on its own origin: a
// second listener of this server (server.ts), so the frame's storage and scripts never share
// an origin with the API or a dapp. Its pages carry the CSP of the contract (scripts only from
// this origin, `frame-ancestors` = the project's allowed origins) and `/frame-config` tells the
// frame where the API and the project's RPC proxy are.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { contentSecurityPolicy } from '@openmodal/secure-site/serve'
import { Hono } from 'hono'
import * as v from 'valibot'
import type { Db } from '../db/db.js'
import type { RecoveryMode } from '../embedded/config.js'
import type { AppEnv } from '../http/access.js'
import { HttpError } from '../http/errors.js'
import type { Logger } from '../http/logger.js'
import { errorAnswer, noBodyOnReads, notFound, requestLog } from '../http/middleware.js'
import { ProjectIdSchema } from '../projects/schema.js'
import { getProject, type Project } from '../projects/store.js'

export interface SecureSiteRoutesOptions {
  db: Db
  logger: Logger
  /** The built secure site (`vite build` of apps/secure-site): frame.html, loading.html, assets/. */
  dist: string
  /** The API's public base URL (known once the API listens, hence a function). */
  apiUrl: () => string
}

/** What `GET /frame-config` answers (contract: apiUrl, allowedOrigins, rpcUrls, recovery). */
export interface FrameConfig {
  apiUrl: string
  allowedOrigins: string[]
  /** The project's recovery mode: the frame locks new recovery shares accordingly. */
  recovery: RecoveryMode
  /** EVM chains by decimal chain id, other namespaces by CAIP-2 id: the API's RPC proxy. */
  rpcUrls: Record<string, string>
  /**
   * The smart-account-enabled EVM chains (spec §7), by decimal chain id: their ERC-4337
   * bundler. Absent when the project has none.
   */
  bundlerUrls?: Record<string, string>
  /**
   * The smart-account-enabled chains whose smart account is the EOA itself (`eip7702`,
   * delegated to Simple7702Account) or a Safe 4337 (`safe`), by decimal chain id; the others
   * use ERC-4337 v0.7 Simple accounts. Absent when none is.
   */
  smartAccountModes?: Record<string, 'eip7702' | 'safe'>
  /**
   * The smart-account-enabled chains whose userOperations the project sponsors, by decimal
   * chain id: their ERC-7677 paymaster service. Absent when none is.
   */
  paymasterUrls?: Record<string, string>
  /**
   * ERC-7811 `wallet_getAssets` (the frame reads the balances from the chain), by decimal EVM
   * chain id: the chain's native currency and the ERC-20 contracts it names. Only chains that
   * set either; absent when none does (the frame assumes Ether and no tokens).
   */
  evmAssets?: Record<
    string,
    { nativeCurrency?: { name: string; symbol: string; decimals: number }; tokens?: string[] }
  >
}

const PAGES: Record<string, string> = { '/frame': 'frame.html', '/loading': 'loading.html' }

/**
 * The frame page with its project's frame config in it, as a JSON data block (a `<script>` of
 * type `application/json` is never run: `script-src 'self'` stands): the frame reads it at once
 * instead of asking `/frame-config` after its code loaded, one round trip less before the
 * handshake. Every `<` is escaped, so no value of the config can end the element.
 *
 * @example framePage(html, frameConfig(project, apiUrl))
 */
export function framePage(html: string, config: FrameConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return html.replace(
    '</head>',
    `<script type="application/json" id="frame-config">${json}</script></head>`,
  )
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
}

// CSP host sources can hold a `*` only as the first host label or as the port; a pattern of
// core's grammar with a `*` elsewhere (`https://app.*.example.com`) has no CSP form and is left
// out of frame-ancestors (the browser then refuses that embedder: fail closed).
const CSP_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i

/** The project's allowed origins that `frame-ancestors` can express. */
export function frameAncestors(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins.filter((pattern) => CSP_SOURCE.test(pattern))
}

/** The frame's configuration for a project: its API and the RPC proxy URL of each chain. */
export function frameConfig(project: Project, apiUrl: string): FrameConfig {
  const rpcUrls: Record<string, string> = {}
  const bundlerUrls: Record<string, string> = {}
  const smartAccountModes: Record<string, 'eip7702' | 'safe'> = {}
  const paymasterUrls: Record<string, string> = {}
  const evmAssets: NonNullable<FrameConfig['evmAssets']> = {}
  for (const chain of project.chains) {
    const { caipNetworkId, bundlerUrl, nativeCurrency, tokens } = chain
    const [namespace, reference = ''] = caipNetworkId.split(':')
    rpcUrls[namespace === 'eip155' ? reference : caipNetworkId] =
      `${apiUrl}/v1/rpc/${project.projectId}/${caipNetworkId}`
    if (namespace === 'eip155' && bundlerUrl) {
      bundlerUrls[reference] = bundlerUrl
      const mode = chain.smartAccountMode
      if (mode === 'eip7702' || mode === 'safe') smartAccountModes[reference] = mode
      if (chain.paymasterUrl) paymasterUrls[reference] = chain.paymasterUrl
    }
    if (namespace === 'eip155' && (nativeCurrency || tokens?.length)) {
      evmAssets[reference] = {
        ...(nativeCurrency ? { nativeCurrency } : {}),
        ...(tokens?.length ? { tokens } : {}),
      }
    }
  }
  return {
    apiUrl,
    allowedOrigins: project.allowedOrigins,
    recovery: project.recovery,
    rpcUrls,
    ...(Object.keys(bundlerUrls).length > 0 ? { bundlerUrls } : {}),
    ...(Object.keys(smartAccountModes).length > 0 ? { smartAccountModes } : {}),
    ...(Object.keys(paymasterUrls).length > 0 ? { paymasterUrls } : {}),
    ...(Object.keys(evmAssets).length > 0 ? { evmAssets } : {}),
  }
}

/**
 * The origins of the project's bundlers and paymaster services (smart-account-enabled chains),
 * for `connect-src`.
 */
export function bundlerOrigins(project: Project | undefined): string[] {
  const origins = (project?.chains ?? []).flatMap((chain) =>
    chain.bundlerUrl && chain.caipNetworkId.startsWith('eip155:')
      ? [chain.bundlerUrl, chain.paymasterUrl ?? []].flat().map((url) => new URL(url).origin)
      : [],
  )
  return [...new Set(origins)]
}

/**
 * The secure origin's routes: `GET /frame`, `/loading` (with the project's CSP), `/frame-config`
 * and `/assets/*`; anything else is 404.
 *
 * @example
 * serve({ fetch: secureSiteRoutes({ db, logger, dist, apiUrl: () => api.url }).fetch, port })
 */
export function secureSiteRoutes(options: SecureSiteRoutesOptions): Hono<AppEnv> {
  const { db, dist } = options
  if (!existsSync(join(dist, 'frame.html'))) {
    throw new Error(
      `No built secure site in ${dist}: run \`pnpm --filter @openmodal/secure-site build\``,
    )
  }
  const pages = new Map<string, Promise<string>>()
  const page = (file: string) => {
    let html = pages.get(file)
    if (!html) {
      html = readFile(join(dist, file), 'utf8')
      // A missing build is reported on each request, not cached.
      html.catch(() => pages.delete(file))
      pages.set(file, html)
    }
    return html
  }

  const projectOf = async (raw: string | undefined) => {
    const parsed = v.safeParse(ProjectIdSchema, raw)
    return parsed.success ? getProject(db, parsed.output) : undefined
  }

  const app = new Hono<AppEnv>()
    .use('*', requestLog(options.logger))
    .use('*', noBodyOnReads)
    .use('*', async (c, next) => {
      await next()
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
    })

  app.get('/frame-config', async (c) => {
    const projectId = c.req.query('projectId')
    c.set('projectId', projectId?.slice(0, 64))
    const project = await projectOf(projectId)
    if (!project) {
      throw new HttpError(404, 'PROJECT_NOT_FOUND', `No project with projectId ${projectId}`)
    }
    return c.json(frameConfig(project, options.apiUrl()), 200, { 'cache-control': 'no-store' })
  })

  for (const [path, file] of Object.entries(PAGES)) {
    app.get(path, async (c) => {
      const projectId = c.req.query('projectId')
      c.set('projectId', projectId?.slice(0, 64))
      // An unknown project still gets the page, with frame-ancestors 'none': no one can frame it.
      const project = await projectOf(projectId)
      const apiOrigin = new URL(options.apiUrl()).origin
      const csp = contentSecurityPolicy(
        frameAncestors(project?.allowedOrigins ?? []),
        apiOrigin,
        // The frame's RPC URLs all point at the API's proxy; the project's ERC-4337 bundlers
        // and paymaster services are the only other origins it connects to.
        bundlerOrigins(project),
      )
      const html = await page(file)
      return c.html(
        project && path === '/frame'
          ? framePage(html, frameConfig(project, options.apiUrl()))
          : html,
        200,
        {
          'content-security-policy': csp,
          'cache-control': 'no-store',
        },
      )
    })
  }

  // Vite names assets by content hash: they never change under a name.
  app.use(
    '/assets/*',
    serveStatic({
      root: dist,
      onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
    }),
  )

  return app.notFound(notFound).onError(errorAnswer(options.logger))
}
