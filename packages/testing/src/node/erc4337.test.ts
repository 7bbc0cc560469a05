import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { createPublicClient, encodeFunctionData, type Hex, http, parseEther } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { deployTestToken, fundAccount, type TestToken } from '../evm/token.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import {
  type Bundler,
  deployErc4337,
  ENTRY_POINT_V07,
  type Erc4337Contracts,
  SIMPLE_ACCOUNT_FACTORY_V07,
  startBundler,
} from './erc4337.js'

let anvil: AnvilInstance
let contracts: Erc4337Contracts
let bundler: Bundler
let token: TestToken

before(async () => {
  anvil = await startAnvil()
  contracts = await deployErc4337(anvil.rpcUrl)
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl })
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
