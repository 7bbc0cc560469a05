// Balances on a Solana chain, against the local Solana RPC of @openmodal/testing (litesvm):
// SOL and SPL tokens (Token program and Token-2022) as the node reports them, decimals-0 and
// empty tokens left out, names from the chain's splTokens, and bad input.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { freePort, type SolanaRpc, startSolanaRpc } from '@openmodal/testing/node'
import { SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import * as v from 'valibot'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import { ProjectInputSchema } from '../projects/schema.js'
import type { RunningServer } from '../server.js'
import { call, type Json, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { staticPriceSource } from './prices.js'

const ORIGIN = 'https://app.example.com'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const [holder = '', empty = ''] = SOLANA_DEV_ADDRESSES

let db: Db
let server: RunningServer
let rpc: SolanaRpc
let chainId: string
const DOWN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const mints = { usd: '', points: '', unlisted: '', whole: '', zero: '', t22: '' }

const balance = (address: string, chain = chainId) =>
  call(
    `${server.url}/v1/account/${address}/balance?${new URLSearchParams({ projectId: 'test-project', chainId: chain })}`,
    { headers: { origin: ORIGIN } },
  )

async function rpcCall(method: string, params: unknown[]): Promise<Json> {
  const response = await fetch(rpc.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as Json).result
}

before(async () => {
  ;[db, rpc] = await Promise.all([openTestPglite(), startSolanaRpc()])
  chainId = `solana:${rpc.genesisHash.slice(0, 32)}`
  await rpc.airdrop(holder, 2_500_000_000n)
  mints.usd = rpc.createMint({ decimals: 6 })
  mints.points = rpc.createMint({ decimals: 2 })
  mints.unlisted = rpc.createMint({ decimals: 9 })
  mints.whole = rpc.createMint({ decimals: 0 })
  mints.zero = rpc.createMint({ decimals: 6 })
  mints.t22 = rpc.createMint({ decimals: 4, tokenProgram: TOKEN_2022 })
  rpc.mintTo(mints.usd, holder, 1_234_567n)
  rpc.mintTo(mints.points, holder, 4_200n)
  rpc.mintTo(mints.unlisted, holder, 5_000_000_000n)
  rpc.mintTo(mints.whole, holder, 1_000n)
  rpc.mintTo(mints.zero, holder, 0n)
  rpc.mintTo(mints.t22, holder, 123_456n)
  // A port nothing listens on: the chain's node is down.
  const closed = await freePort()
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [
          {
            caipNetworkId: chainId,
            rpcUrls: [rpc.rpcUrl],
            splTokens: [
              { mint: mints.usd, name: 'Test Solana USD', symbol: 'TSUSD' },
              { mint: mints.points, name: 'Points', symbol: 'PTS' },
              { mint: mints.t22, name: 'Twenty Two', symbol: 'T22' },
            ],
          },
          { caipNetworkId: DOWN, rpcUrls: [`http://127.0.0.1:${closed}`] },
        ],
      }),
    ],
  })
  server = await startTestServer(db, { prices: staticPriceSource({ SOL: 150, TSUSD: 1 }) })
})

after(async () => {
  await server.close()
  await rpc.stop()
  await db.close()
})

describe('balances on a Solana chain', () => {
  test('SOL and SPL tokens equal what the node reports; decimals-0 and empty tokens are absent', async () => {
    const { status, body } = await balance(holder)
    assert.equal(status, 200)
    assert.deepEqual(body.balances, [
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId,
        value: 375,
        price: 150,
        quantity: { decimals: '9', numeric: '2.5' },
        // The icon set's image of the native currency and of a token the chain config names.
        iconUrl: `${server.url}/v1/assets/tokens/SOL`,
      },
      // Priced tokens first, by value; then by symbol; an unlisted mint is named by its address.
      {
        name: 'Test Solana USD',
        symbol: 'TSUSD',
        chainId,
        address: `${chainId}:${mints.usd}`,
        value: 1.234567,
        price: 1,
        quantity: { decimals: '6', numeric: '1.234567' },
        iconUrl: null,
      },
      {
        name: mints.unlisted,
        symbol: '',
        chainId,
        address: `${chainId}:${mints.unlisted}`,
        value: null,
        price: null,
        quantity: { decimals: '9', numeric: '5' },
        iconUrl: null,
      },
      {
        name: 'Points',
        symbol: 'PTS',
        chainId,
        address: `${chainId}:${mints.points}`,
        value: null,
        price: null,
        quantity: { decimals: '2', numeric: '42' },
        iconUrl: `${server.url}/v1/assets/tokens/PTS`,
      },
      {
        name: 'Twenty Two',
        symbol: 'T22',
        chainId,
        address: `${chainId}:${mints.t22}`,
        value: null,
        price: null,
        quantity: { decimals: '4', numeric: '12.3456' },
        iconUrl: null,
      },
    ])
    // The same figures the node gives for each token account.
    const accounts = await rpcCall('getTokenAccountsByOwner', [
      holder,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      { encoding: 'jsonParsed' },
    ])
    const byMint = new Map<string, string>(
      accounts.value.map((a: Json) => [
        a.account.data.parsed.info.mint,
        a.account.data.parsed.info.tokenAmount.uiAmountString,
      ]),
    )
    for (const entry of body.balances.slice(1)) {
      const mint = entry.address.split(':')[2]
      if (mint === mints.t22) continue
      assert.equal(entry.quantity.numeric, byMint.get(mint), mint)
    }
    assert.equal(byMint.get(mints.whole), '1000', 'the decimals-0 token is held, yet not listed')
  })

  test('follows the chain: tokens minted later show in the next answer', async () => {
    rpc.mintTo(mints.usd, empty, 10_000_000n)
    const { body } = await balance(empty)
    assert.deepEqual(
      body.balances.map((b: Json) => [b.symbol, b.quantity.numeric]),
      [
        ['SOL', '0'],
        ['TSUSD', '10'],
      ],
    )
  })

  test('an address of another namespace, an unknown chain and a node that is down', async () => {
    const evm = await balance('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    assert.equal(evm.status, 400)
    assert.match(evm.body.message, /^Invalid address: Expected a base58 Solana address/)
    const short = await balance('1111')
    assert.equal(short.status, 400)
    // Base58 of 32-44 characters that is not 32 bytes.
    const notKey = await balance('z'.repeat(44))
    assert.equal(notKey.status, 400)
    const unknown = await balance(holder, 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'CHAIN_NOT_CONFIGURED')
    const down = await balance(holder, DOWN)
    assert.equal(down.status, 502)
    assert.equal(down.body.code, 'UPSTREAM_ERROR')
    assert.equal(down.body.message, "Could not read balances from the chain's RPC")
  })

  test('the config refuses splTokens on a chain that is not Solana', async () => {
    const parsed = v.safeParse(
      ProjectInputSchema,
      testProject({
        chains: [
          {
            caipNetworkId: 'eip155:1',
            rpcUrls: ['http://127.0.0.1:1'],
            splTokens: [{ mint: mints.usd, name: 'x', symbol: 'X' }],
          },
        ],
      }),
    )
    assert.equal(parsed.success, false)
    assert.match(parsed.issues?.[0]?.message ?? '', /splTokens is only for solana chains/)
    const named = v.safeParse(
      ProjectInputSchema,
      testProject({
        chains: [
          {
            caipNetworkId: chainId,
            rpcUrls: [rpc.rpcUrl],
            splTokens: [{ mint: '0xabc', name: 'x', symbol: 'X' }],
          },
        ],
      }),
    )
    assert.equal(named.success, false)
  })
})
