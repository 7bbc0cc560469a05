// Small process and network helpers of the consumer test.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

export const HOST = '127.0.0.1'
/** apps/examples */
export const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..')
export const ROOT = join(EXAMPLES, '../..')

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
 * Runs a command to completion with its output captured; resolves with the output and the
 * time it took, rejects with the output's end on a non-zero exit.
 */
export function run(command, args, { cwd, env = {}, timeoutMs = 300_000 } = {}) {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env },
    })
    let output = ''
    const collect = (chunk) => {
      output += stripVTControlCharacters(String(chunk))
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const timer = setTimeout(() => process.kill(child.pid, 'SIGKILL'), timeoutMs)
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      const ms = Math.round(performance.now() - started)
      if (code === 0) resolve({ output, ms })
      else {
        const what = `${command} ${args.join(' ')} in ${cwd} failed (${signal ?? code})`
        reject(new Error(`${what}:\n${output.slice(-6000)}`))
      }
    })
  })
}

/**
 * Starts a long-running command and resolves once `url` answers an HTTP request, with
 * `{ output(), stop() }`. `stop()` ends that process (by its pid) and waits for it to exit.
 */
export function startServer(command, args, { cwd, env = {}, url, timeoutMs = 60_000 }) {
  // Its own process group: `pnpm run start` starts a shell that starts the server, and
  // stopping the group (by this child's pid) ends all three.
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  })
  let output = ''
  const collect = (chunk) => {
    output += stripVTControlCharacters(String(chunk))
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGTERM')
      const kill = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 5000)
      await exited
      clearTimeout(kill)
    }
  }
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs
    let gone = false
    child.once('exit', (code) => {
      gone = true
      reject(new Error(`${command} ${args.join(' ')} exited (${code}):\n${output}`))
    })
    const poll = async () => {
      if (gone) return
      try {
        const response = await fetch(url, { redirect: 'manual' })
        await response.arrayBuffer()
        resolve({ output: () => output, stop })
      } catch {
        if (Date.now() > deadline) {
          await stop()
          reject(new Error(`${url} did not answer after ${timeoutMs} ms:\n${output}`))
        } else setTimeout(poll, 200)
      }
    }
    void poll()
  })
}

/** One JSON-RPC call over HTTP. */
export async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
