// Bundles an e2e page with esbuild (code splitting on, so lazy chunks stay lazy) and serves
// it on `http://localhost:<port>`, an origin apart from the stand-ins' `127.0.0.1`.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { build } from 'esbuild'

export interface ServedPage {
  origin: string
  /** Paths of the files requested so far (e.g. to see which chunks loaded). */
  requested: string[]
  stop(): Promise<void>
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' }

export async function servePage(entry: string): Promise<ServedPage> {
  const dir = await mkdtemp(join(tmpdir(), 'openmodal-e2e-'))
  await build({
    entryPoints: { main: entry },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: dir,
    conditions: ['@openmodal/source', 'browser', 'development'],
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'error',
  })
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dapp</title></head>' +
    '<body><script type="module" src="/main.js"></script></body></html>'
  const requested: string[] = []
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    requested.push(path)
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(html)
      return
    }
    const file = normalize(join(dir, path))
    if (!file.startsWith(dir)) {
      response.writeHead(403)
      response.end()
      return
    }
    try {
      const body = await readFile(file)
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      })
      response.end(body)
    } catch {
      response.writeHead(404)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://localhost:${port}`,
    requested,
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
