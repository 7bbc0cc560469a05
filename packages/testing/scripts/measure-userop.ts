// Measures userOperation send → included on anvil through the Alto bundler: 20 userOperations
// of a Simple v0.7 account (the first one deploys it), p50 and p95 in ms. A script, not a
// timed test: the figures depend on the machine.
//
//   node --conditions=@openmodal/source --import tsx scripts/measure-userop.ts

import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, http, parseEther } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '../src/evm/accounts.js'
import { fundAccount } from '../src/evm/token.js'
import { startAnvil } from '../src/node/anvil.js'
import { deployErc4337, ENTRY_POINT_V07, startBundler } from '../src/node/erc4337.js'

const RUNS = 20
const anvil = await startAnvil()
const bundler = await deployErc4337(anvil.rpcUrl).then(() => startBundler({ rpcUrl: anvil.rpcUrl }))
try {
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
  const account = await toSimpleSmartAccount({
    client,
    owner: privateKeyToAccount(ANVIL_PRIVATE_KEYS[5]),
    entryPoint: { address: ENTRY_POINT_V07, version: '0.7' },
  })
  await fundAccount(anvil.rpcUrl, account.address, { value: parseEther('10') })
  const bundlerClient = createBundlerClient({
    account,
    client,
    chain,
    transport: http(bundler.url),
    // The node's own fees (viem would otherwise ask the bundler's node-facing estimate).
    userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
  })
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    const hash = await bundlerClient.sendUserOperation({
      calls: [{ to: ANVIL_ADDRESSES[6], value: 1n }],
    })
    await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 20 })
    times.push(performance.now() - started)
  }
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  console.log(
    `userOperation send → included over ${RUNS}: p50 ${at(0.5)?.toFixed(0)} ms, p95 ${at(0.95)?.toFixed(0)} ms (first, deploying: ${times[0]?.toFixed(0)} ms)`,
  )
} finally {
  await bundler.stop()
  await anvil.stop()
}
