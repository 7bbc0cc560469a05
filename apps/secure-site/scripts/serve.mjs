// Serves the built secure site the way production must: each page with its CSP (scripts
// only from this origin, `frame-ancestors` = the project's allowed origins), the per-project
// frame config, and nothing else. Used by the tests (on a second loopback origin) and by
// `pnpm --filter @openmodal/secure-site start` for local use; apps/server serves the same
// headers in production.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const SITE_DIR = fileURLToPath(new URL('..', import.meta.url))
const PAGES = { '/frame': 'frame.html', '/loading': 'loading.html' }
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
}

/**
 * Builds the site with Vite into `outDir` (default `dist/`).
 * @param {{ outDir?: string }} [options]
 */
export async function buildSecureSite({ outDir = join(SITE_DIR, 'dist') } = {}) {
  const { build } = await import('vite')
  await build({
    root: SITE_DIR,
    configFile: join(SITE_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return outDir
}

/**
 * The CSP of a page for a project's allowed origins.
 * @param {string[]} allowedOrigins
 * @param {string} apiOrigin
 * @param {string[]} [rpcOrigins] the origins of the project's chain RPC URLs
 */
export function contentSecurityPolicy(allowedOrigins, apiOrigin, rpcOrigins = []) {
  const ancestors = allowedOrigins.length ? allowedOrigins.join(' ') : "'none'"
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src ${["'self'", apiOrigin, ...rpcOrigins].join(' ')}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ')
}

/**
 * Starts the secure site on `host` (default 127.0.0.1) and a free port.
 * @param {{
 *   dist?: string,
 *   host?: string,
 *   port?: number,
 *   projects: Record<string, { allowedOrigins: string[], frameAncestors?: string[], rpcUrls?: Record<string, string>, bundlerUrls?: Record<string, string>, smartAccountModes?: Record<string, 'erc4337' | 'eip7702' | 'safe'>, paymasterUrls?: Record<string, string>, evmAssets?: Record<string, { nativeCurrency?: { name: string, symbol: string, decimals: number }, tokens?: string[] }>, recovery?: 'non-custodial' | 'custodial' }>,
 *   apiUrl?: string,
 *   api?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, origin: string) => Promise<boolean>,
 * }} options `api` mounts a server stand-in on the same origin (tests); `apiUrl` defaults to this origin.
 */
export async function startSecureSite({
  dist = join(SITE_DIR, 'dist'),
  host = '127.0.0.1',
  port = 0,
  projects,
  apiUrl,
  api,
}) {
  let origin = ''
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', origin)
      if (api && (await api(req, res, origin))) return
      const headers = {
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      }
      const project = projects[url.searchParams.get('projectId') ?? '']
      if (url.pathname === '/frame-config' && req.method === 'GET') {
        if (!project)
          return send(
            res,
            404,
            headers,
            'application/json',
            '{"error":{"code":"NOT_FOUND","message":"Unknown project"}}',
          )
        const body = JSON.stringify({
          apiUrl: apiUrl ?? origin,
          allowedOrigins: project.allowedOrigins,
          rpcUrls: project.rpcUrls ?? {},
          bundlerUrls: project.bundlerUrls ?? {},
          ...(project.smartAccountModes ? { smartAccountModes: project.smartAccountModes } : {}),
          ...(project.paymasterUrls ? { paymasterUrls: project.paymasterUrls } : {}),
          ...(project.evmAssets ? { evmAssets: project.evmAssets } : {}),
          recovery: project.recovery ?? 'non-custodial',
        })
        return send(res, 200, headers, 'application/json', body)
      }
      const page = PAGES[url.pathname]
      if (page) {
        const ancestors = project?.frameAncestors ?? project?.allowedOrigins ?? []
        const rpcOrigins = [
          ...Object.values(project?.rpcUrls ?? {}),
          ...Object.values(project?.bundlerUrls ?? {}),
          ...Object.values(project?.paymasterUrls ?? {}),
        ].map((url) => new URL(url).origin)
        const csp = contentSecurityPolicy(ancestors, new URL(apiUrl ?? origin).origin, rpcOrigins)
        const body = await readFile(join(dist, page))
        return send(res, 200, { ...headers, 'content-security-policy': csp }, 'text/html', body)
      }
      if (url.pathname.startsWith('/assets/')) {
        const file = normalize(join(dist, url.pathname))
        if (!file.startsWith(join(dist, 'assets')))
          return send(res, 404, headers, 'text/plain', 'Not found')
        const body = await readFile(file).catch(() => null)
        if (body)
          return send(res, 200, headers, TYPES[extname(file)] ?? 'application/octet-stream', body)
      }
      send(res, 404, headers, 'text/plain', 'Not found')
    } catch (error) {
      send(res, 500, {}, 'text/plain', String(error))
    }
  })
  await new Promise((resolve) => server.listen(port, host, resolve))
  const address = server.address()
  origin = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
  return {
    origin,
    close: () => new Promise((resolve) => server.closeAllConnections?.() ?? server.close(resolve)),
  }
}

function send(res, status, headers, type, body) {
  res.writeHead(status, { ...headers, 'content-type': type })
  res.end(body)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `pnpm start`: the built site for one project; configure with OPENMODAL_SECURE_PROJECTS
  // (JSON `{ projectId: { allowedOrigins: [...] } }`) and OPENMODAL_API_URL.
  const projects = JSON.parse(
    process.env.OPENMODAL_SECURE_PROJECTS ?? '{"demo":{"allowedOrigins":["http://localhost:*"]}}',
  )
  const site = await startSecureSite({
    projects,
    port: Number(process.env.PORT ?? 0),
    ...(process.env.OPENMODAL_API_URL ? { apiUrl: process.env.OPENMODAL_API_URL } : {}),
  })
  console.log(`secure site on ${site.origin}`)
}
