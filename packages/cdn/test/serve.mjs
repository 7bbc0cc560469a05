// A loopback static server for the CDN tests: the built files (dist/) and the test page
// (test/page/), every answer with the strict Content-Security-Policy a careful host sends.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
export const DIST = join(PACKAGE, 'dist')
const PAGE = join(PACKAGE, 'test', 'page')

/** No inline script, no eval, and only Trusted Types into HTML/script sinks. */
export const STRICT_CSP = "script-src 'self'; require-trusted-types-for 'script'"
/** STRICT_CSP, and the one Trusted Types policy the kit creates (Lit's) allowed by name. */
export const NAMED_POLICY_CSP = `${STRICT_CSP}; trusted-types lit-html`

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

/** `path` inside `root`, or undefined for a path that leaves it (`..`). */
function inside(root, path) {
  const file = normalize(join(root, path))
  return file.startsWith(root + sep) ? file : undefined
}

/** Where a URL path is served from: the page's two files, else dist/. */
function fileFor(pathname) {
  if (pathname === '/') return join(PAGE, 'index.html')
  if (pathname === '/page.js') return join(PAGE, 'page.js')
  return inside(DIST, decodeURIComponent(pathname))
}

/**
 * Starts the server on a free loopback port: `{ origin, requests, stop() }`; `requests` lists
 * every path asked for, in order. Every answer carries `csp`.
 */
export async function startServer({ csp = STRICT_CSP } = {}) {
  const requests = []
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url, 'http://localhost')
    requests.push(pathname)
    const file = fileFor(pathname)
    const body = file && (await readFile(file).catch(() => undefined))
    if (!body) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
      return
    }
    response
      .writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': csp,
        'Cache-Control': 'no-store',
      })
      .end(body)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  }
}
