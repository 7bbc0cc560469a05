// Builds a page entry as a dapp's own build would (esbuild: one ES module and its lazy chunks
// beside the HTML) and serves the folder on a free loopback port. Shared by the connect-flow
// example test and the theming screenshots.
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { build } from 'esbuild'

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' }

export interface ServedPage {
  origin: string
  stop(): Promise<void>
}

/**
 * Bundles `entry` (which the page loads as `./app.js`) next to a copy of `html` and serves them.
 *
 * @example const page = await servePage('examples/connect-flow/app.ts', 'examples/connect-flow/index.html')
 */
export async function servePage(entry: string, html: string): Promise<ServedPage> {
  const dir = await mkdtemp(join(tmpdir(), 'openmodal-docs-'))
  await build({
    entryPoints: { app: entry },
    outdir: dir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  await copyFile(html, join(dir, 'index.html'))
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const file = join(dir, path === '/' ? 'index.html' : path.slice(1))
    if (!file.startsWith(dir)) return void response.writeHead(403).end()
    try {
      const body = await readFile(file)
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      })
      response.end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
