// Core's blockchain-API stores against the real server on PGlite and anvil: balances, history,
// NFTs and signed name registration, end to end.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { createTestAdapter } from '@openmodal/core/adapter-contract'
import {
  $balances,
  $connectors,
  $nfts,
  $transactions,
  type CaipNetwork,
  connect,
  createModalClient,
  fetchBalances,
  fetchNfts,
  fetchTransactions,
  lookupAccountName,
  refreshTransactions,
  registerAccountName,
} from '@openmodal/core/internal'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  deployTestNft,
  deployTestToken,
} from '@openmodal/testing'
import { type AnvilInstance, startAnvil } from '@openmodal/testing/node'
import { erc20Abi, formatEther, formatUnits, getAddress, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { type ChainIndexer, createChainIndexer } from '../indexer/indexer.js'
import { createChainClient } from '../indexer/rpc.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { type TestChain, testChain } from '../testing/chain.js'
import { startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { staticPriceSource } from './prices.js'

const bob = ANVIL_ADDRESSES[1] as `0x${string}`
const MAIN = 'eip155:31337'
let db: Db
let server: RunningServer
let anvil: AnvilInstance
let chain: TestChain
let indexer: ChainIndexer
let tokenAddress: `0x${string}`

const anvilNet: CaipNetwork = {
  id: 31337,
  chainNamespace: 'eip155',
  caipNetworkId: MAIN,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

before(async () => {
  ;[db, anvil] = await Promise.all([openTestPglite(), startAnvil({ chainId: 31337 })])
  chain = testChain(anvil.rpcUrl)
  const token = await deployTestToken(anvil.rpcUrl, {
    name: 'Test USD',
    symbol: 'TUSD',
    decimals: 6,
  })
  tokenAddress = getAddress(token.address)
  const nft = await deployTestNft(anvil.rpcUrl, { name: 'Test Punks', symbol: 'TPUNK' })
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [{ caipNetworkId: MAIN, rpcUrls: [anvil.rpcUrl], tokens: [tokenAddress] }],
      }),
    ],
  })
  indexer = createChainIndexer({
    db,
    chainId: MAIN,
    client: createChainClient([anvil.rpcUrl]),
    startBlock: 0n,
  })
  server = await startTestServer(db, { prices: staticPriceSource({ ETH: 2000, TUSD: 1 }) })
  // Browsers send Origin; Node's fetch does not.
  const original = globalThis.fetch
  globalThis.fetch = (input, init = {}) =>
    original(input, {
      ...init,
      headers: { ...(init.headers as object), origin: 'https://app.example.com' },
    })
  await chain.sendEth(0, bob, parseEther('1.5'))
  await chain.sendToken(0, tokenAddress, bob, 12_345_678n)
  await chain.write(0, getAddress(nft.address), nft.abi as never, 'mint', [bob, 7n]).catch(() => {})
  await indexer.syncOnce()
})

after(async () => {
  await server.close()
  await anvil.stop()
  await db.close()
})

test('core against the real server: balances, history, NFTs, names', async () => {
  const key = ANVIL_PRIVATE_KEYS[1] as `0x${string}`
  const account = privateKeyToAccount(key)
  const adapter = createTestAdapter({ chainId: 31337, knownChainIds: [31337], accounts: [bob] })
  adapter.signMessage = ({ message }) => account.signMessage({ message })
  createModalClient({
    projectId: 'test-project',
    networks: [anvilNet],
    adapters: [adapter],
    apiUrl: server.url,
  })
  const stop = $connectors.listen(() => {})
  await connect({ connectorId: 'dev.openmodal.test' })

  await fetchBalances()
  const balances = $balances.get()
  assert.equal(balances.error, false, 'balance fetch ok')
  const native = balances.balances.find((b) => !b.address)
  const onChain = await chain.client.getBalance({ address: bob })
  assert.equal(native?.quantity.numeric, formatEther(onChain))
  const tusd = balances.balances.find((b) => b.symbol === 'TUSD')
  const tokenOnChain = await chain.client.readContract({
    address: tokenAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [bob],
  })
  assert.equal(tusd?.quantity.numeric, formatUnits(tokenOnChain, 6))

  await fetchTransactions(bob)
  const txs = $transactions.get()
  assert.equal(txs.error, false)
  assert.ok(txs.transactions.length >= 2)

  // A new transfer shows on refresh.
  await chain.sendEth(0, bob, parseEther('0.25'))
  await indexer.syncOnce()
  const before = $transactions.get().transactions.length
  await refreshTransactions(bob)
  assert.equal($transactions.get().transactions.length, before + 1)
  assert.equal($transactions.get().transactions[0]?.transfers[0]?.quantity.numeric, '0.25')

  await fetchNfts()
  assert.equal($nfts.get().error, false)

  assert.equal(await lookupAccountName(bob), null)
  const registered = await registerAccountName({ name: 'bob-builder', address: bob, chainId: MAIN })
  assert.equal(registered.name, 'bob-builder')
  stop()
})
