// A tiny static file server for built apps, on loopback only. Compresses like a production
// host: brotli (quality 11) when the browser accepts it, else gzip (level 9); compressed
// bodies are computed once per file and kept in memory.
import { readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg'])

/**
 * Serves `root` on 127.0.0.1 at a free port.
 *
 * @example const server = await serveStatic('apps/size/dist/floor'); await server.close()
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export function serveStatic(root) {
  const cache = new Map()
  const body = (file, encoding) => {
    const key = `${encoding}:${file}`
    if (!cache.has(key)) {
      const raw = readFileSync(file)
      cache.set(
        key,
        encoding === 'br'
          ? brotliCompressSync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            })
          : encoding === 'gzip'
            ? gzipSync(raw, { level: 9 })
            : raw,
      )
    }
    return cache.get(key)
  }
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    let file = normalize(join(root, path))
    if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) {
      response.writeHead(403).end()
      return
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html')
      statSync(file)
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const ext = extname(file)
    const accepts = String(request.headers['accept-encoding'] ?? '')
    const encoding = !COMPRESSIBLE.has(ext)
      ? 'identity'
      : /\bbr\b/.test(accepts)
        ? 'br'
        : /\bgzip\b/.test(accepts)
          ? 'gzip'
          : 'identity'
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    const data = body(file, encoding)
    response.writeHead(200, { ...headers, 'content-length': data.byteLength })
    response.end(request.method === 'HEAD' ? undefined : data)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}
