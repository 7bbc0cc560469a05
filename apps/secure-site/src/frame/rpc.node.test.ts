import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS, TEST_TOKEN_ABI } from '@openmodal/testing'
import {
  type AnvilInstance,
  type Bundler,
  deployEip7702,
  deployErc4337,
  deployTestToken,
  deployVerifyingPaymaster,
  ENTRY_POINT_V07,
  ENTRY_POINT_V08,
  fundAccount,
  paymasterDeposit,
  startAnvil,
  startBundler,
  startPaymasterService,
} from '@openmodal/testing/node'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  http,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { erc7811Actions } from 'viem/experimental'
import { handleRpc, type RpcContext } from './rpc.js'
import type { SmartAccountChain } from './smart-account.js'
import type { WalletSession } from './wallet-session.js'

// A chain node on loopback that records every method it is asked: a `wallet_*` method must
// never reach it (the node cannot answer them; the wallet must).
let node: Server
let url: string
const asked: string[] = []

before(async () => {
  node = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      asked.push(method)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
after(() => new Promise<void>((resolve) => node.close(() => resolve())))

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let signingPrepared = 0
const session = {
  commitment: { eip155: address, solana: '11111111111111111111111111111111' },
  prepareSigning: async () => {
    signingPrepared++
  },
} as unknown as WalletSession

const context: RpcContext = {
  session,
  dappOrigin: 'https://dapp.test',
  chainId: () => 31337,
  setChainId: () => undefined,
  setVisible: () => undefined,
  rpcUrl: () => url,
  solanaRpcUrl: () => undefined,
}

async function failure(method: string, params?: unknown) {
  return (await handleRpc(context, { method, params }).then(
    () => assert.fail(`${method} answered`),
    (error: unknown) => error,
  )) as { code: number; message: string }
}

describe('the frame never forwards a wallet_* method to the chain node', () => {
  it('reads still go to the node', async () => {
    assert.equal(await handleRpc(context, { method: 'eth_blockNumber' }), '0x1')
    assert.deepEqual(asked, ['eth_blockNumber'])
    asked.length = 0
  })

  it('wallet_getCapabilities is answered by the wallet: an EOA has no atomic batch', async () => {
    assert.deepEqual(
      await handleRpc(context, { method: 'wallet_getCapabilities', params: [address] }),
      {
        '0x7a69': { atomic: { status: 'unsupported' } },
      },
    )
    assert.deepEqual(asked, [])
  })

  it('wallet_getCapabilities for another address is refused (4100)', async () => {
    const error = await failure('wallet_getCapabilities', [
      '0x000000000000000000000000000000000000dEaD',
    ])
    assert.equal(error.code, 4100)
    assert.deepEqual(asked, [])
  })

  it('wallet_getCallsStatus of a bundle the wallet never sent is 5730, not a node call', async () => {
    const error = await failure('wallet_getCallsStatus', ['0x1234'])
    assert.equal(error.code, 5730)
    assert.deepEqual(asked, [])
  })

  it('wallet_getAssets and wallet_addEthereumChain are 4200, not node calls', async () => {
    for (const [method, params] of [
      ['wallet_getAssets', [{ account: address }]],
      ['wallet_addEthereumChain', [{ chainId: '0x1', rpcUrls: ['https://evil.test'] }]],
    ] as const) {
      const error = await failure(method, params)
      assert.equal(error.code, 4200, method)
    }
    assert.deepEqual(asked, [])
  })

  it('ERC-7715 permissions are "not supported" (4200) before any signing step', async () => {
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      const error = await failure(method, [{}])
      assert.equal(error.code, 4200)
      assert.match(error.message, /not supported.*ERC-7715/)
    }
    assert.equal(signingPrepared, 0)
    assert.deepEqual(asked, [])
  })
})

describe('the smart account (ERC-4337 v0.7 through the bundler)', () => {
  // One anvil and one bundler for these cases; both ended by their PID.
  let anvil: AnvilInstance
  let bundler: Bundler
  let token: Address
  let chain: SmartAccountChain
  const owner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
  const transfer = (to: Address, amount: bigint) => ({
    to: token,
    data: encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'transfer', args: [to, amount] }),
  })
  const balanceOf = (address: Address) =>
    createPublicClient({ transport: http(anvil.rpcUrl) }).readContract({
      address: token,
      abi: TEST_TOKEN_ABI,
      functionName: 'balanceOf',
      args: [address],
    })
  const [alice, bob] = [ANVIL_ADDRESSES[6] as Address, ANVIL_ADDRESSES[7] as Address]

  before(async () => {
    anvil = await startAnvil()
    await deployErc4337(anvil.rpcUrl)
    // EIP-7702 mode: EntryPoint v0.8 and Simple7702Account, served by the same bundler.
    await deployEip7702(anvil.rpcUrl)
    bundler = await startBundler({
      rpcUrl: anvil.rpcUrl,
      entryPoints: [ENTRY_POINT_V07, ENTRY_POINT_V08],
    })
    token = (await deployTestToken(anvil.rpcUrl)).address
    chain = { chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, bundlerUrl: bundler.url }
  })
  after(async () => {
    await bundler?.stop()
    await anvil?.stop()
  })

  it('is counterfactual until its first userOperation, which deploys it and lands a batch', async () => {
    const { smartAccountOf, sendUserOperation, userOperationStatus } = await import(
      './smart-account.js'
    )
    const account = await smartAccountOf(owner.address, chain)
    assert.equal(account.deployed, false)
    await fundAccount(anvil.rpcUrl, account.address, {
      value: parseEther('1'),
      token,
      amount: 10n,
    })
    const hash = await sendUserOperation(ANVIL_PRIVATE_KEYS[3], chain, [
      transfer(alice, 4n),
      transfer(bob, 5n),
    ])
    let status = await userOperationStatus(chain, hash)
    for (let i = 0; i < 100 && status.status === 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await userOperationStatus(chain, hash)
    }
    assert.equal(status.status, 200)
    assert.equal(status.atomic, true)
    assert.equal((await smartAccountOf(owner.address, chain)).deployed, true)
    assert.equal(await balanceOf(account.address), 1n)
    assert.equal(await balanceOf(alice), 4n)
    assert.equal(await balanceOf(bob), 5n)

    // One call reverts (more than the balance): neither lands, and the error says why.
    const failed = await sendUserOperation(ANVIL_PRIVATE_KEYS[3], chain, [
      transfer(alice, 1n),
      transfer(bob, 2n),
    ]).then(
      () => assert.fail('sent'),
      (error: { code: number; message: string }) => error,
    )
    assert.equal(failed.code, -32603)
    assert.match(failed.message, /^The smart account's bundler failed: /)
    assert.deepEqual([await balanceOf(alice), await balanceOf(bob)], [4n, 5n])
  })

  it('EIP-7702 mode: the EOA is the account, its first userOperation delegates it and lands a batch', async () => {
    const { smartAccountOf, sendUserOperation, userOperationStatus, SIMPLE_7702_ACCOUNT } =
      await import('./smart-account.js')
    const key = ANVIL_PRIVATE_KEYS[4]
    const eoa = privateKeyToAccount(key).address
    const delegated: SmartAccountChain = { ...chain, mode: 'eip7702' }
    assert.deepEqual(await smartAccountOf(eoa, delegated), { address: eoa, deployed: false })
    // No implementation on the chain: no smart account to give (the switch falls back).
    const testClient = createPublicClient({ transport: http(anvil.rpcUrl) })
    const implementation = await testClient.getCode({ address: SIMPLE_7702_ACCOUNT })
    const setCode = (code: string) =>
      fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'anvil_setCode',
          params: [SIMPLE_7702_ACCOUNT, code],
        }),
      })
    await setCode('0x')
    try {
      await assert.rejects(smartAccountOf(eoa, delegated), /No Simple7702Account/)
    } finally {
      await setCode(implementation ?? '0x')
    }
    await fundAccount(anvil.rpcUrl, eoa, { token, amount: 10n })
    const [before4, before5] = [await balanceOf(alice), await balanceOf(bob)]
    // One call reverts (more than the balance): neither lands, nothing is delegated.
    const refused = await sendUserOperation(key, delegated, [
      transfer(alice, 1n),
      transfer(bob, 20n),
    ]).then(
      () => assert.fail('sent'),
      (error: { code: number; message: string }) => error,
    )
    assert.match(refused.message, /^The smart account's bundler failed: /)
    assert.deepEqual([await balanceOf(alice), await balanceOf(bob)], [before4, before5])
    assert.equal((await smartAccountOf(eoa, delegated)).deployed, false)

    const hash = await sendUserOperation(key, delegated, [transfer(alice, 3n), transfer(bob, 4n)])
    let status = await userOperationStatus(delegated, hash)
    for (let i = 0; i < 200 && status.status === 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await userOperationStatus(delegated, hash)
    }
    assert.equal(status.status, 200)
    assert.equal(status.atomic, true)
    assert.deepEqual(
      [await balanceOf(eoa), await balanceOf(alice), await balanceOf(bob)],
      [3n, before4 + 3n, before5 + 4n],
    )
    const code = await createPublicClient({ transport: http(anvil.rpcUrl) }).getCode({
      address: eoa,
    })
    assert.equal(code, `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`)
    assert.deepEqual(await smartAccountOf(eoa, delegated), { address: eoa, deployed: true })
    // The page sees one address, batching atomically; the EOA's signature verifies for the
    // delegated account (ERC-1271), so the frame does not refuse to sign for it.
    const page: RpcContext = {
      ...context,
      session: { ...session, commitment: { eip155: eoa, solana: '1' } } as never,
      chainId: () => anvil.chainId,
      rpcUrl: () => anvil.rpcUrl,
      smartAccount: () => ({ ...delegated, address: eoa }),
    }
    assert.deepEqual(await handleRpc(page, { method: 'eth_accounts' }), [eoa])
    assert.deepEqual(await handleRpc(page, { method: 'wallet_getCapabilities', params: [eoa] }), {
      '0x7a69': { atomic: { status: 'supported' } },
    })
    const signature = await privateKeyToAccount(key).signMessage({ message: 'Sign in' })
    const verifier = createPublicClient({ transport: http(anvil.rpcUrl) })
    assert.equal(
      await verifier.verifyMessage({ address: eoa, message: 'Sign in', signature }),
      true,
    )
    const signing = (await handleRpc(page, {
      method: 'personal_sign',
      params: ['0x5369676e20696e', eoa],
    }).catch((error: unknown) => error)) as { message?: string }
    assert.doesNotMatch(String(signing?.message), /cannot sign messages/)
    // Delegated: the next userOperation carries no authorization.
    const next = await sendUserOperation(key, delegated, [transfer(alice, 1n)])
    for (let i = 0; i < 200 && (await userOperationStatus(delegated, next)).status === 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    assert.equal(await balanceOf(alice), before4 + 4n)
  })

  it("spec §9: the delegation's verification gas falls back to 100000 when its estimate fails", async () => {
    const { delegationGas, DELEGATION_GAS_FALLBACK } = await import('./smart-account.js')
    assert.equal(DELEGATION_GAS_FALLBACK, 100_000n)
    const estimated = { callGasLimit: 50_000n, preVerificationGas: 60_000n }
    const asDelegated = async () => ({ ...estimated, verificationGasLimit: 7n })
    assert.deepEqual(
      await delegationGas(async () => {
        throw new Error('AA23 reverted')
      }, asDelegated),
      { ...estimated, verificationGasLimit: 100_000n },
    )
    // An estimate that works is kept as it is.
    const whole = { ...estimated, verificationGasLimit: 123_456n }
    assert.deepEqual(await delegationGas(async () => whole, asDelegated), whole)
  })

  it('answers the page as the smart account: its address, atomic batches', async () => {
    const { smartAccountOf } = await import('./smart-account.js')
    const { address } = await smartAccountOf(owner.address, chain)
    const smart: RpcContext = {
      ...context,
      session: { ...session, commitment: { eip155: owner.address, solana: '1' } } as never,
      chainId: () => anvil.chainId,
      rpcUrl: () => anvil.rpcUrl,
      smartAccount: () => ({ ...chain, address }),
    }
    assert.deepEqual(await handleRpc(smart, { method: 'eth_accounts' }), [address])
    assert.deepEqual(
      await handleRpc(smart, { method: 'wallet_getCapabilities', params: [address] }),
      {
        '0x7a69': { atomic: { status: 'supported' } },
      },
    )
    // A Simple v0.7 account has no ERC-1271: the owner's signature does not verify for it
    // (viem's ERC-6492 universal validator, as the SIWX server uses), so the frame refuses to
    // sign for it instead of answering a signature no verifier accepts.
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const signature = await owner.signMessage({ message: 'Sign in' })
    assert.equal(await client.verifyMessage({ address, message: 'Sign in', signature }), false)
    for (const [method, params] of [
      ['personal_sign', ['0x5369676e20696e', address]],
      ['eth_signTypedData_v4', [address, '{}']],
    ] as const) {
      const refused = (await handleRpc(smart, { method, params }).catch((e: unknown) => e)) as {
        code: number
        message: string
      }
      assert.equal(refused.code, 4200, method)
      assert.match(refused.message, /cannot sign messages.*ERC-1271/)
    }
    // Spec §5: refused before any approval is shown.
    for (const calls of [[{ to: alice.slice(2) }], [{ to: alice, data: 'a9059cbb' }], []]) {
      const error = (await handleRpc(smart, {
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', calls }],
      }).catch((e: unknown) => e)) as { code: number }
      assert.equal(error.code, -32602)
    }
  })

  it('wallet_getAssets (ERC-7811) answers the native balance and known tokens from the chain', async () => {
    const { smartAccountOf } = await import('./smart-account.js')
    const { address: smartAddress } = await smartAccountOf(owner.address, chain)
    // The EOA holds 3 ETH and 7 of the project's token; a second token the project does not
    // name, 9 of it; a token whose balance is 0 is not reported unless asked for.
    const other = await deployTestToken(anvil.rpcUrl, { name: 'Other', symbol: 'OTH' })
    const empty = (await deployTestToken(anvil.rpcUrl, { symbol: 'NIL' })).address
    await fundAccount(anvil.rpcUrl, owner.address, { value: parseEther('3'), token, amount: 7n })
    await fundAccount(anvil.rpcUrl, owner.address, { token: other.address, amount: 9n })
    const chains = [
      {
        chainId: anvil.chainId,
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: [token, empty],
      },
    ]
    const wallet: RpcContext = {
      ...context,
      session: { ...session, commitment: { eip155: owner.address, solana: '1' } } as never,
      chainId: () => anvil.chainId,
      rpcUrl: () => anvil.rpcUrl,
      smartAccount: () => ({ ...chain, address: smartAddress }),
      assetChains: () => chains,
    }
    const ask = (params: unknown) => handleRpc(wallet, { method: 'wallet_getAssets', params })
    assert.deepEqual(
      await handleRpc(wallet, { method: 'wallet_getCapabilities', params: [owner.address] }),
      { '0x7a69': { atomic: { status: 'supported' }, assetDiscovery: { supported: true } } },
    )

    // Through viem's ERC-7811 client: the wire shape parses, the balances are the chain's.
    const client = createWalletClient({
      account: owner.address,
      transport: custom({ request: ({ method, params }) => handleRpc(wallet, { method, params }) }),
    }).extend(erc7811Actions())
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    const assets = await client.getAssets({ aggregate: false })
    assert.deepEqual(assets, {
      [anvil.chainId]: [
        {
          type: 'native',
          balance: await reader.getBalance({ address: owner.address }),
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
        {
          type: 'erc20',
          address: token.toLowerCase(),
          balance: await balanceOf(owner.address),
          metadata: { name: 'Test USD', symbol: 'TUSD', decimals: 6 },
        },
      ],
    })
    assert.equal(assets[anvil.chainId]?.[1]?.balance, 7n)

    // The filters: asked tokens are read even unnamed or at zero; types and chains narrow.
    const asked = (await ask([
      {
        account: owner.address,
        assetFilter: {
          '0x7a69': [
            { address: other.address, type: 'erc20' },
            { address: empty, type: 'erc20' },
          ],
        },
      },
    ])) as Record<string, { address: string; balance: string; metadata: { symbol: string } }[]>
    assert.deepEqual(
      asked['0x7a69']?.map(({ address, balance, metadata }) => [address, balance, metadata.symbol]),
      [
        [other.address.toLowerCase(), '0x9', 'OTH'],
        [empty.toLowerCase(), '0x0', 'NIL'],
      ],
    )
    const native = (await ask([{ account: owner.address, assetTypeFilter: ['native'] }])) as Record<
      string,
      { type: string }[]
    >
    assert.deepEqual(
      native['0x7a69']?.map(({ type }) => type),
      ['native'],
    )
    assert.deepEqual(await ask([{ account: owner.address, chainFilter: ['0x1'] }]), {})
    // The smart account's own assets: its native balance (funded in the first case).
    const smart = (await ask([{ account: smartAddress, assetTypeFilter: ['native'] }])) as Record<
      string,
      { balance: string }[]
    >
    assert.equal(
      BigInt(smart['0x7a69']?.[0]?.balance ?? '0x0'),
      await reader.getBalance({ address: smartAddress }),
    )

    // Another account is not the wallet's to report (4100); malformed requests are -32602.
    const foreign = (await ask([{ account: alice }]).catch((e: unknown) => e)) as { code: number }
    assert.equal(foreign.code, 4100)
    for (const params of [
      [],
      [{ account: 'me' }],
      [{ account: owner.address, chainFilter: '0x7a69' }],
      [{ account: owner.address, assetFilter: { '0x7a69': [{ address: 'x', type: 'erc20' }] } }],
      [{ account: owner.address, assetTypeFilter: [1] }],
    ]) {
      const error = (await ask(params).catch((e: unknown) => e)) as { code: number }
      assert.equal(error.code, -32602, JSON.stringify(params))
    }
    // A node that does not answer: a clear error naming the network.
    const down: RpcContext = {
      ...wallet,
      assetChains: () => [{ ...chains[0], rpcUrl: 'http://127.0.0.1:9' } as (typeof chains)[0]],
    }
    const unreachable = (await handleRpc(down, {
      method: 'wallet_getAssets',
      params: [{ account: owner.address }],
    }).catch((e: unknown) => e)) as { code: number; message: string }
    assert.equal(unreachable.code, -32603)
    assert.match(unreachable.message, /^The network eip155:31337 did not answer/)
  })

  it('ERC-7677: the project paymaster sponsors a smart account that holds no ETH', {
    timeout: 90_000,
  }, async () => {
    const { smartAccountOf, sendUserOperation, userOperationStatus } = await import(
      './smart-account.js'
    )
    const paymaster = await deployVerifyingPaymaster(anvil.rpcUrl)
    const service = await startPaymasterService({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      paymaster,
    })
    // A paymaster service the project never configured, that a dapp names.
    const foreign = await startPaymasterService({
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      paymaster,
    })
    try {
      const key = generatePrivateKey()
      const ownerAddress = privateKeyToAccount(key).address
      const sponsored: SmartAccountChain = { ...chain, paymasterUrl: service.url }
      const { address: account } = await smartAccountOf(ownerAddress, sponsored)
      await fundAccount(anvil.rpcUrl, account, { token, amount: 10n })
      const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
      assert.equal(await reader.getBalance({ address: account }), 0n)

      // The capability is reported only where the project configured a paymaster.
      const page = (smart: SmartAccountChain): RpcContext => ({
        ...context,
        session: { ...session, commitment: { eip155: ownerAddress, solana: '1' } } as never,
        chainId: () => anvil.chainId,
        rpcUrl: () => anvil.rpcUrl,
        smartAccount: () => ({ ...smart, address: account }),
      })
      const capabilities = (smart: SmartAccountChain) =>
        handleRpc(page(smart), { method: 'wallet_getCapabilities', params: [account] })
      assert.deepEqual(await capabilities(sponsored), {
        '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      })
      assert.deepEqual(await capabilities(chain), { '0x7a69': { atomic: { status: 'supported' } } })

      // A dapp's paymasterService URL the project did not configure is refused (EIP-5792 5700)
      // before any approval, and never called; so is one without a configured paymaster.
      for (const [smart, url] of [
        [sponsored, foreign.url],
        [chain, foreign.url],
        [sponsored, `${service.url}/other`],
      ] as const) {
        const refused = (await handleRpc(page(smart), {
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              calls: [transfer(alice, 1n)],
              capabilities: { paymasterService: { url } },
            },
          ],
        }).catch((e: unknown) => e)) as { code: number; message: string }
        assert.equal(refused.code, 5700, url)
        assert.match(refused.message, /paymasterService/)
      }
      const malformed = (await handleRpc(page(sponsored), {
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            calls: [transfer(alice, 1n)],
            capabilities: { paymasterService: { url: service.url, context: 'x' } },
          },
        ],
      }).catch((e: unknown) => e)) as { code: number }
      assert.equal(malformed.code, -32602)
      assert.deepEqual(foreign.methods, [])
      assert.deepEqual(service.methods, [])

      // Without the paymaster the account cannot pay: the bundler refuses, nothing lands.
      const unpaid = (await sendUserOperation(key, chain, [transfer(alice, 1n)]).catch(
        (e: unknown) => e,
      )) as { code: number; message: string }
      assert.match(unpaid.message, /^The smart account's bundler failed: /)

      const [deposit, aliceBefore, bobBefore] = [
        await paymasterDeposit(anvil.rpcUrl, paymaster.address),
        await balanceOf(alice),
        await balanceOf(bob),
      ]
      const hash = await sendUserOperation(key, sponsored, [transfer(alice, 2n), transfer(bob, 3n)])
      let status = await userOperationStatus(sponsored, hash)
      for (let i = 0; i < 200 && status.status === 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        status = await userOperationStatus(sponsored, hash)
      }
      assert.equal(status.status, 200)
      assert.deepEqual(
        [await balanceOf(alice), await balanceOf(bob), await balanceOf(account)],
        [aliceBefore + 2n, bobBefore + 3n, 5n],
      )
      assert.equal((await smartAccountOf(ownerAddress, sponsored)).deployed, true)
      // Paid from the paymaster's deposit, not by the account.
      const spent = deposit - (await paymasterDeposit(anvil.rpcUrl, paymaster.address))
      assert.ok(spent > 0n, `the paymaster's deposit went down (${spent} wei)`)
      assert.equal(await reader.getBalance({ address: account }), 0n)
      assert.deepEqual(service.methods, ['pm_getPaymasterStubData', 'pm_getPaymasterData'])
      assert.deepEqual(foreign.methods, [])
    } finally {
      await service.stop()
      await foreign.stop()
    }
  })

  it('a bundler that is down is a clear error; the EOA still answers', async () => {
    const { sendUserOperation } = await import('./smart-account.js')
    const down = { ...chain, bundlerUrl: 'http://127.0.0.1:9/rpc' }
    const error = (await sendUserOperation(ANVIL_PRIVATE_KEYS[3], down, [
      transfer(alice, 1n),
    ]).catch((e: unknown) => e)) as { code: number; message: string }
    assert.equal(error.code, -32603)
    assert.match(error.message, /^The smart account's bundler failed: /)
    const eoa: RpcContext = { ...context, rpcUrl: () => anvil.rpcUrl }
    assert.deepEqual(await handleRpc(eoa, { method: 'eth_accounts' }), [address])
    assert.equal(await handleRpc(eoa, { method: 'eth_chainId' }), '0x7a69')
  })
})
