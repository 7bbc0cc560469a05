// A web-test-runner plugin that runs the real OpenModal server (apps/server on an embedded
// PGlite in a temporary directory) with a 2,000-wallet registry imported through its CLI, for
// the AllWallets tests. It starts on the first request for SERVER_FIXTURE_PATH, so test files
// that do not need it pay nothing. The server runs as a child process: packages never import
// apps/*.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SERVER_FIXTURE_PATH = '/__openmodal/server.json'
/** An image URL that answers only after 5 s (longer than the 2 s preload timeout). */
export const SLOW_IMAGE_PATH = '/__openmodal/slow-image.svg'
export const REGISTRY_SIZE = 2000
export const PROJECT_ID = 'ui-test'
/** A project whose remote config turns Send off (our server's `send` extension). */
export const NO_SEND_PROJECT_ID = 'ui-test-no-send'

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../apps/server')

/** 2,000 listings in the common explorer format; names sort as "Wallet 0000" … "Wallet 1999". */
function explorerDump() {
  const listings = {}
  for (let i = 0; i < REGISTRY_SIZE; i++) {
    const n = String(i).padStart(4, '0')
    const id = `ui-wallet-${n}`
    listings[id] = {
      id,
      name: `Wallet ${n}`,
      homepage: `https://wallet-${n}.example`,
      rdns: `example.wallet${n}`,
      chains: ['eip155:1'],
      app: { browser: null, ios: `https://apps.apple.com/app/id${1_000_000 + i}`, android: null },
      mobile: { native: `wallet${n}://`, universal: null },
      desktop: { native: null, universal: null },
    }
  }
  return { listings }
}

/** Runs `args` with node in apps/server and resolves with its output once `done` matches it. */
function runServerScript(args, env, done) {
  const child = spawn(
    process.execPath,
    ['--conditions=@openmodal/source', '--import', 'tsx', ...args],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  let matched = false
  const ready = new Promise((resolve, reject) => {
    // Output is kept (for the error message) only until ready; later request logs are drained.
    const onData = (chunk) => {
      if (matched) return
      output += String(chunk)
      const match = done?.exec(output)
      if (match) {
        matched = true
        resolve(match)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code) => {
      if (!done && code === 0) resolve(undefined)
      else reject(new Error(`apps/server ${args.join(' ')} exited (${code}):\n${output}`))
    })
  })
  return { child, ready }
}

export function registryServer() {
  let started
  let server
  let dir
  async function start() {
    dir = mkdtempSync(join(tmpdir(), 'openmodal-ui-server-'))
    const config = join(dir, 'openmodal.config.json')
    const dump = join(dir, 'registry.json')
    writeFileSync(
      config,
      JSON.stringify({
        projects: [
          { projectId: PROJECT_ID, name: 'UI tests', allowedOrigins: [], allowDevOrigins: true },
          {
            projectId: NO_SEND_PROJECT_ID,
            name: 'UI tests, Send off',
            allowedOrigins: [],
            // The test page's loopback origin, for the public reads (config, registry).
            allowDevOrigins: true,
            features: { send: false },
          },
        ],
      }),
    )
    writeFileSync(dump, JSON.stringify(explorerDump()))
    const env = {
      OPENMODAL_DATA_DIR: join(dir, 'data'),
      OPENMODAL_CONFIG: config,
      OPENMODAL_HOST: '127.0.0.1',
      OPENMODAL_PORT: '0',
      // Scrolling a grid of 2,000 loads many images from one address.
      OPENMODAL_RATE_BURST: '100000',
      OPENMODAL_RATE_PER_SECOND: '100000',
      LOG_LEVEL: 'info',
    }
    await runServerScript(['src/cli.ts', 'wallets', 'import', dump], env).ready
    server = runServerScript(['src/main.ts'], env, /"listening".*?"url":"([^"]+)"/)
    const [, url] = await server.ready
    return JSON.stringify({
      url,
      projectId: PROJECT_ID,
      noSendProjectId: NO_SEND_PROJECT_ID,
      size: REGISTRY_SIZE,
    })
  }
  return {
    name: 'openmodal-registry-server',
    async serve(context) {
      if (context.path === SERVER_FIXTURE_PATH) {
        started ??= start()
        return { body: await started, type: 'json' }
      }
      if (context.path === SLOW_IMAGE_PATH) {
        await new Promise((resolve) => setTimeout(resolve, 5000))
        return {
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
          type: 'svg',
        }
      }
    },
    async serverStop() {
      const child = server?.child
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        process.kill(child.pid, 'SIGTERM')
        await exited
      }
      if (dir) rmSync(dir, { recursive: true, force: true })
    },
  }
}
