import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  createPublicClient,
  encodeFunctionData,
  type Hex,
  hashMessage,
  http,
  parseEther,
} from 'viem'
import { createBundlerClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { deployTestToken, fundAccount, type TestToken } from '../evm/token.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import {
  type Bundler,
  deployEip7702,
  deployErc4337,
  type Eip7702Contracts,
  ENTRY_POINT_V07,
  ENTRY_POINT_V08,
  type Erc4337Contracts,
  SIMPLE_7702_ACCOUNT,
  SIMPLE_ACCOUNT_FACTORY_V07,
  startBundler,
} from './erc4337.js'

let anvil: AnvilInstance
let contracts: Erc4337Contracts
let eip7702: Eip7702Contracts
let bundler: Bundler
let token: TestToken

before(async () => {
  anvil = await startAnvil()
  contracts = await deployErc4337(anvil.rpcUrl)
  eip7702 = await deployEip7702(anvil.rpcUrl)
  // One bundler for both EntryPoints (v0.7 for Simple accounts, v0.8 for EIP-7702).
  bundler = await startBundler({
    rpcUrl: anvil.rpcUrl,
    entryPoints: [ENTRY_POINT_V07, ENTRY_POINT_V08],
  })
  token = await deployTestToken(anvil.rpcUrl)
})
after(async () => {
  await bundler?.stop()
  await anvil?.stop()
})

describe('ERC-4337 v0.7 on anvil with the Alto bundler', () => {
  test('the npm artifacts land at the canonical addresses', () => {
    assert.deepEqual(contracts, {
      entryPoint: ENTRY_POINT_V07,
      simpleAccountFactory: SIMPLE_ACCOUNT_FACTORY_V07,
    })
  })

  test('a Simple account deploys with its first userOperation and batches atomically', async () => {
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
    const account = await toSimpleSmartAccount({
      client,
      owner: privateKeyToAccount(ANVIL_PRIVATE_KEYS[5]),
      entryPoint: { address: ENTRY_POINT_V07, version: '0.7' },
    })
    assert.equal(await client.getCode({ address: account.address }), undefined)
    await fundAccount(anvil.rpcUrl, account.address, {
      value: parseEther('1'),
      token: token.address,
      amount: 10n,
    })
    const bundlerClient = createBundlerClient({
      account,
      client,
      chain,
      transport: http(bundler.url),
      userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
    })
    const balanceOf = (address: Hex) =>
      client.readContract({
        address: token.address,
        abi: token.abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const transfer = (to: Hex, amount: bigint) => ({
      to: token.address,
      data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [to, amount] }),
    })
    const [alice, bob] = [ANVIL_ADDRESSES[6] as Hex, ANVIL_ADDRESSES[7] as Hex]
    const hash = await bundlerClient.sendUserOperation({
      calls: [transfer(alice, 4n), transfer(bob, 5n)],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
    assert.equal(receipt.success, true)
    assert.ok(await client.getCode({ address: account.address }), 'the account is deployed')
    assert.equal(await balanceOf(account.address), 1n)
    // One call reverts (more than the balance): neither lands.
    const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)]
    const failed = await bundlerClient
      .sendUserOperation({ calls: [transfer(alice, 1n), transfer(bob, 2n)] })
      .then(
        (h) => bundlerClient.waitForUserOperationReceipt({ hash: h, pollingInterval: 50 }),
        (error: unknown) => error,
      )
    assert.ok(failed instanceof Error || (failed as { success?: boolean }).success === false)
    assert.equal(await balanceOf(alice), aliceBefore)
    assert.equal(await balanceOf(bob), bobBefore)
    assert.equal(await balanceOf(account.address), 1n)
  })
})

describe('EIP-7702 with EntryPoint v0.8 on the same bundler', () => {
  test('the v0.8 npm artifacts land at the canonical addresses', () => {
    assert.deepEqual(eip7702, {
      entryPoint: ENTRY_POINT_V08,
      simple7702Account: SIMPLE_7702_ACCOUNT,
    })
  })

  test('an EOA delegates to Simple7702Account, keeps its address, batches atomically, answers ERC-1271', async () => {
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
    const owner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[4])
    const account = await toSimple7702SmartAccount({ client, owner })
    assert.equal(account.address, owner.address)
    assert.equal(await client.getCode({ address: owner.address }), undefined)
    await fundAccount(anvil.rpcUrl, owner.address, { token: token.address, amount: 10n })
    const bundlerClient = createBundlerClient({
      account,
      client,
      chain,
      transport: http(bundler.url),
      userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
    })
    const balanceOf = (address: Hex) =>
      client.readContract({
        address: token.address,
        abi: token.abi,
        functionName: 'balanceOf',
        args: [address],
      })
    const transfer = (to: Hex, amount: bigint) => ({
      to: token.address,
      data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [to, amount] }),
    })
    const [alice, bob] = [ANVIL_ADDRESSES[6] as Hex, ANVIL_ADDRESSES[7] as Hex]
    const [aliceStart, bobStart] = [await balanceOf(alice), await balanceOf(bob)]
    // The delegation rides on the first userOperation (its eip7702Auth).
    const authorization = await owner.signAuthorization({
      chainId: chain.id,
      contractAddress: SIMPLE_7702_ACCOUNT,
      nonce: await client.getTransactionCount({ address: owner.address }),
    })
    const hash = await bundlerClient.sendUserOperation({
      authorization,
      calls: [transfer(alice, 4n), transfer(bob, 5n)],
    })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
    assert.equal(receipt.success, true)
    assert.equal(
      (await client.getCode({ address: owner.address }))?.toLowerCase(),
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    )
    assert.equal(await balanceOf(owner.address), 1n)
    assert.equal(await balanceOf(alice), aliceStart + 4n)
    assert.equal(await balanceOf(bob), bobStart + 5n)

    // One call reverts (more than the balance): neither lands.
    const failed = await bundlerClient
      .sendUserOperation({ calls: [transfer(alice, 1n), transfer(bob, 2n)] })
      .then(
        (h) => bundlerClient.waitForUserOperationReceipt({ hash: h, pollingInterval: 50 }),
        (error: unknown) => error,
      )
    assert.ok(failed instanceof Error || (failed as { success?: boolean }).success === false)
    assert.equal(await balanceOf(alice), aliceStart + 4n)
    assert.equal(await balanceOf(owner.address), 1n)

    // ERC-1271 on the delegated EOA: the owner's signature is valid, another's is not.
    const isValidSignature = (signature: Hex) =>
      client.readContract({
        address: owner.address,
        abi: ERC1271_ABI,
        functionName: 'isValidSignature',
        args: [hashMessage('Sign in'), signature],
      })
    assert.equal(
      await isValidSignature(await owner.signMessage({ message: 'Sign in' })),
      '0x1626ba7e',
    )
    const stranger = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
    assert.notEqual(
      await isValidSignature(await stranger.signMessage({ message: 'Sign in' })).catch(
        () => 'reverted',
      ),
      '0x1626ba7e',
    )
  })
})

const ERC1271_ABI = [
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
] as const
