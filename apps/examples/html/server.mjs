// A tiny static server for dist/ on 127.0.0.1:$PORT (default 8080), with the strict Content
// Security Policy the kit is built for: scripts only from this origin, no eval, and HTML or
// script sinks only through Trusted Types.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), 'dist')
const port = Number(process.env.PORT ?? 8080)
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}
const HEADERS = {
  'Content-Security-Policy': "script-src 'self'; require-trusted-types-for 'script'",
  'X-Content-Type-Options': 'nosniff',
}

createServer(async (request, response) => {
  const { pathname } = new URL(request.url, 'http://localhost')
  const file = normalize(
    join(root, decodeURIComponent(pathname), pathname.endsWith('/') ? 'index.html' : ''),
  )
  const body = file.startsWith(root + sep) ? await readFile(file).catch(() => undefined) : undefined
  if (!body) {
    response.writeHead(404, { 'Content-Type': 'text/plain', ...HEADERS }).end('Not found')
    return
  }
  const type = TYPES[extname(file)] ?? 'application/octet-stream'
  response.writeHead(200, { 'Content-Type': type, ...HEADERS }).end(body)
}).listen(port, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${port}/`)
})
