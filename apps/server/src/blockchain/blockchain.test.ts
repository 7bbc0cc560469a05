// The blockchain API against two anvil chains and the indexer: history, balances, NFTs and
// spam, gas price, names, and bad input on every endpoint.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  deployTestMultiToken,
  deployTestNft,
  deployTestToken,
  type TestMultiToken,
  type TestNft,
  type TestToken,
} from '@openmodal/testing'
import { type AnvilInstance, installMulticall3, startAnvil } from '@openmodal/testing/node'
import {
  type Address,
  createPublicClient,
  encodeAbiParameters,
  erc20Abi,
  formatEther,
  getAddress,
  type Hash,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { type ChainIndexer, createChainIndexer } from '../indexer/indexer.js'
import { createChainClient } from '../indexer/rpc.js'
import { tokenMetadata } from '../indexer/tokens.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { type TestChain, testChain } from '../testing/chain.js'
import { call, countRows, type Json, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { erc20Balances, MULTICALL3_ADDRESS } from './account.js'
import { registerNameMessage } from './names.js'
import { staticPriceSource } from './prices.js'

const [alice, bob, carol, , , frank, grace] = ANVIL_ADDRESSES
const MAIN = 'eip155:31337'
const OTHER = 'eip155:31338'
const ORIGIN = 'https://app.example.com'

let db: Db
let server: RunningServer
let anvil: AnvilInstance
let other: AnvilInstance
let chain: TestChain
let otherChain: TestChain
let indexers: ChainIndexer[]
let token: TestToken
let wholeToken: TestToken
let nft: TestNft
let spamNft: TestNft
let items: TestMultiToken
/** The server's clock for name timestamps. */
let now = Date.now()

const sync = async () => {
  for (const indexer of indexers) await indexer.syncOnce()
}

const get = (path: string, query: Record<string, string> = {}) =>
  call(`${server.url}${path}?${new URLSearchParams({ projectId: 'test-project', ...query })}`, {
    headers: { origin: ORIGIN },
  })

const history = (address: string, query: Record<string, string> = {}) =>
  get(`/v1/account/${address}/history`, { chainId: MAIN, ...query })

before(async () => {
  ;[db, anvil, other] = await Promise.all([
    openTestPglite(),
    startAnvil({ chainId: 31337 }),
    startAnvil({ chainId: 31338 }),
  ])
  chain = testChain(anvil.rpcUrl)
  otherChain = testChain(other.rpcUrl)
  ;[token, wholeToken, nft, spamNft, items] = [
    await deployTestToken(anvil.rpcUrl, { name: 'Test USD', symbol: 'TUSD', decimals: 6 }),
    await deployTestToken(anvil.rpcUrl, {
      name: 'Whole Points',
      symbol: 'PTS',
      decimals: 0,
      supply: 1000n,
    }),
    await deployTestNft(anvil.rpcUrl, { name: 'Test Punks', symbol: 'TPUNK' }),
    await deployTestNft(anvil.rpcUrl, { name: 'Free Airdrop', symbol: 'SCAM' }),
    await deployTestMultiToken(anvil.rpcUrl, { name: 'Test Items' }),
  ]
  // Receipts name contracts in lower case; answers use checksums.
  for (const deployed of [token, wholeToken, nft, spamNft, items]) {
    deployed.address = getAddress(deployed.address)
  }
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [
          {
            caipNetworkId: MAIN,
            rpcUrls: [anvil.rpcUrl],
            spamContracts: [spamNft.address],
            tokens: [token.address],
            internalTransfers: 'trace_block',
          },
          { caipNetworkId: OTHER, rpcUrls: [other.rpcUrl] },
          { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrls: [anvil.rpcUrl] },
        ],
      }),
    ],
  })
  indexers = [
    [MAIN, anvil.rpcUrl],
    [OTHER, other.rpcUrl],
  ].map(([chainId = '', rpcUrl = '']) =>
    createChainIndexer({
      db,
      chainId,
      client: createChainClient([rpcUrl]),
      startBlock: 0n,
      internalTransfers: chainId === MAIN ? 'trace_block' : false,
    }),
  )
  server = await startTestServer(db, {
    prices: staticPriceSource({ ETH: 2000, USDC: 1 }),
    now: () => now,
  })
})

after(async () => {
  await server.close()
  await Promise.all([anvil.stop(), other.stop()])
  await db.close()
})

describe('history', () => {
  let sent: { eth: Hash; token: Hash; nft: Hash; failed: Hash; otherChain: Hash }

  before(async () => {
    await chain.write(0, nft.address, nft.abi, 'mint', [alice, 7n])
    sent = {
      eth: await chain.sendEth(0, bob, parseEther('1.5')),
      token: await chain.sendToken(0, token.address, bob, 2_500_000n),
      nft: await chain.write(0, nft.address, nft.abi, 'transferFrom', [alice, bob, 7n]),
      // Value sent to a contract without a payable fallback: mined, reverted.
      failed: await chain.sendEth(1, token.address, 1n, 100_000n),
      otherChain: await otherChain.sendEth(0, bob, parseEther('9')),
    }
    await sync()
  })

  test('returns ETH, ERC-20 and ERC-721 transfers with their fields, newest first', async () => {
    const { status, body } = await history(bob)
    assert.equal(status, 200)
    const [failed, nftTx, tokenTx, ethTx] = body.data as Json[]
    assert.deepEqual(
      body.data.map((tx: Json) => tx.id),
      [sent.failed, sent.nft, sent.token, sent.eth],
    )
    assert.equal(body.next, null)

    const block = await chain.client.getBlock({
      blockNumber: (await chain.client.getTransactionReceipt({ hash: sent.eth })).blockNumber,
    })
    assert.deepEqual(ethTx, {
      id: sent.eth,
      metadata: {
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        chain: MAIN,
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: alice,
        sentTo: bob,
        hash: sent.eth,
      },
      transfers: [
        {
          direction: 'in',
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
          quantity: { numeric: '1.5' },
        },
      ],
    })
    // The counterparty of a token transfer is its Transfer log's from/to, not the contract the
    // transaction called (a row that read "To <token contract>" was the bug).
    assert.deepEqual([tokenTx.metadata.sentFrom, tokenTx.metadata.sentTo], [alice, bob])
    assert.deepEqual([nftTx.metadata.sentFrom, nftTx.metadata.sentTo], [alice, bob])
    assert.deepEqual(tokenTx.transfers, [
      {
        direction: 'in',
        fungible_info: { name: 'Test USD', symbol: 'TUSD', icon: null, address: token.address },
        quantity: { numeric: '2.5' },
      },
    ])
    assert.equal(nftTx.metadata.operationType, 'receive')
    assert.deepEqual(nftTx.transfers, [
      {
        direction: 'in',
        nft_info: {
          name: 'Test Punks #7',
          content: { preview: null },
          flags: { is_spam: false },
          tokenId: '7',
          address: nft.address,
        },
        quantity: { numeric: '1' },
      },
    ])
    assert.deepEqual(failed.metadata.status, 'failed')
    assert.deepEqual(failed.metadata.operationType, 'send')
    assert.deepEqual(failed.transfers, [
      {
        direction: 'out',
        fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
        quantity: { numeric: '0.000000000000000001' },
      },
    ])
    // The sender sees the same transaction as a send.
    const aliceView = await history(alice.toLowerCase(), { limit: '100' })
    const aliceEth = aliceView.body.data.find((tx: Json) => tx.id === sent.eth)
    assert.equal(aliceEth.metadata.operationType, 'send')
    assert.equal(aliceEth.transfers[0].direction, 'out')
    const aliceToken = aliceView.body.data.find((tx: Json) => tx.id === sent.token)
    assert.equal(aliceToken.metadata.operationType, 'send')
    assert.deepEqual([aliceToken.metadata.sentFrom, aliceToken.metadata.sentTo], [alice, bob])
    // A mint comes from the token contract, never from (or to) the zero address.
    const minted = aliceView.body.data.find(
      (tx: Json) => tx.metadata.operationType === 'mint' && tx.transfers[0]?.nft_info,
    )
    assert.deepEqual([minted.metadata.sentFrom, minted.metadata.sentTo], [nft.address, alice])
  })

  test('pages by cursor without overlap or gaps', async () => {
    const first = await history(bob, { limit: '2' })
    assert.equal(first.body.data.length, 2)
    assert.equal(typeof first.body.next, 'string')
    const second = await history(bob, { limit: '2', cursor: first.body.next })
    assert.equal(second.body.data.length, 2)
    assert.equal(second.body.next, null)
    assert.deepEqual(
      [...first.body.data, ...second.body.data].map((tx: Json) => tx.id),
      [sent.failed, sent.nft, sent.token, sent.eth],
    )
  })

  test('answers only the requested chain', async () => {
    const main = await history(bob)
    assert.ok(!main.body.data.some((tx: Json) => tx.id === sent.otherChain))
    const onOther = await get(`/v1/account/${bob}/history`, { chainId: OTHER })
    assert.deepEqual(
      onOther.body.data.map((tx: Json) => [tx.id, tx.metadata.chain]),
      [[sent.otherChain, OTHER]],
    )
  })
})

describe('internal transfers', () => {
  // Forwarder: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0); POP; STOP.
  const FORWARDER = '0x6010600c60003960106000f36000600060006000346000355af15000'
  const recipient = getAddress('0x00000000000000000000000000000000000f0dd5')
  let forwarder: Address
  let hash: Hash

  before(async () => {
    forwarder = getAddress(await chain.deploy(6, FORWARDER))
    hash = await chain.sendData(
      6,
      forwarder,
      parseEther('1'),
      encodeAbiParameters([{ type: 'address' }], [recipient]),
    )
    await sync()
  })

  test('ETH a contract forwarded is a receive of the recipient and a send of the caller', async () => {
    const { body } = await history(recipient)
    assert.deepEqual(
      body.data.map((tx: Json) => [tx.id, tx.metadata]),
      [
        [
          hash,
          {
            minedAt: body.data[0].metadata.minedAt,
            chain: MAIN,
            operationType: 'receive',
            status: 'confirmed',
            // The ETH came from the forwarder's nested call: it is the counterparty.
            sentFrom: forwarder,
            sentTo: recipient,
            hash,
          },
        ],
      ],
    )
    const ether = (direction: string, numeric: string) => ({
      direction,
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
      quantity: { numeric },
    })
    assert.deepEqual(body.data[0].transfers, [ether('in', '1')])
    const caller = (await history(grace, { limit: '100' })).body.data.find(
      (tx: Json) => tx.id === hash,
    )
    assert.equal(caller.metadata.operationType, 'send')
    assert.deepEqual(caller.transfers, [ether('out', '1')])
    // The contract itself: the transaction's value in, then the nested call's out.
    const [own] = (await history(forwarder)).body.data
    assert.equal(own.metadata.operationType, 'trade')
    assert.deepEqual(own.transfers, [ether('in', '1'), ether('out', '1')])

    const balance = await get(`/v1/account/${recipient}/balance`, { chainId: MAIN })
    assert.equal(balance.body.balances[0].quantity.numeric, '1')
  })
})

describe('balances', () => {
  before(async () => {
    await chain.sendToken(0, wholeToken.address, carol, 5n)
    await chain.sendToken(0, token.address, carol, 1_234_567n)
    await sync()
  })

  test('native and ERC-20 balances equal what the chain reports; decimals-0 tokens are absent', async () => {
    const { status, body } = await get(`/v1/account/${carol}/balance`, { chainId: MAIN })
    assert.equal(status, 200)
    const wei = await chain.client.getBalance({ address: carol })
    const units = await chain.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [carol],
    })
    assert.equal(units, 1_234_567n)
    assert.deepEqual(body.balances, [
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: MAIN,
        value: 2000 * Number(formatEther(wei)),
        price: 2000,
        quantity: { decimals: '18', numeric: formatEther(wei) },
        // The icon set's image of the native currency and of a token the chain config names.
        iconUrl: `${server.url}/v1/assets/tokens/ETH`,
      },
      {
        name: 'Test USD',
        symbol: 'TUSD',
        chainId: MAIN,
        address: `${MAIN}:${token.address}`,
        // TUSD is not in the price table: no price is invented.
        value: null,
        price: null,
        quantity: { decimals: '6', numeric: '1.234567' },
        iconUrl: `${server.url}/v1/assets/tokens/TUSD`,
      },
    ])
    // The decimals-0 token is held, and still not reported.
    const points = await chain.client.readContract({
      address: wholeToken.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [carol],
    })
    assert.equal(points, 5n)
  })

  test('an airdropped token gets no icon for the symbol it claims; a chosen one does', async () => {
    const fake = await deployTestToken(anvil.rpcUrl, { name: 'USD Coin', symbol: 'USDC' })
    const victim = '0x2222222222222222222222222222222222222222'
    await chain.sendToken(0, getAddress(fake.address), victim, 1_000_000n)
    await sync()
    const icons = async (query: Record<string, string> = {}) =>
      (await get(`/v1/account/${victim}/balance`, { chainId: MAIN, ...query })).body.balances.map(
        (b: Json) => [b.symbol, b.iconUrl],
      )
    // A symbol is anyone's to pick: only the host (tokens=) or the chain config vouch for it.
    assert.deepEqual(await icons(), [
      ['ETH', `${server.url}/v1/assets/tokens/ETH`],
      ['USDC', null],
    ])
    assert.deepEqual(await icons({ tokens: getAddress(fake.address) }), [
      ['ETH', `${server.url}/v1/assets/tokens/ETH`],
      ['USDC', `${server.url}/v1/assets/tokens/USDC`],
    ])
  })

  test('reports a configured token the address never moved only when it holds some', async () => {
    const { body } = await get(`/v1/account/${frank}/balance`, { chainId: MAIN })
    assert.deepEqual(
      body.balances.map((b: Json) => b.symbol),
      ['ETH'],
    )
    await chain.write(0, token.address, token.abi, 'mint', [frank, 3_000_000n])
    const after = await get(`/v1/account/${frank}/balance`, { chainId: MAIN })
    assert.deepEqual(
      after.body.balances.map((b: Json) => [b.symbol, b.quantity.numeric]),
      [
        ['ETH', '10000'],
        ['TUSD', '3'],
      ],
    )
  })
  test('adds the tokens the host chose (tokens=) even at zero; refuses bad or too many', async () => {
    const empty = '0x1111111111111111111111111111111111111111'
    const plain = await get(`/v1/account/${empty}/balance`, { chainId: MAIN })
    assert.deepEqual(
      plain.body.balances.map((b: Json) => b.symbol),
      ['ETH'],
    )
    const chosen = await get(`/v1/account/${empty}/balance`, {
      chainId: MAIN,
      tokens: `${token.address},${wholeToken.address}`,
    })
    assert.equal(chosen.status, 200)
    // TUSD at 0; the decimals-0 token stays out (spec §5) even when chosen.
    assert.deepEqual(
      chosen.body.balances.map((b: Json) => [b.symbol, b.quantity.numeric, b.address]),
      [
        ['ETH', '0', undefined],
        ['TUSD', '0', `${MAIN}:${token.address}`],
      ],
    )
    const bad = await get(`/v1/account/${empty}/balance`, { chainId: MAIN, tokens: '0x123' })
    assert.equal(bad.status, 400)
    assert.match(bad.body.message, /^Invalid token: Expected a 0x/)
    const many = await get(`/v1/account/${empty}/balance`, {
      chainId: MAIN,
      tokens: Array(6).fill(token.address).join(','),
    })
    assert.equal(many.status, 400)
    assert.match(many.body.message, /at most 5 tokens/)
  })
})

describe('ERC-20 balances through Multicall3 (spec §9 multicall batch 1024)', () => {
  test('40 balanceOf reads are 2 eth_calls of at most 1024 bytes; without Multicall3, one each', async () => {
    const methods: string[] = []
    const client = createPublicClient({
      transport: http(anvil.rpcUrl, {
        onFetchRequest: (_request, init) => {
          for (const call of [JSON.parse(String(init.body))].flat()) methods.push(call.method)
        },
      }),
      cacheTime: 0,
    })
    const owners = [token.address, wholeToken.address]
    const tokens = Array.from({ length: 40 }, (_, i) => owners[i % 2] as Address)
    const held = new Map<Address, bigint>()
    for (const address of owners) {
      held.set(
        address,
        await chain.client.readContract({
          address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [alice],
        }),
      )
    }
    const expected = tokens.map((address) => held.get(address))
    assert.deepEqual(await erc20Balances(client, tokens, alice), expected)
    // 36 bytes of calldata each: 28 fit in 1024 bytes, the other 12 go in a second call.
    assert.deepEqual(methods, ['eth_call', 'eth_call'])
    // A chain without Multicall3 at the canonical address: read token by token, same answer.
    const setCode = (code: string) =>
      chain.client.request({ method: 'anvil_setCode', params: [MULTICALL3_ADDRESS, code] } as never)
    await setCode('0x')
    try {
      methods.length = 0
      assert.deepEqual(await erc20Balances(client, tokens.slice(0, 3), alice), expected.slice(0, 3))
      assert.deepEqual(methods, ['eth_call', 'eth_call', 'eth_call', 'eth_call'])
    } finally {
      await installMulticall3(anvil.rpcUrl)
    }
  })

  test('token name, symbol and decimals of 6 contracts are 1 eth_call, then cached; without Multicall3, one each', async () => {
    const methods: string[] = []
    const client = createPublicClient({
      transport: http(anvil.rpcUrl, {
        onFetchRequest: (_request, init) => {
          for (const call of [JSON.parse(String(init.body))].flat()) methods.push(call.method)
        },
      }),
      cacheTime: 0,
    })
    // Two ERC-20s, three NFT contracts and an address with no code (which answers nothing).
    const contracts = [
      { address: token.address, standard: 'erc20' as const },
      { address: wholeToken.address, standard: 'erc20' as const },
      { address: nft.address, standard: 'erc721' as const },
      { address: spamNft.address, standard: 'erc721' as const },
      { address: items.address, standard: 'erc1155' as const },
      { address: carol, standard: 'erc20' as const },
    ]
    const expected = [
      ['Test USD', 'TUSD', 6],
      ['Whole Points', 'PTS', 0],
      ['Test Punks', 'TPUNK', null],
      ['Free Airdrop', 'SCAM', null],
    ]
    const read = async (chainId: string) => {
      const found = await tokenMetadata(db, client, chainId, contracts)
      return contracts
        .map(({ address }) => found.get(address.toLowerCase()))
        .map((t) => t && [t.name, t.symbol, t.decimals])
    }
    // A chain id of its own: nothing is cached for it yet.
    const batched = await read('eip155:900001')
    assert.deepEqual(batched.slice(0, 4), expected)
    // The multi-token answers what it has (TestMultiToken has no symbol); the EOA is left out.
    assert.equal(batched[5], undefined)
    assert.deepEqual(methods, ['eth_call'], 'one Multicall3 call for the 6 x 2-3 reads')
    // Cached: only the address that answered nothing is asked again.
    methods.length = 0
    assert.deepEqual(await read('eip155:900001'), batched)
    assert.deepEqual(methods, ['eth_call'])

    const setCode = (code: string) =>
      chain.client.request({ method: 'anvil_setCode', params: [MULTICALL3_ADDRESS, code] } as never)
    await setCode('0x')
    try {
      methods.length = 0
      assert.deepEqual(await read('eip155:900002'), batched)
      // The Multicall3 call that answered no data, then 3 + 3 + 2 + 2 + 2 + 3 calls.
      assert.equal(methods.length, 1 + 15)
    } finally {
      await installMulticall3(anvil.rpcUrl)
    }
  })
})

describe('NFTs and spam', () => {
  const dan = ANVIL_ADDRESSES[3]
  let mixed: Hash
  let spamOnly: Hash

  before(async () => {
    await chain.write(0, nft.address, nft.abi, 'mint', [dan, 1n])
    spamOnly = await chain.write(0, spamNft.address, spamNft.abi, 'mint', [dan, 666n])
    await chain.write(0, items.address, items.abi, 'mint', [alice, 1n, 10n])
    await chain.write(0, items.address, items.abi, 'mint', [alice, 2n, 4n])
    mixed = await chain.write(0, items.address, items.abi, 'safeBatchTransferFrom', [
      alice,
      dan,
      [1n, 2n],
      [3n, 4n],
      '0x',
    ])
    await sync()
  })

  test('hides transactions whose transfers are all spam NFTs', async () => {
    const { body } = await history(dan)
    const ids = body.data.map((tx: Json) => tx.id)
    assert.ok(!ids.includes(spamOnly), 'the spam airdrop is hidden')
    assert.equal(ids.length, 2)
    assert.equal(ids[0], mixed)
    const batch = body.data[0]
    assert.deepEqual(
      batch.transfers.map((t: Json) => [t.nft_info.tokenId, t.quantity.numeric, t.direction]),
      [
        ['1', '3', 'in'],
        ['2', '4', 'in'],
      ],
    )
    assert.equal(batch.transfers[0].nft_info.name, 'Test Items #1')
    // Paging one by one never stalls on the hidden transaction.
    const first = await history(dan, { limit: '1' })
    const second = await history(dan, { limit: '1', cursor: first.body.next })
    assert.equal(second.body.next, null)
    assert.deepEqual([first.body.data[0].id, second.body.data[0].id], ids)
  })

  test('lists the NFTs an address holds, spam flagged', async () => {
    const { status, body } = await get(`/v1/account/${dan}/nfts`, { chainId: MAIN })
    assert.equal(status, 200)
    const sorted = [...body.data].sort((a: Json, b: Json) =>
      `${a.contract}${a.tokenId}`.localeCompare(`${b.contract}${b.tokenId}`),
    )
    const expected = [
      {
        chainId: MAIN,
        contract: nft.address,
        tokenId: '1',
        standard: 'ERC721',
        amount: '1',
        name: 'Test Punks #1',
        collection: 'Test Punks',
        imageUrl: null,
        isSpam: false,
      },
      {
        chainId: MAIN,
        contract: spamNft.address,
        tokenId: '666',
        standard: 'ERC721',
        amount: '1',
        name: 'Free Airdrop #666',
        collection: 'Free Airdrop',
        imageUrl: null,
        isSpam: true,
      },
      ...[
        ['1', '3'],
        ['2', '4'],
      ].map(([tokenId, amount]) => ({
        chainId: MAIN,
        contract: items.address,
        tokenId,
        standard: 'ERC1155',
        amount,
        name: `Test Items #${tokenId}`,
        collection: 'Test Items',
        imageUrl: null,
        isSpam: false,
      })),
    ].sort((a, b) => `${a.contract}${a.tokenId}`.localeCompare(`${b.contract}${b.tokenId}`))
    assert.deepEqual(sorted, expected)
    // Sold on: no longer held.
    await chain.write(3, nft.address, nft.abi, 'transferFrom', [dan, bob, 1n])
    await sync()
    const after = await get(`/v1/account/${dan}/nfts`, { chainId: MAIN })
    assert.ok(!after.body.data.some((n: Json) => n.contract === nft.address))
  })
})

describe('gas price', () => {
  test('gives standard <= fast <= instant above the next base fee', async () => {
    const { status, body } = await get('/v1/gas-price', { chainId: MAIN })
    assert.equal(status, 200)
    assert.deepEqual(Object.keys(body).sort(), ['fast', 'instant', 'standard'])
    for (const value of Object.values(body)) assert.match(value as string, /^\d+$/)
    const [standard, fast, instant] = [body.standard, body.fast, body.instant].map(BigInt) as [
      bigint,
      bigint,
      bigint,
    ]
    assert.ok(standard <= fast && fast <= instant)
    const history = await chain.client.getFeeHistory({ blockCount: 1, rewardPercentiles: [] })
    assert.ok(standard >= (history.baseFeePerGas.at(-1) ?? 0n))
    assert.ok(standard > 0n)
  })

  test('refuses a chain the project does not serve with the spec message', async () => {
    for (const chainId of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      const { status, body } = await get('/v1/gas-price', { chainId })
      assert.equal(status, 404)
      assert.deepEqual(body, {
        code: 'CHAIN_NOT_CONFIGURED',
        message: 'Network not supported for Gas Price',
      })
    }
  })
})

describe('names', () => {
  const signer = (index: 1 | 2) => privateKeyToAccount(ANVIL_PRIVATE_KEYS[index])
  const request = async (
    name: string,
    address: Address,
    options: { by?: 1 | 2; timestamp?: number; message?: string } = {},
  ) => {
    const message = options.message ?? registerNameMessage(name, address, options.timestamp ?? now)
    const signature = await signer(options.by ?? 1).signMessage({ message })
    return { name, address, message, signature }
  }
  const register = (body: unknown) =>
    call(`${server.url}/v1/names?projectId=test-project`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(body),
    })
  const names = async () => (await countRows(db)).account_names

  test('a request signed by the address registers the name; it resolves both ways', async () => {
    const { status, body } = await register(await request('bob-the-builder', bob))
    assert.equal(status, 201)
    assert.deepEqual(body, { name: 'bob-the-builder', address: bob, source: 'registry' })
    const resolved = await get('/v1/names/BOB-the-builder')
    assert.deepEqual(resolved.body, { name: 'bob-the-builder', address: bob, source: 'registry' })
    const reverse = await get(`/v1/names/reverse/${bob.toLowerCase()}`)
    assert.deepEqual(reverse.body, { name: 'bob-the-builder', address: bob, source: 'registry' })
    // Registering again with a new name replaces the old one.
    assert.equal((await register(await request('bobby', bob))).status, 201)
    assert.equal((await get('/v1/names/bob-the-builder')).status, 404)
    assert.deepEqual((await get(`/v1/names/reverse/${bob}`)).body.name, 'bobby')
  })

  test('refuses a wrong signer, a taken name, bad names and stale or altered messages', async () => {
    const before = await names()
    const wrongSigner = await register(await request('carol-1', bob, { by: 2 }))
    assert.equal(wrongSigner.status, 401)
    assert.deepEqual(wrongSigner.body, {
      code: 'INVALID_SIGNATURE',
      message: `The signature was not made by ${bob}`,
    })
    const taken = await register(await request('Bobby', carol, { by: 2 }))
    assert.equal(taken.status, 409)
    assert.equal(taken.body.code, 'NAME_TAKEN')
    for (const name of ['bob', 'bo b', 'bob.eth', 'böbby', '<b>bob</b>']) {
      const refused = await register(await request(name, bob))
      assert.equal(refused.status, 400, name)
      assert.equal(
        refused.body.message,
        'Invalid request: name: A name uses letters, digits and hyphens and has at least 4 characters',
      )
    }
    const stale = await register(
      await request('carol-2', carol, { by: 2, timestamp: now - 11 * 60_000 }),
    )
    assert.equal(stale.status, 400)
    assert.match(stale.body.message, /more than 10 minutes from the server time/)
    const future = await register(
      await request('carol-2', carol, { by: 2, timestamp: now + 11 * 60_000 }),
    )
    assert.equal(future.status, 400)
    const altered = await register(
      await request('carol-2', carol, {
        by: 2,
        message: `Register carol-3 for ${carol} at ${now}`,
      }),
    )
    assert.equal(altered.status, 400)
    assert.match(altered.body.message, /Register <name> for <address> at <timestamp in ms>/)
    assert.equal(await names(), before, 'nothing was written')
    // The same request is fine once the clock is back within 10 minutes.
    now += 9 * 60_000
    const late = await register(
      await request('carol-2', carol, { by: 2, timestamp: now - 9 * 60_000 }),
    )
    assert.equal(late.status, 201)
  })

  test('unknown names and addresses without a name are 404 NAME_NOT_FOUND', async () => {
    assert.deepEqual((await get('/v1/names/nobody-here')).body.code, 'NAME_NOT_FOUND')
    const none = await get(`/v1/names/reverse/${frank}`)
    assert.equal(none.status, 404)
    assert.equal(none.body.code, 'NAME_NOT_FOUND')
  })
})

describe('bad input on the blockchain endpoints', () => {
  const cases: [string, string, Record<string, string>, number, string | RegExp][] = [
    [
      'balance',
      `/v1/account/0x123/balance`,
      { chainId: MAIN },
      400,
      /^Invalid address: Expected a 0x/,
    ],
    [
      'balance',
      `/v1/account/${bob.toLowerCase().replace('0x7', '0x7')}X/balance`,
      { chainId: MAIN },
      400,
      /^Invalid address/,
    ],
    [
      'bad checksum',
      `/v1/account/${bob.replace('C', 'c')}/history`,
      { chainId: MAIN },
      400,
      /valid checksum/,
    ],
    [
      'no chainId',
      `/v1/account/${bob}/balance`,
      {},
      400,
      'Invalid query: chainId: chainId is required',
    ],
    [
      'not CAIP-2',
      `/v1/account/${bob}/history`,
      { chainId: '31337' },
      400,
      /^Invalid query: chainId: Expected a CAIP-2/,
    ],
    [
      'unknown chain',
      `/v1/account/${bob}/nfts`,
      { chainId: 'eip155:1' },
      404,
      'Project test-project has no chain eip155:1',
    ],
    [
      'non-EVM chain',
      `/v1/account/${bob}/nfts`,
      { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
      404,
      /is not an EVM chain/,
    ],
    [
      // Balances are served on Solana chains too (solana.test.ts), for Solana addresses.
      'EVM address on a Solana chain',
      `/v1/account/${bob}/balance`,
      { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
      400,
      /^Invalid address: Expected a base58 Solana address/,
    ],
    ['bad cursor', `/v1/account/${bob}/history`, { chainId: MAIN, cursor: 'abc' }, 400, /cursor/],
    [
      'forged cursor',
      `/v1/account/${bob}/history`,
      { chainId: MAIN, cursor: Buffer.from('1; drop table').toString('base64url') },
      400,
      /cursor/,
    ],
    [
      'limit 0',
      `/v1/account/${bob}/history`,
      { chainId: MAIN, limit: '0' },
      400,
      /limit: Expected a whole number from 1 to 100/,
    ],
    ['limit 101', `/v1/account/${bob}/history`, { chainId: MAIN, limit: '101' }, 400, /limit/],
    ['limit text', `/v1/account/${bob}/history`, { chainId: MAIN, limit: 'ten' }, 400, /limit/],
    ['gas no chain', '/v1/gas-price', {}, 400, /chainId is required/],
    ['bad name', '/v1/names/ab', {}, 400, /at least 4 characters/],
    ['bad reverse', '/v1/names/reverse/0xabc', {}, 400, /Invalid address/],
  ]
  for (const [what, path, query, status, message] of cases) {
    test(`${what}: ${path} → ${status}`, async () => {
      const before = await countRows(db)
      const answer = await get(path, query)
      assert.equal(answer.status, status, JSON.stringify(answer.body))
      if (typeof message === 'string') assert.equal(answer.body.message, message)
      else assert.match(answer.body.message, message)
      assert.deepEqual(await countRows(db), before)
    })
  }

  test('the account endpoints check the project and the origin first', async () => {
    const noProject = await call(`${server.url}/v1/account/${bob}/balance?chainId=${MAIN}`)
    assert.equal(noProject.status, 400)
    assert.match(noProject.body.message, /projectId is required/)
    const wrongOrigin = await call(
      `${server.url}/v1/account/${bob}/history?projectId=test-project&chainId=${MAIN}`,
      { headers: { origin: 'https://evil.example.net' } },
    )
    assert.equal(wrongOrigin.status, 403)
  })

  test('POST /v1/names refuses bodies that are not a registration, writing nothing', async () => {
    const before = await countRows(db)
    const post = (body: string) =>
      call(`${server.url}/v1/names?projectId=test-project`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    const valid = {
      name: 'valid-name',
      address: bob,
      message: registerNameMessage('valid-name', bob, now),
      signature: `0x${'11'.repeat(65)}`,
    }
    const answers = [
      [await post('{'), /not valid JSON/],
      [await post('[]'), /Invalid request/],
      [await post(JSON.stringify({ ...valid, extra: 1 })), /extra/],
      [await post(JSON.stringify({ ...valid, signature: '0x12' })), /65-byte/],
      [await post(JSON.stringify({ ...valid, address: 'bob' })), /address/],
      [await post(JSON.stringify({ ...valid, name: 'a'.repeat(65) })), /at most 64/],
      [await post(JSON.stringify(valid)), /The signature was not made by/],
      [await post(JSON.stringify({ ...valid, pad: 'x'.repeat(5000) })), /Body exceeds 4096 bytes/],
    ] as const
    for (const [answer, message] of answers) {
      assert.ok(answer.status >= 400 && answer.status < 500, JSON.stringify(answer.body))
      assert.match(answer.body.message, message)
    }
    assert.deepEqual(await countRows(db), before)
  })
})
