// Local EVM chains for tests: anvil (npm `@foundry-rs/anvil`) on a loopback port.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { installMulticall3 } from './multicall3.js'

export interface StartAnvilOptions {
  /** Default 31337. */
  chainId?: number
  /** Default: a free loopback port. */
  port?: number
  /** Seconds between blocks; default: a block per transaction (instant mining). */
  blockTime?: number
  /** Extra command-line arguments for anvil. */
  args?: readonly string[]
  /** Put Multicall3 at its canonical address, as on public chains; default true. */
  multicall3?: boolean
}

export interface AnvilInstance {
  rpcUrl: string
  chainId: number
  port: number
  /** The process id of anvil. */
  pid: number
  /** Stops anvil and resolves once the process has exited (the port is free again). */
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 15_000
const STOP_TIMEOUT_MS = 3_000
const running = new Set<ChildProcess>()
let exitHookInstalled = false

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' }

/**
 * Path of the anvil binary from the platform package `@foundry-rs/anvil-<platform>-<arch>`,
 * an optional dependency of `@foundry-rs/anvil` (whose own package has no main entry).
 *
 * @example
 * spawnSync(anvilBinaryPath(), ['--version'])
 */
export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url)
  const wrapper = require.resolve('@foundry-rs/anvil/package.json')
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`
  let manifest: string
  try {
    manifest = createRequire(wrapper).resolve(`${platformPackage}/package.json`)
  } catch (cause) {
    throw new Error(`anvil: ${platformPackage} is not installed for this platform`, { cause })
  }
  const binary = join(
    dirname(manifest),
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  )
  if (!existsSync(binary)) throw new Error(`anvil: binary missing at ${binary}`)
  return binary
}

/** A port the OS reports free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

async function answersChainId(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    })
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string'
  } catch {
    return false
  }
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  // A test runner that exits without stopping its chains must not leave anvil running.
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL')
  })
}

async function launch(options: StartAnvilOptions, port: number): Promise<AnvilInstance> {
  const chainId = options.chainId ?? 31337
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)]
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))
  // Not --silent: anvil says "Listening on <host>:<port>" once it holds the port, which tells
  // our own node from another process's that took the same port first (that one would answer
  // eth_chainId while ours failed to bind, and two test files would share one chain).
  args.push(...(options.args ?? []))
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  installExitHook()
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000)
  })
  child.once('exit', () => running.delete(child))
  const exited = waitForExit(child)
  let banner = ''
  let listening = false
  child.stdout?.setEncoding('utf8')
  const onBanner = (chunk: string) => {
    banner = (banner + chunk).slice(-4_000)
    if (!banner.includes(`Listening on 127.0.0.1:${port}`)) return
    listening = true
    // From here on its request log is read and dropped, so the pipe never fills.
    child.stdout?.off('data', onBanner)
    child.stdout?.resume()
  }
  child.stdout?.on('data', onBanner)

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    }
  }
  const rpcUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + READY_TIMEOUT_MS
  let gone = false
  void exited.then(() => {
    gone = true
  })
  while (!listening || !(await answersChainId(rpcUrl))) {
    if (gone) throw new Error(`anvil exited before answering on port ${port}: ${stderr.trim()}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil did not answer on ${rpcUrl} within ${READY_TIMEOUT_MS} ms`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  if (child.pid === undefined) throw new Error('anvil has no pid')
  if (options.multicall3 !== false) {
    await installMulticall3(rpcUrl).catch(async (error: unknown) => {
      await stop()
      throw error
    })
  }
  return { rpcUrl, chainId, port, pid: child.pid, stop }
}

/**
 * Starts anvil on 127.0.0.1 with its default mnemonic (`ANVIL_MNEMONIC`) and resolves when it
 * answers `eth_chainId`. Without `port`, a free port is picked (and retried if taken meanwhile).
 *
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * const client = createPublicClient({ transport: http(anvil.rpcUrl) })
 * await anvil.stop()
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  if (options.port !== undefined) return launch(options, options.port)
  let lastError: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await launch(options, await freePort())
    } catch (error) {
      lastError = error
    }
  }
  throw lastError
}

export interface StartChainsOptions {
  /** Default `[31337, 31338]`: two chains with different ids, for switching tests. */
  chainIds?: readonly number[]
  blockTime?: number
}

export interface AnvilChains {
  chains: readonly AnvilInstance[]
  stop(): Promise<void>
}

/**
 * Starts one anvil per chain id in parallel (default 31337 and 31338).
 *
 * @example
 * const { chains: [a, b], stop } = await startChains()
 * console.log(a.rpcUrl, b.rpcUrl)
 * await stop()
 */
export async function startChains(options: StartChainsOptions = {}): Promise<AnvilChains> {
  const ids = options.chainIds ?? [31337, 31338]
  const started = await Promise.allSettled(
    ids.map((chainId) =>
      startAnvil({
        chainId,
        ...(options.blockTime !== undefined ? { blockTime: options.blockTime } : {}),
      }),
    ),
  )
  const chains = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const stop = async () => {
    await Promise.all(chains.map((c) => c.stop()))
  }
  const failed = started.find((r) => r.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  return { chains, stop }
}
