// Safe 4337 on a local chain, where `permissionless`' `toSafeSmartAccount` (Safe 1.4.1,
// EntryPoint v0.7) expects it: Safe, SafeProxyFactory, MultiSend and MultiSendCallOnly from the
// published artifacts of `@safe-global/safe-contracts@1.4.1`, deployed through the Safe
// singleton factory at their canonical addresses (the npm bytecode gives them), and
// Safe4337Module and SafeModuleSetup from `@safe-global/safe-4337@0.3.0` (GPL-3.0: deployed by
// tests only, never bundled). That npm build of the module differs from the canonical one in
// its metadata, so its runtime code is put at the canonical addresses with `anvil_setCode`.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Address,
  concat,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  isAddressEqual,
  pad,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { DETERMINISTIC_DEPLOYER, deployDeterministic, ENTRY_POINT_V07 } from './erc4337.js'

/** The Safe singleton factory (a copy of the deterministic deployer Safe deploys per chain). */
export const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

/** The canonical addresses `toSafeSmartAccount` names for Safe 1.4.1 with EntryPoint v0.7. */
export const SAFE_4337_ADDRESSES = {
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
} as const satisfies Record<string, Address>

const SAFE_ARTIFACTS = '@safe-global/safe-contracts/build/artifacts/contracts'
const MODULE_ARTIFACTS = '@safe-global/safe-4337/build/artifacts/contracts'

function bytecode(path: string, install: string): Hex {
  const require = createRequire(import.meta.url)
  let file: string
  try {
    file = require.resolve(path)
  } catch (cause) {
    throw new Error(`deploySafe4337: install ${install} as a devDependency`, { cause })
  }
  return (JSON.parse(readFileSync(file, 'utf8')) as { bytecode: Hex }).bytecode
}

/**
 * Deploys Safe 4337 (Safe 1.4.1 with Safe4337Module 0.3.0 for EntryPoint v0.7) at the addresses
 * `toSafeSmartAccount` uses by default; run `deployErc4337` first (the EntryPoint). Contracts
 * already there are kept. Fails when a Safe contract does not land at its canonical address.
 *
 * @example
 * await deployErc4337(anvil.rpcUrl)
 * await deploySafe4337(anvil.rpcUrl)
 */
export async function deploySafe4337(rpcUrl: string): Promise<typeof SAFE_4337_ADDRESSES> {
  const client = createWalletClient({
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const setCode = (address: Address, code: Hex) =>
    client.request({ method: 'anvil_setCode', params: [address, code] } as never)
  if (!(await client.getCode({ address: SAFE_SINGLETON_FACTORY }))) {
    const proxy = await client.getCode({ address: DETERMINISTIC_DEPLOYER })
    if (!proxy) throw new Error('deploySafe4337: no deterministic deployer on this chain')
    await setCode(SAFE_SINGLETON_FACTORY, proxy)
  }
  const deploy = (initCode: Hex) =>
    deployDeterministic(rpcUrl, initCode, pad('0x0'), SAFE_SINGLETON_FACTORY)
  const safe = (name: string) =>
    bytecode(`${SAFE_ARTIFACTS}/${name}`, '@safe-global/safe-contracts@1.4.1')
  const canonical: [keyof typeof SAFE_4337_ADDRESSES, Hex][] = [
    ['safeSingleton', safe('Safe.sol/Safe.json')],
    ['safeProxyFactory', safe('proxies/SafeProxyFactory.sol/SafeProxyFactory.json')],
    ['multiSend', safe('libraries/MultiSend.sol/MultiSend.json')],
    ['multiSendCallOnly', safe('libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json')],
  ]
  for (const [name, initCode] of canonical) {
    const address = await deploy(initCode)
    if (!isAddressEqual(address, SAFE_4337_ADDRESSES[name])) {
      throw new Error(`deploySafe4337: ${name} landed at ${address}, not its canonical address`)
    }
  }
  const module = (name: string) =>
    bytecode(`${MODULE_ARTIFACTS}/${name}`, '@safe-global/safe-4337@0.3.0')
  const copied: [keyof typeof SAFE_4337_ADDRESSES, Hex][] = [
    ['safeModuleSetup', module('SafeModuleSetup.sol/SafeModuleSetup.json')],
    [
      'safe4337Module',
      concat([
        module('Safe4337Module.sol/Safe4337Module.json'),
        encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_V07]),
      ]),
    ],
  ]
  for (const [name, initCode] of copied) {
    const target = SAFE_4337_ADDRESSES[name]
    if (await client.getCode({ address: target })) continue
    // Their runtime code holds no storage, only immutables (the EntryPoint): a copy is whole.
    const code = await client.getCode({ address: await deploy(initCode) })
    if (!code) throw new Error(`deploySafe4337: no code for ${name}`)
    await setCode(target, code)
  }
  return SAFE_4337_ADDRESSES
}
