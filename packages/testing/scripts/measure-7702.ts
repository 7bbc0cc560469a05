// EIP-7702 on anvil through the Alto bundler, measured: EntryPoint v0.8 and Simple7702Account
// from @account-abstraction/contracts@0.8.0 (installed beside 0.7.0 under the npm alias
// `@account-abstraction/contracts-v08`) land at their canonical addresses through the
// deterministic deployer; an EOA signs an EIP-7702 authorization for Simple7702Account (viem's
// toSimple7702SmartAccount), and its first userOperation carries it: the EOA keeps its address,
// gets the delegation designator as code and runs a batch of two calls atomically; the account
// answers ERC-1271 isValidSignature for its owner's signature. Then delegation → first call for
// 20 fresh EOAs (the first userOperation of each carries its authorization), and 20 later
// userOperations of the delegated account, p50/p95 each.
// A script, not a timed test: the figures depend on the machine.
//
//   node --conditions=@openmodal/source --import tsx scripts/measure-7702.ts

import { createPublicClient, hashMessage, http, parseEther } from 'viem'
import { createBundlerClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '../src/evm/accounts.js'
import { fundAccount } from '../src/evm/token.js'
import { startAnvil } from '../src/node/anvil.js'
import {
  deployEip7702,
  ENTRY_POINT_V08,
  SIMPLE_7702_ACCOUNT,
  startBundler,
} from '../src/node/erc4337.js'

const RUNS = 20

const anvil = await startAnvil({ args: ['--hardfork', 'prague'] })
await deployEip7702(anvil.rpcUrl)
const bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoint: ENTRY_POINT_V08 })

try {
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
  const owner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[7])
  const account = await toSimple7702SmartAccount({ client, owner })
  if (account.address !== owner.address) throw new Error('the account is not the EOA')
  await fundAccount(anvil.rpcUrl, account.address, { value: parseEther('10') })
  const bundlerClient = createBundlerClient({
    account,
    client,
    chain,
    transport: http(bundler.url),
    userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
  })
  const [first, second] = [ANVIL_ADDRESSES[6], ANVIL_ADDRESSES[8]] as const
  const before = await Promise.all([first, second].map((address) => client.getBalance({ address })))

  // Delegation and the first call in one userOperation (its eip7702Auth).
  const started = performance.now()
  const authorization = await owner.signAuthorization({
    chainId: chain.id,
    contractAddress: SIMPLE_7702_ACCOUNT,
    nonce: await client.getTransactionCount({ address: owner.address }),
  })
  const hash = await bundlerClient.sendUserOperation({
    authorization,
    calls: [
      { to: first, value: 1n },
      { to: second, value: 2n },
    ],
  })
  const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 20 })
  const delegated = performance.now() - started
  const code = await client.getCode({ address: owner.address })
  const after = await Promise.all([first, second].map((address) => client.getBalance({ address })))
  if (!receipt.success) throw new Error('the first userOperation failed')
  if (code?.toLowerCase() !== `0xef0100${SIMPLE_7702_ACCOUNT.slice(2)}`.toLowerCase()) {
    throw new Error(`no delegation designator on the EOA: ${code}`)
  }
  if (after[0] !== (before[0] ?? 0n) + 1n || after[1] !== (before[1] ?? 0n) + 2n) {
    throw new Error('the batch did not land whole')
  }

  // ERC-1271: the delegated EOA answers isValidSignature for its owner's signature.
  const message = 'Sign in with the delegated account'
  const signature = await owner.signMessage({ message })
  const magic = await client.readContract({
    address: owner.address,
    abi: [
      {
        type: 'function',
        name: 'isValidSignature',
        stateMutability: 'view',
        inputs: [
          { name: 'hash', type: 'bytes32' },
          { name: 'signature', type: 'bytes' },
        ],
        outputs: [{ type: 'bytes4' }],
      },
    ],
    functionName: 'isValidSignature',
    args: [hashMessage(message), signature],
  })
  if (magic !== '0x1626ba7e') throw new Error(`isValidSignature answered ${magic}`)

  // Delegation → first call for fresh EOAs: sign the authorization, send the first
  // userOperation with it, wait for its inclusion (the first EOA above is run 1).
  const delegations = [delegated]
  while (delegations.length < RUNS) {
    const fresh = privateKeyToAccount(generatePrivateKey())
    const freshAccount = await toSimple7702SmartAccount({ client, owner: fresh })
    await fundAccount(anvil.rpcUrl, fresh.address, { value: parseEther('1') })
    const freshBundler = createBundlerClient({
      account: freshAccount,
      client,
      chain,
      transport: http(bundler.url),
      userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
    })
    const sent = performance.now()
    const freshAuthorization = await fresh.signAuthorization({
      chainId: chain.id,
      contractAddress: SIMPLE_7702_ACCOUNT,
      nonce: await client.getTransactionCount({ address: fresh.address }),
    })
    const firstHash = await freshBundler.sendUserOperation({
      authorization: freshAuthorization,
      calls: [{ to: first, value: 1n }],
    })
    const firstReceipt = await freshBundler.waitForUserOperationReceipt({
      hash: firstHash,
      pollingInterval: 20,
    })
    if (!firstReceipt.success) throw new Error('a first userOperation failed')
    delegations.push(performance.now() - sent)
  }

  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const sent = performance.now()
    const next = await bundlerClient.sendUserOperation({ calls: [{ to: first, value: 1n }] })
    await bundlerClient.waitForUserOperationReceipt({ hash: next, pollingInterval: 20 })
    times.push(performance.now() - sent)
  }
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  }
  const at = (q: number) => quantile(times, q)
  console.log(
    `EIP-7702: ${owner.address} delegated to Simple7702Account ${SIMPLE_7702_ACCOUNT} (code ${code}); ` +
      `delegation + first batch of 2 calls included in ${delegated.toFixed(0)} ms; ` +
      `ERC-1271 isValidSignature ${magic}; ` +
      `delegation → first call included over ${RUNS} EOAs: p50 ${quantile(delegations, 0.5)?.toFixed(0)} ms, ` +
      `p95 ${quantile(delegations, 0.95)?.toFixed(0)} ms; ` +
      `userOperation send → included over ${RUNS}: p50 ${at(0.5)?.toFixed(0)} ms, p95 ${at(0.95)?.toFixed(0)} ms`,
  )
} finally {
  await bundler.stop()
  await anvil.stop()
}
