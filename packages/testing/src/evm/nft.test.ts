import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { createPublicClient, createWalletClient, http, parseEventLogs } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from './accounts.js'
import { deployTestMultiToken, deployTestNft } from './nft.js'

let anvil: AnvilInstance
before(async () => {
  anvil = await startAnvil()
})
after(() => anvil.stop())

const [alice, bob] = ANVIL_ADDRESSES
const wallet = (index: 0 | 1) =>
  createWalletClient({
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[index]),
    transport: http(anvil.rpcUrl),
  })

test('the test ERC-721 mints, transfers with an indexed token id and answers tokenURI', async () => {
  const nft = await deployTestNft(anvil.rpcUrl, { name: 'Cats', symbol: 'CAT' })
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  const write = async (functionName: 'mint' | 'transferFrom', args: readonly unknown[]) => {
    const hash = await wallet(0).writeContract({
      address: nft.address,
      abi: nft.abi,
      functionName,
      args,
      chain: null,
    } as never)
    return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  }
  await write('mint', [alice, 7n])
  const receipt = await write('transferFrom', [alice, bob, 7n])
  const [log] = receipt.logs
  // Transfer(address indexed, address indexed, uint256 indexed): four topics, no data.
  assert.equal(log?.topics.length, 4)
  assert.equal(log?.data, '0x')
  const [event] = parseEventLogs({ abi: nft.abi, logs: receipt.logs, eventName: 'Transfer' })
  assert.deepEqual(event?.args, { from: alice, to: bob, tokenId: 7n })
  const read = <T>(functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ address: nft.address, abi: nft.abi, functionName, args } as never) as T
  assert.equal(await read('name'), 'Cats')
  assert.equal(await read('symbol'), 'CAT')
  assert.equal(await read('ownerOf', [7n]), bob)
  assert.equal(await read('tokenURI', [7n]), 'https://nft.example/punks/7')
  await assert.rejects(write('transferFrom', [alice, bob, 7n]), /not owner/)
})

test('the test ERC-1155 emits TransferSingle and TransferBatch', async () => {
  const items = await deployTestMultiToken(anvil.rpcUrl)
  const client = createPublicClient({ transport: http(anvil.rpcUrl) })
  const write = async (functionName: string, args: readonly unknown[]) => {
    const hash = await wallet(0).writeContract({
      address: items.address,
      abi: items.abi,
      functionName,
      args,
      chain: null,
    } as never)
    return client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  }
  await write('mint', [alice, 1n, 10n])
  await write('mint', [alice, 2n, 5n])
  const single = await write('safeTransferFrom', [alice, bob, 1n, 3n, '0x'])
  const batch = await write('safeBatchTransferFrom', [alice, bob, [1n, 2n], [2n, 5n], '0x'])
  const [one] = parseEventLogs({ abi: items.abi, logs: single.logs, eventName: 'TransferSingle' })
  assert.deepEqual(one?.args, { operator: alice, from: alice, to: bob, id: 1n, value: 3n })
  const [many] = parseEventLogs({ abi: items.abi, logs: batch.logs, eventName: 'TransferBatch' })
  assert.deepEqual(many?.args.ids, [1n, 2n])
  assert.deepEqual(many?.args.values, [2n, 5n])
  const balances = await client.readContract({
    address: items.address,
    abi: items.abi,
    functionName: 'balanceOfBatch',
    args: [
      [alice, bob, alice, bob],
      [1n, 1n, 2n, 2n],
    ],
  })
  assert.deepEqual(balances, [5n, 5n, 0n, 5n])
  assert.equal(
    await client.readContract({ address: items.address, abi: items.abi, functionName: 'name' }),
    'Test Items',
  )
})
