// Shared by the benchmarks (src/bench.ts, src/bench-indexer.ts): the server in its own process
// on a free loopback port, and one result row per autocannon run.
import { type ChildProcess, spawn } from 'node:child_process'
import { freePort } from '@openmodal/testing/node'
import type { Result as AutocannonResult } from 'autocannon'

const cwd = new URL('../..', import.meta.url).pathname

async function waitForHealth(url: string, child: ChildProcess) {
  // A fresh PGlite directory runs initdb and every migration first: slow on a busy machine.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not become healthy')
}

/**
 * Starts `src/main.ts` with `env` on a free port and waits for `/health`.
 *
 * @example const server = await startServerProcess({ DATABASE_URL }); await server.stop()
 */
export async function startServerProcess(env: Record<string, string>) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, OPENMODAL_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(url, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}

export interface LoadRow {
  database: string
  target: string
  rps: number
  p50: number
  p99: number
  errors: number
}

/** The figures of one autocannon run. */
export function loadRow(database: string, target: string, result: AutocannonResult): LoadRow {
  return {
    database,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}
