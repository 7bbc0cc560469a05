// Shared by the e2e tests: a free loopback port, `vite preview` of the built demo on one,
// apps/server as a child process, a JSON-RPC call, starting several things at once, and an
// ed25519 check of Solana signatures that shares no code with the wallets or the adapter.
import { execFile, spawn } from 'node:child_process'
import { createHash, createPublicKey, verify } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

export const DEMO = join(dirname(fileURLToPath(import.meta.url)), '..')
export const HOST = '127.0.0.1'

/** A port the OS reports free on HOST right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, HOST, () => {
        const { port } = server.address()
        server.close(() => resolve(port))
      })
  })
}

/**
 * apps/server as `pnpm demo` starts it (main.ts) on `port`, with `env` on top (its config file,
 * data directory…); resolves once it listens with `{ url, output(), stop() }`. `stop()` ends
 * that process by its pid and waits for it.
 *
 * @example const server = await startServer(await freePort(), { OPENMODAL_CONFIG: path })
 */
export function startServer(port, env) {
  const child = spawn(
    process.execPath,
    ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: join(DEMO, '../server'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        OPENMODAL_HOST: HOST,
        OPENMODAL_PORT: String(port),
        LOG_LEVEL: 'info',
        NO_COLOR: '1',
        ...env,
      },
    },
  )
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGTERM')
      await exited
    }
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`the server was not ready after 60 s:\n${output}`))
    }, 60_000)
    const onData = (chunk) => {
      output += stripVTControlCharacters(String(chunk))
      if (output.includes('"msg":"listening"')) {
        clearTimeout(timer)
        resolve({ url: `http://${HOST}:${port}`, output: () => output, stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}):\n${output}`))
    })
  })
}

/**
 * Fills `dataDir` with a PGlite cluster already migrated and seeded, so the server started on it
 * (OPENMODAL_DATA_DIR) opens it instead of running initdb and every migration: initdb is ~5 s
 * of CPU per server start and the migrations ~1.5 s more, copying a cluster ~1 s. The cluster
 * is made once per PGlite version and migration set (the server's own `cli migrate`, so it is
 * what a server restarted on its data sees) and kept under node_modules/.cache; the server
 * still checks the migrations and upserts the seed at its start, as at any restart.
 *
 * @example await seedPgliteDataDir(join(dataDir, 'pglite'))
 */
export async function seedPgliteDataDir(dataDir) {
  const server = join(DEMO, '../server')
  const version = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')).dependencies[
    '@electric-sql/pglite'
  ]
  const migrations = createHash('sha256')
  for (const name of readdirSync(join(server, 'migrations')).sort()) {
    migrations.update(`${name}\0`).update(readFileSync(join(server, 'migrations', name)))
  }
  const cache = join(DEMO, 'node_modules/.cache/openmodal')
  const template = join(
    cache,
    `pglite-${version}-migrated-${migrations.digest('hex').slice(0, 16)}`,
  )
  if (!existsSync(template)) {
    mkdirSync(cache, { recursive: true })
    const partial = `${template}.${process.pid}`
    await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--conditions=@openmodal/source', '--import', 'tsx', 'src/cli.ts', 'migrate'],
        { cwd: server, env: { ...process.env, OPENMODAL_DATA_DIR: partial, DATABASE_URL: '' } },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`cli migrate failed: ${error.message}\n${stderr}`)) : resolve(),
      )
    })
    // Made aside, then renamed: another file making it at the same time keeps its own.
    try {
      renameSync(partial, template)
    } catch {
      rmSync(partial, { recursive: true, force: true })
    }
  }
  cpSync(template, dataDir, { recursive: true })
}

/**
 * Starts `vite preview` of the built demo on a free port; resolves once it prints its URL with
 * `{ origin, port, child, stop() }`. A port taken between the check and vite's bind (the e2e
 * files run in parallel) is retried on another one. `stop()` ends that process (by its pid)
 * and waits for it to exit.
 */
export async function startPreview(env = {}) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return await startPreviewOn(port, env)
    } catch (error) {
      if (attempt >= 5 || !String(error.message).includes('already in use')) throw error
    }
  }
}

function startPreviewOn(port, env) {
  const vite = join(DEMO, 'node_modules/vite/bin/vite.js')
  const child = spawn(
    process.execPath,
    [vite, 'preview', '--host', HOST, '--port', String(port), '--strictPort'],
    {
      cwd: DEMO,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, NO_COLOR: '1' },
    },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(child.pid, 'SIGTERM')
      await exited
    }
  }
  const origin = `http://${HOST}:${port}`
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`vite preview was not ready after 20 s:\n${output}`))
    }, 20_000)
    const onData = (chunk) => {
      output += stripVTControlCharacters(String(chunk))
      if (output.includes(origin)) {
        clearTimeout(timer)
        resolve({ origin, port, child, stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`vite preview exited (${code}):\n${output}`))
    })
  })
}

/** One JSON-RPC call (to anvil); an error answer throws with the node's message. */
export async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/**
 * Starts several things at once, like `Promise.all`, but when one fails the others that did
 * start are stopped (`stop()` or `close()`) before the error is rethrown: a test whose setup
 * failed must not leave chains or servers running (they would keep the test process alive).
 *
 * @example const [chains, preview] = await startTogether([startChains(), startPreview()])
 */
export async function startTogether(starts) {
  const results = await Promise.allSettled(starts)
  const failed = results.find((result) => result.status === 'rejected')
  if (!failed) return results.map((result) => result.value)
  await Promise.allSettled(
    results
      .filter((result) => result.status === 'fulfilled')
      .map(({ value }) => (value?.stop ?? value?.close)?.call(value)),
  )
  throw failed.reason
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** A base58 decoder of its own, so the check shares no code with the wallet or the adapter. */
export function base58Decode(text) {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) throw new Error(`not base58: ${char}`)
    value = value * 58n + BigInt(digit)
  }
  const bytes = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Buffer.from(bytes)
}

/** ed25519 verification by Node's crypto (OpenSSL), from the raw 32-byte public key. */
export function verifyEd25519(address, message, signature) {
  const spki = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    base58Decode(address),
  ])
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' })
  return verify(null, Buffer.from(message), key, base58Decode(signature))
}

const JSQR = createRequire(import.meta.url).resolve('jsqr')

/**
 * What the QR code `locator` (a `wui-qr-code`) shows on screen, decoded by jsQR in the page
 * from a screenshot (so the network icon over it counts); null when it does not decode.
 */
export async function decodeQrOnScreen(page, locator) {
  await locator.locator('svg path').waitFor({ timeout: 20_000 })
  // The view's fade-in done, decode what is on screen.
  await page.waitForTimeout(400)
  const png = (await locator.screenshot()).toString('base64')
  await page.addScriptTag({ path: JSQR })
  return page.evaluate(async (data) => {
    const image = new Image()
    image.src = `data:image/png;base64,${data}`
    await image.decode()
    // A quiet zone around the code, as printed codes have.
    const margin = 32
    const canvas = document.createElement('canvas')
    canvas.width = image.width + margin * 2
    canvas.height = image.height + margin * 2
    const context = canvas.getContext('2d')
    context.fillStyle = '#fff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, margin, margin)
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height)
    return window.jsQR(pixels.data, canvas.width, canvas.height)?.data ?? null
  }, png)
}
