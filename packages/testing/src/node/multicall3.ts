// Multicall3 at its canonical address on a local chain, as on every public EVM chain, so
// reads batched through it (spec §9 "multicall batch 1024") run against anvil as they do in
// production.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where Multicall3 lives on every chain it was deployed to (mds1/multicall). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'

// The creation code's constructor: copies 0x15b9 bytes of runtime code from offset 0x20.
const INIT_PREFIX = '608060405234801561001057600080fd5b506115b9806100206000396000f3fe'
const RUNTIME_BYTES = 0x15b9

let runtime: `0x${string}` | undefined

/**
 * Multicall3's runtime code, cut from the published creation code viem ships for its
 * deployless multicall (`multicall3Bytecode`; viem does not export it, so it is read from the
 * installed package's file).
 *
 * @example multicall3RuntimeCode().length // 2 + 2 * 0x15b9
 */
export function multicall3RuntimeCode(): `0x${string}` {
  if (runtime) return runtime
  const require = createRequire(import.meta.url)
  const root = dirname(require.resolve('viem/package.json'))
  const source = readFileSync(join(root, '_esm', 'constants', 'contracts.js'), 'utf8')
  const creation = /multicall3Bytecode\s*=\s*'0x([0-9a-f]+)'/.exec(source)?.[1]
  if (!creation?.startsWith(INIT_PREFIX)) {
    throw new Error("viem's multicall3Bytecode was not found or changed shape")
  }
  const code = creation.slice(INIT_PREFIX.length, INIT_PREFIX.length + RUNTIME_BYTES * 2)
  if (code.length !== RUNTIME_BYTES * 2) throw new Error("viem's multicall3Bytecode is short")
  runtime = `0x${code}`
  return runtime
}

/**
 * Puts Multicall3 at `MULTICALL3_ADDRESS` on the anvil at `rpcUrl` (`anvil_setCode`; no
 * block is mined).
 *
 * @example await installMulticall3(anvil.rpcUrl)
 */
export async function installMulticall3(rpcUrl: string): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setCode',
      params: [MULTICALL3_ADDRESS, multicall3RuntimeCode()],
    }),
  })
  const answer = (await response.json()) as { error?: { message?: string } }
  if (answer.error) throw new Error(`anvil_setCode failed: ${answer.error.message}`)
}
