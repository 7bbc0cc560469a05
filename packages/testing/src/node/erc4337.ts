// ERC-4337 v0.7 on a local chain: EntryPoint and SimpleAccountFactory from the published
// artifacts of `@account-abstraction/contracts@0.7.0`, deployed through the deterministic
// deployer (anvil has it) at their canonical addresses, and the Alto bundler
// (`@pimlico/alto@0.0.20`, GPL-3.0) as a separate process. Both packages are devDependencies:
// they are never bundled, only read or run by tests and the demo.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  type Address,
  concat,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  http,
  pad,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { freePort } from './anvil.js'

/** The deterministic deployer (Arachnid's CREATE2 proxy), present on anvil. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** EntryPoint v0.7's canonical address (the npm bytecode with the published salt gives it). */
export const ENTRY_POINT_V07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** SimpleAccountFactory v0.7's canonical address (salt 0, constructor: the EntryPoint). */
export const SIMPLE_ACCOUNT_FACTORY_V07: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
const ENTRY_POINT_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'

/** EntryPoint v0.8's canonical address (the npm bytecode with the published salt gives it). */
export const ENTRY_POINT_V08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
/** Simple7702Account v0.8's canonical address (salt 0): viem's toSimple7702SmartAccount default. */
export const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
const ENTRY_POINT_V08_SALT: Hex =
  '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'

/** An artifact of @account-abstraction/contracts 0.7.0, or of 0.8.0 (its npm alias `-v08`). */
export function artifact(
  name: string,
  version: '0.7' | '0.8' = '0.7',
): { abi: unknown[]; bytecode: Hex } {
  const require = createRequire(import.meta.url)
  const pkg =
    version === '0.7' ? '@account-abstraction/contracts' : '@account-abstraction/contracts-v08'
  let path: string
  try {
    path = require.resolve(`${pkg}/artifacts/${name}.json`)
  } catch (cause) {
    const install =
      version === '0.7'
        ? '@account-abstraction/contracts@0.7.0'
        : '@account-abstraction/contracts-v08@npm:@account-abstraction/contracts@0.8.0'
    throw new Error(`deployErc4337: install ${install} as a devDependency`, { cause })
  }
  return JSON.parse(readFileSync(path, 'utf8')) as { abi: unknown[]; bytecode: Hex }
}

/**
 * Deploys `initCode` through the deterministic deployer, or another CREATE2 proxy of its kind
 * at `deployer` (kept when already there).
 */
export async function deployDeterministic(
  rpcUrl: string,
  initCode: Hex,
  salt: Hex,
  deployer: Address = DETERMINISTIC_DEPLOYER,
): Promise<Address> {
  const client = createWalletClient({
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: deployer,
    salt,
    bytecode: initCode,
  })
  if (await client.getCode({ address })) return address
  const hash = await client.sendTransaction({
    to: deployer,
    data: concat([salt, initCode]),
    chain: null,
  })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (!(await client.getCode({ address }))) {
    throw new Error(`deployErc4337: nothing deployed at ${address}`)
  }
  return address
}

export interface Erc4337Contracts {
  entryPoint: Address
  simpleAccountFactory: Address
}

/**
 * Deploys EntryPoint v0.7 and SimpleAccountFactory through the deterministic deployer (anvil
 * account 0 pays); a contract already there is kept. Fails when an address does not come out
 * as computed (the bytecode changed).
 *
 * @example
 * const { entryPoint, simpleAccountFactory } = await deployErc4337(anvil.rpcUrl)
 */
export async function deployErc4337(rpcUrl: string): Promise<Erc4337Contracts> {
  const entryPoint = await deployDeterministic(
    rpcUrl,
    artifact('EntryPoint').bytecode,
    ENTRY_POINT_SALT,
  )
  const simpleAccountFactory = await deployDeterministic(
    rpcUrl,
    concat([
      artifact('SimpleAccountFactory').bytecode,
      encodeAbiParameters([{ type: 'address' }], [entryPoint]),
    ]),
    pad('0x0'),
  )
  return { entryPoint, simpleAccountFactory }
}

export interface Eip7702Contracts {
  entryPoint: Address
  simple7702Account: Address
}

/**
 * Deploys EntryPoint v0.8 and Simple7702Account (the implementation an EOA delegates to with an
 * EIP-7702 authorization) from @account-abstraction/contracts 0.8.0 through the deterministic
 * deployer, at their canonical addresses; a contract already there is kept. anvil's default
 * hardfork (Prague or later) takes EIP-7702 transactions. Start the bundler with
 * `entryPoints: [ENTRY_POINT_V07, ENTRY_POINT_V08]` to serve both.
 *
 * @example
 * const { simple7702Account } = await deployEip7702(anvil.rpcUrl)
 */
export async function deployEip7702(rpcUrl: string): Promise<Eip7702Contracts> {
  const entryPoint = await deployDeterministic(
    rpcUrl,
    artifact('EntryPoint', '0.8').bytecode,
    ENTRY_POINT_V08_SALT,
  )
  const simple7702Account = await deployDeterministic(
    rpcUrl,
    artifact('Simple7702Account', '0.8').bytecode,
    pad('0x0'),
  )
  return { entryPoint, simple7702Account }
}

export interface StartBundlerOptions {
  /** The chain's JSON-RPC URL (anvil). */
  rpcUrl: string
  /** Default EntryPoint v0.7's canonical address. */
  entryPoint?: Address
  /** Several EntryPoints (e.g. v0.7 and v0.8); takes the place of `entryPoint`. */
  entryPoints?: readonly Address[]
  /** Default: a free loopback port. */
  port?: number
  /** The key that sends bundles; default anvil account 9 (keep it apart from test accounts). */
  executorPrivateKey?: Hex
  /** How long to wait for it to answer; default 30 s (a loaded machine may need more). */
  readyTimeoutMs?: number
}

export interface Bundler {
  /** The bundler's JSON-RPC URL (`eth_sendUserOperation`, …). */
  url: string
  /** The process id of the bundler. */
  pid: number
  /** Ends the bundler by its process id and resolves when it has exited. */
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 30_000
/** A devDependency of the user's tests, like the Uniswap artifacts: not one of this package. */
const ALTO_PACKAGE = '@pimlico/alto'
const running = new Set<ChildProcess>()

function altoPath(): string {
  const require = createRequire(import.meta.url)
  let entry: string
  try {
    // Its exports list no package.json: the CLI sits beside the main entry (esm/index.js).
    entry = require.resolve(ALTO_PACKAGE)
  } catch (cause) {
    throw new Error('startBundler: install @pimlico/alto@0.0.20 as a devDependency', { cause })
  }
  return join(dirname(entry), 'cli', 'alto.js')
}

async function answersEntryPoints(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints' }),
      signal: AbortSignal.timeout(1_000),
    })
    const body = (await response.json()) as { result?: unknown }
    return Array.isArray(body.result)
  } catch {
    return false
  }
}

/**
 * Starts the Alto bundler (a child process: GPL code is run, never bundled) against `rpcUrl`
 * and resolves once it answers `eth_supportedEntryPoints`. Run `deployErc4337` first.
 *
 * @example
 * const bundler = await startBundler({ rpcUrl: anvil.rpcUrl })
 * await bundler.stop()
 */
export async function startBundler(options: StartBundlerOptions): Promise<Bundler> {
  const port = options.port ?? (await freePort())
  const executor = options.executorPrivateKey ?? ANVIL_PRIVATE_KEYS[9]
  const args = [
    altoPath(),
    '--entrypoints',
    (options.entryPoints ?? [options.entryPoint ?? ENTRY_POINT_V07]).join(','),
    '--executor-private-keys',
    executor,
    '--utility-private-key',
    executor,
    '--rpc-url',
    options.rpcUrl,
    '--port',
    String(port),
    // anvil has no debug_traceCall with the ERC-7562 tracer: the rules are not enforced.
    '--safe-mode',
    'false',
    '--min-bundle-interval',
    '10',
    '--log-level',
    'warn',
    // The embedded wallet's frame calls the bundler from the browser (its own origin).
    '--enable-cors',
    'true',
  ]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  running.add(child)
  if (running.size === 1) {
    process.once('exit', () => {
      for (const c of running) if (c.pid) process.kill(c.pid, 'SIGKILL')
    })
  }
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000)
  })
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  let gone = false
  void exited.then(() => {
    gone = true
    running.delete(child)
  })
  const pid = child.pid
  const stop = async () => {
    if (!gone && pid) {
      process.kill(pid, 'SIGTERM')
      const timer = setTimeout(() => !gone && process.kill(pid, 'SIGKILL'), 3_000)
      await exited
      clearTimeout(timer)
    }
  }
  const url = `http://127.0.0.1:${port}`
  const readyTimeoutMs = options.readyTimeoutMs ?? READY_TIMEOUT_MS
  const deadline = Date.now() + readyTimeoutMs
  while (!(await answersEntryPoints(url))) {
    if (gone) throw new Error(`the bundler exited before answering: ${stderr.trim()}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the bundler did not answer on ${url} within ${readyTimeoutMs} ms`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  if (pid === undefined) throw new Error('the bundler has no pid')
  return { url, pid, stop }
}
