import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { createPublicClient, http, parseEther } from 'viem'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { ANVIL_ADDRESSES } from './accounts.js'
import { deployTestToken, fundAccount } from './token.js'

let anvil: AnvilInstance
before(async () => {
  anvil = await startAnvil()
})
after(() => anvil.stop())

test('deploys the test token with its supply at anvil account 0', async () => {
  const token = await deployTestToken(anvil.rpcUrl, { symbol: 'TT', decimals: 8, supply: 1234n })
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  const read = (functionName: 'symbol' | 'decimals' | 'totalSupply') =>
    client.readContract({ address: token.address, abi: token.abi, functionName })
  assert.equal(await read('symbol'), 'TT')
  assert.equal(await read('decimals'), 8)
  assert.equal(await read('totalSupply'), 1234n)
  const balance = await client.readContract({
    address: token.address,
    abi: token.abi,
    functionName: 'balanceOf',
    args: [ANVIL_ADDRESSES[0]],
  })
  assert.equal(balance, 1234n)
})

test('fundAccount sets the native balance and mints tokens', async () => {
  const token = await deployTestToken(anvil.rpcUrl)
  const address = '0x000000000000000000000000000000000000bEEF'
  await fundAccount(anvil.rpcUrl, address, {
    value: parseEther('3'),
    token: token.address,
    amount: 5_000_000n,
  })
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  assert.equal(await client.getBalance({ address }), parseEther('3'))
  const balance = await client.readContract({
    address: token.address,
    abi: token.abi,
    functionName: 'balanceOf',
    args: [address],
  })
  assert.equal(balance, 5_000_000n)
})
