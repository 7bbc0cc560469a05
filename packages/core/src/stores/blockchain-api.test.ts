// The balances, transactions and NFTs stores and name registration against a real HTTP server
// on loopback that answers exactly the blockchain API contract of apps/server (issue 8):
// paths, query parameters, response shapes and error bodies.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test'
import { cleanStores } from 'nanostores'
import { clearBalanceCache, clearProfileCache } from '../actions/refresh-account.js'
import { registerAccountName, registerNameMessage } from '../actions/register-name.js'
import { unregisterAdapter } from '../adapters/registry.js'
import type {
  ApiError,
  BalanceResponse,
  HistoryResponse,
  Nft,
  NftsResponse,
  TokenBalance,
  Transaction,
} from '../api/types.js'
import { createModalClient, type ModalInstance } from '../client/create-modal.js'
import { BaseError } from '../errors/base.js'
import { storage } from '../storage/storage.js'
import { mainnet, sepolia } from '../testing/fixtures.js'
import { createTestAdapter, type TestAdapter } from '../testing/test-adapter.js'
import { $accounts, $activeAccount } from './account.js'
import { $balances, BALANCE_RETRY_GAP_MS, clearTokenBalances, fetchBalances } from './balances.js'
import { $activeNetwork } from './chain.js'
import { $attempts, $connections } from './connection.js'
import { $connectors, $discovered } from './connectors.js'
import { $accountNames, clearAccountNames, lookupAccountName } from './names.js'
import { $nfts, fetchNfts } from './nfts.js'
import { $snack, hideSnack } from './snack.js'
import {
  $transactions,
  $transactionsByYear,
  activityTransactions,
  fetchTransactions,
  groupTransactionsByYear,
  refreshTransactions,
  resetTransactions,
  transactionMonthGroups,
} from './transactions.js'

const ALICE = '0x1111111111111111111111111111111111111111'
const BOB = '0x2222222222222222222222222222222222222222'
const PROJECT = 'p'
const CHAINS = new Set(['eip155:1', 'eip155:11155111'])
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const NAME = /^[a-zA-Z0-9-]{4,}$/

// ---------------------------------------------------------------------------------------------
// The server: what each test sets up, and every request it saw.

interface Failure {
  status: number
  body: ApiError
}
const api = {
  /** `${chainId}:${address lower case}` → balances, or a failure. */
  balances: new Map<string, TokenBalance[] | Failure>(),
  /** `${chainId}:${address lower case}` → every transaction, newest first. */
  history: new Map<string, Transaction[]>(),
  historyFailure: undefined as Failure | undefined,
  nfts: new Map<string, Nft[]>(),
  nftsFailure: undefined as Failure | undefined,
  /** name (lower case) → address */
  names: new Map<string, string>(),
  /** Path → how long the server waits before it answers (a slow account). */
  delays: new Map<string, number>(),
  /** Added to the server's clock (to make a client's timestamp stale). */
  clockSkewMs: 0,
  requests: [] as { method: string; url: URL; body: unknown }[],
}

const SERVER_ERROR: Failure = {
  status: 500,
  body: { code: 'SERVER_ERROR', message: 'Internal server error' },
}

// Each helper answers the request; handlers `return` them to end there.
function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
  return true
}

function fail(res: ServerResponse, failure: Failure): true {
  return send(res, failure.status, failure.body)
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string): true {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const body = raw ? JSON.parse(raw) : undefined
  if (url.searchParams.get('projectId') !== PROJECT) {
    return fail(res, { status: 404, body: { code: 'PROJECT_NOT_FOUND', message: 'No project' } })
  }
  const account = /^\/v1\/account\/([^/]+)\/(balance|history|nfts)$/.exec(url.pathname)
  if (req.method === 'GET' && account) {
    const address = decodeURIComponent(account[1] ?? '')
    const chainId = url.searchParams.get('chainId') ?? ''
    if (!ADDRESS.test(address)) {
      return fail(res, {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Invalid address',
          issues: [{ path: 'address', message: 'Invalid address' }],
        },
      })
    }
    if (!CHAINS.has(chainId)) {
      return fail(res, {
        status: 404,
        body: { code: 'CHAIN_NOT_CONFIGURED', message: 'Chain not configured' },
      })
    }
    const key = `${chainId}:${address.toLowerCase()}`
    if (account[2] === 'balance') {
      const entry = api.balances.get(key) ?? []
      if (!Array.isArray(entry)) return fail(res, entry)
      return send(res, 200, { balances: entry } satisfies BalanceResponse)
    }
    if (account[2] === 'history') {
      if (api.historyFailure) return fail(res, api.historyFailure)
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 100)
      const cursor = url.searchParams.get('cursor')
      const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString()) : 0
      const all = api.history.get(key) ?? []
      const data = all.slice(start, start + limit)
      const next =
        start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : null
      return send(res, 200, { data, next } satisfies HistoryResponse)
    }
    if (api.nftsFailure) return fail(res, api.nftsFailure)
    return send(res, 200, { data: api.nfts.get(key) ?? [] } satisfies NftsResponse)
  }
  if (req.method === 'POST' && url.pathname === '/v1/names') {
    const { name, address = '', message, signature } = (body ?? {}) as Record<string, string>
    if (typeof name !== 'string' || !NAME.test(name)) {
      return fail(res, {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Names use letters, digits and hyphens, at least 4 characters',
          issues: [{ path: 'name', message: 'Invalid name' }],
        },
      })
    }
    const match = /^Register (\S+) for (\S+) at (\d+)$/.exec(message ?? '')
    if (!match || match[1] !== name || match[2] !== address) {
      return fail(res, {
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'Invalid message: expected exactly "Register …"' },
      })
    }
    if (Math.abs(Date.now() + api.clockSkewMs - Number(match[3])) > 10 * 60 * 1000) {
      return fail(res, {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Invalid message: its timestamp is more than 10 minutes from the server time',
        },
      })
    }
    // The test wallet signs as `signed:${address}:${message}`; the real server uses viem's
    // verifyMessage. Either way: the signer must be `address` and the text exactly this one.
    if (signature !== `signed:${address}:${message}`) {
      return fail(res, {
        status: 401,
        body: { code: 'INVALID_SIGNATURE', message: 'Invalid signature' } as unknown as ApiError,
      })
    }
    const owner = api.names.get(name.toLowerCase())
    if (owner && owner.toLowerCase() !== address.toLowerCase()) {
      return fail(res, {
        status: 409,
        body: { code: 'NAME_TAKEN', message: 'Name taken' } as unknown as ApiError,
      })
    }
    api.names.set(name.toLowerCase(), address)
    return send(res, 201, { name, address })
  }
  const reverse = /^\/v1\/names\/reverse\/([^/]+)$/.exec(url.pathname)
  if (req.method === 'GET' && reverse) {
    const address = decodeURIComponent(reverse[1] ?? '').toLowerCase()
    const name = [...api.names].find(([, owner]) => owner.toLowerCase() === address)?.[0]
    if (!name) {
      return fail(res, {
        status: 404,
        body: { code: 'NAME_NOT_FOUND', message: 'No name' } as unknown as ApiError,
      })
    }
    return send(res, 200, { name, address: api.names.get(name) })
  }
  return fail(res, { status: 404, body: { code: 'NOT_FOUND', message: 'No such route' } })
}

const server = createServer((req, res) => {
  let raw = ''
  req.on('data', (chunk) => {
    raw += chunk
  })
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    api.requests.push({ method: req.method ?? '', url, body: raw ? JSON.parse(raw) : undefined })
    const delay = api.delays.get(url.pathname) ?? 0
    if (delay) setTimeout(() => handle(req, res, raw), delay)
    else handle(req, res, raw)
  })
})

let baseUrl = ''
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(() => {
  server.closeAllConnections()
  server.close()
})

// ---------------------------------------------------------------------------------------------
// Data in the contract's shapes.

const eth = (numeric: string, chainId = 'eip155:1'): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId,
  value: Number(numeric) * 3000,
  price: 3000,
  quantity: { decimals: '18', numeric },
  iconUrl: null,
})

const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  value: 12.5,
  price: 1,
  quantity: { decimals: '6', numeric: '12.5' },
  iconUrl: 'https://example.org/usdc.png',
}

let serial = 0
function tx(minedAt: string, options: Partial<Transaction['metadata']> & { spam?: boolean } = {}) {
  serial++
  const hash = `0x${serial.toString(16).padStart(64, '0')}`
  const transaction: Transaction = {
    id: hash,
    metadata: {
      minedAt,
      chain: options.chain ?? 'eip155:1',
      operationType: options.operationType ?? 'send',
      status: options.status ?? 'confirmed',
      sentFrom: ALICE,
      sentTo: BOB,
      hash,
    },
    transfers: options.spam
      ? [
          {
            direction: 'in',
            nft_info: {
              name: 'Free money',
              content: { preview: null },
              flags: { is_spam: true },
              tokenId: '1',
              address: '0x3333333333333333333333333333333333333333',
            },
            quantity: { numeric: '1' },
          },
        ]
      : [
          {
            direction: 'out',
            fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
            quantity: { numeric: '0.5' },
          },
        ],
  }
  return transaction
}

// ---------------------------------------------------------------------------------------------

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
}

/** Resolves when `check` holds; real HTTP round trips take a few milliseconds. */
async function until(check: () => unknown, what: string): Promise<void> {
  const start = Date.now()
  // The fake clock may stand still: count iterations, not time.
  for (let i = 0; i < 2000; i++) {
    if (check()) return
    await new Promise((r) => setImmediate(r))
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error(`Timed out waiting for ${what} (${Date.now() - start} ms)`)
}

const requestsTo = (suffix: string) =>
  api.requests.filter((r) => r.url.pathname.endsWith(suffix)).length

let modal: ModalInstance
let adapter: TestAdapter
let stopConnectors = () => {}

async function connectOn(
  networks = [mainnet, sepolia],
  chainId = 1,
  accounts = [ALICE],
  extra: Partial<Parameters<typeof createModalClient>[0]> = {},
) {
  adapter = createTestAdapter({ knownChainIds: networks.map((n) => n.id), chainId, accounts })
  modal = createModalClient({
    ...extra,
    projectId: PROJECT,
    networks,
    adapters: [adapter],
    apiUrl: baseUrl,
    // No project config request: these tests count the blockchain API's requests.
    basic: true,
  })
  stopConnectors = $connectors.listen(() => {})
  await modal.connect('dev.openmodal.test')
  await settle()
}

beforeEach(() => {
  api.balances.clear()
  api.history.clear()
  api.nfts.clear()
  api.names.clear()
  api.delays.clear()
  api.clockSkewMs = 0
  api.historyFailure = undefined
  api.nftsFailure = undefined
  api.requests.length = 0
  storage.remove('connectedConnectorIds')
  storage.remove('lastUsedChain')
  $attempts.set({})
  $connections.set({})
  clearProfileCache()
  clearBalanceCache()
  clearTokenBalances()
  resetTransactions()
  clearAccountNames()
  hideSnack()
})

afterEach(() => {
  stopConnectors()
  cleanStores($connectors, $discovered, $balances, $transactions, $nfts)
  unregisterAdapter('eip155')
  mock.timers.reset()
  hideSnack()
})

describe('balances store (spec §3 "Token balance", §9)', () => {
  test('fetches the active account on the active network when first watched', async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('1.5'), usdc])
    await connectOn()
    assert.equal(requestsTo('/balance'), 0, 'nothing is fetched before someone watches')
    const stop = $balances.listen(() => {})
    await until(() => $balances.get().balances.length === 2, 'the balances')
    stop()
    const request = api.requests.find((r) => r.url.pathname.endsWith('/balance'))
    assert.equal(request?.url.pathname, `/v1/account/${ALICE}/balance`)
    assert.equal(request?.url.searchParams.get('chainId'), 'eip155:1')
    assert.equal(request?.url.searchParams.get('projectId'), PROJECT)
    assert.deepEqual($balances.get().balances, [eth('1.5'), usdc])
    assert.equal($balances.get().error, false)
    assert.equal($balances.get().loading, false)
  })

  test("asks for the host's token of the network (`tokens` option), none elsewhere", async () => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    await connectOn([mainnet, sepolia], 1, [ALICE], { tokens: { 'eip155:1': { address: token } } })
    const stop = $balances.listen(() => {})
    await until(() => requestsTo('/balance') === 1, 'the request')
    const first = api.requests.find((r) => r.url.pathname.endsWith('/balance'))
    assert.equal(first?.url.searchParams.get('tokens'), token)
    await modal.switchNetwork(sepolia)
    await until(() => requestsTo('/balance') === 2, 'the request on Sepolia')
    stop()
    const second = api.requests.filter((r) => r.url.pathname.endsWith('/balance'))[1]
    assert.equal(second?.url.searchParams.get('chainId'), 'eip155:11155111')
    assert.equal(second?.url.searchParams.has('tokens'), false)
  })

  test("a testnet's balances are worth 0.00 whatever the server prices them at (spec §9)", async () => {
    api.balances.set(`eip155:11155111:${ALICE}`, [
      { ...eth('1.5'), chainId: 'eip155:11155111' },
      { ...usdc, chainId: 'eip155:11155111' },
    ])
    await connectOn()
    await modal.switchNetwork(sepolia)
    const stop = $balances.listen(() => {})
    await until(() => $balances.get().balances.length === 2, 'the balances')
    stop()
    assert.deepEqual(
      $balances.get().balances.map((b) => [b.symbol, b.quantity.numeric, b.value, b.price]),
      [
        ['ETH', '1.5', 0, 0],
        ['USDC', usdc.quantity.numeric, 0, 0],
      ],
    )
  })

  test('reuses an answer for 30 s, then asks the server again', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 })
    api.balances.set(`eip155:1:${ALICE}`, [eth('1')])
    await connectOn()
    await fetchBalances()
    assert.equal(requestsTo('/balance'), 1)
    api.balances.set(`eip155:1:${ALICE}`, [eth('2')])
    mock.timers.tick(29_999)
    await fetchBalances()
    assert.equal(requestsTo('/balance'), 1, 'cached for 30 s')
    assert.equal($balances.get().balances[0]?.quantity.numeric, '1')
    mock.timers.tick(1)
    await fetchBalances()
    assert.equal(requestsTo('/balance'), 2)
    assert.equal($balances.get().balances[0]?.quantity.numeric, '2')
  })

  test('a failed fetch shows "Token Balance Unavailable" and blocks retries for 30 s', async () => {
    mock.timers.enable({ apis: ['Date'], now: 5_000_000 })
    api.balances.set(`eip155:1:${ALICE}`, SERVER_ERROR)
    await connectOn()
    await fetchBalances()
    assert.equal(requestsTo('/balance'), 1)
    assert.equal($snack.get().open, true)
    assert.equal($snack.get().message, 'Token Balance Unavailable')
    assert.equal($snack.get().variant, 'error')
    assert.equal($snack.get().code, 'TOKEN_BALANCE_UNAVAILABLE')
    assert.equal($balances.get().error, true)
    assert.deepEqual($balances.get().balances, [])

    api.balances.set(`eip155:1:${ALICE}`, [eth('3')])
    for (const elapsed of [0, 10_000, BALANCE_RETRY_GAP_MS - 1]) {
      mock.timers.setTime(5_000_000 + elapsed)
      await fetchBalances({ force: true })
      assert.equal(requestsTo('/balance'), 1, `no retry ${elapsed} ms after the failure`)
    }
    mock.timers.setTime(5_000_000 + BALANCE_RETRY_GAP_MS)
    await fetchBalances()
    assert.equal(requestsTo('/balance'), 2, 'the retry happens after 30 s')
    assert.equal($balances.get().error, false)
    assert.equal($balances.get().balances[0]?.quantity.numeric, '3')
  })

  test('follows the account: a new address gets its own balances', async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('1')])
    api.balances.set(`eip155:1:${BOB}`, [eth('7')])
    await connectOn()
    const stop = $balances.listen(() => {})
    await until(() => $balances.get().balances[0]?.quantity.numeric === '1', 'alice')
    adapter.emit({ type: 'accountsChanged', accounts: [{ address: BOB, namespace: 'eip155' }] })
    await until(() => $balances.get().balances[0]?.quantity.numeric === '7', 'bob')
    stop()
    assert.equal($balances.get().key, `eip155:1:${BOB.toLowerCase()}`)
  })
})

describe('balances from an embedded wallet (spec §7 "capabilities then wallet_getAssets")', () => {
  const EMBEDDED = 'dev.openmodal.test'
  const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  /** The discovered assets (spec §3) the wallet answers for chain 0x1. */
  const USDC = {
    address: TOKEN,
    balance: '0xbebc20', // 12.5 with 6 decimals
    type: 'erc20',
    metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1 },
  }
  const ETH = {
    address: 'native',
    balance: '0x14d1120d7b160000', // 1.5 ETH
    type: 'native',
    metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000 },
  }
  const ASSETS = [USDC, ETH]

  /** Connects the test wallet as the embedded wallet, answering EIP-5792 and ERC-7811 with `answer`. */
  async function connectEmbedded(
    answer: (method: string, params: unknown) => unknown,
  ): Promise<string[]> {
    const asked: string[] = []
    const entry = {
      id: EMBEDDED,
      name: 'Email',
      namespaces: ['eip155' as const],
      load: async () => {
        throw new Error('not loaded in this test')
      },
    }
    await connectOn([mainnet, sepolia], 1, [ALICE], { embeddedWallet: entry })
    const request = adapter.request.bind(adapter)
    adapter.request = async (args) => {
      if (!args.method.startsWith('wallet_')) return request(args)
      asked.push(args.method)
      return answer(args.method, args.params)
    }
    return asked
  }

  test("assetDiscovery reported: the balances are the wallet's, the server is not asked", async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('9')])
    const params: unknown[] = []
    const asked = await connectEmbedded((method, p) => {
      params.push(p)
      if (method === 'wallet_getCapabilities') {
        return { '0x1': { atomic: { status: 'unsupported' }, assetDiscovery: { supported: true } } }
      }
      return { '0x1': ASSETS }
    })
    const stop = $balances.listen(() => {})
    await until(() => $balances.get().balances.length === 2, 'the balances')
    stop()
    assert.deepEqual(asked, ['wallet_getCapabilities', 'wallet_getAssets'])
    assert.deepEqual(params, [[ALICE, ['0x1']], [{ account: ALICE, chainFilter: ['0x1'] }]])
    assert.equal(requestsTo('/balance'), 0)
    // Native first, then tokens by value: the server's order and shape.
    assert.deepEqual($balances.get().balances, [
      eth('1.5'),
      { ...usdc, address: `eip155:1:${TOKEN}`, iconUrl: null },
    ])
    assert.equal($balances.get().error, false)
  })

  test('no assetDiscovery on the chain: the server answers', async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('9')])
    const asked = await connectEmbedded(() => ({ '0x1': { atomic: { status: 'supported' } } }))
    const stop = $balances.listen(() => {})
    await until(() => $balances.get().balances.length === 1, 'the balances')
    stop()
    assert.deepEqual(asked, ['wallet_getCapabilities'])
    assert.deepEqual($balances.get().balances, [eth('9')])
  })

  for (const [what, assets] of [
    ['a balance that is no hex quantity', [{ ...ETH, balance: '1.5' }]],
    ['an unknown asset type', [{ ...USDC, type: 'erc721' }]],
    ['a token address that is no address', [{ ...USDC, address: 'usdc' }]],
    ['no metadata', [{ ...USDC, metadata: undefined }]],
    ['fractional decimals', [{ ...USDC, metadata: { symbol: 'X', decimals: 1.5 } }]],
    ['no list for the chain', undefined],
  ] as const) {
    test(`a malformed answer (${what}) is refused whole: the server answers (spec §5)`, async () => {
      api.balances.set(`eip155:1:${ALICE}`, [eth('9')])
      await connectEmbedded((method) =>
        method === 'wallet_getCapabilities'
          ? { '0x1': { assetDiscovery: { supported: true } } }
          : { '0x1': assets },
      )
      const stop = $balances.listen(() => {})
      await until(() => $balances.get().balances.length === 1, 'the balances')
      stop()
      assert.deepEqual($balances.get().balances, [eth('9')])
      assert.equal(requestsTo('/balance'), 1)
    })
  }

  test('the wallet fails: the server answers', async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('9')])
    await connectEmbedded(() => {
      throw new Error('frame gone')
    })
    const stop = $balances.listen(() => {})
    await until(() => $balances.get().balances.length === 1, 'the balances')
    stop()
    assert.deepEqual($balances.get().balances, [eth('9')])
  })

  test('a 0-decimals token is not shown and a javascript: icon URL is dropped', async () => {
    await connectEmbedded((method) =>
      method === 'wallet_getCapabilities'
        ? { '0x1': { assetDiscovery: { supported: true } } }
        : {
            '0x1': [
              { ...ETH, metadata: { ...ETH.metadata, iconUrl: 'javascript:alert(1)' } },
              { ...USDC, metadata: { symbol: 'NFTISH', decimals: 0 } },
            ],
          },
    )
    const again = $balances.listen(() => {})
    await until(() => $balances.get().balances[0]?.quantity.numeric === '1.5', 'the balances')
    again()
    assert.deepEqual($balances.get().balances, [eth('1.5')])
  })
})

describe('one fetcher under the stores (issue 14)', () => {
  test('two fetches of one account in flight make one request', async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('4')])
    api.delays.set(`/v1/account/${ALICE}/balance`, 50)
    await connectOn()
    await Promise.all([fetchBalances(), fetchBalances({ force: true }), fetchBalances()])
    assert.equal(requestsTo('/balance'), 1)
    assert.equal($balances.get().balances[0]?.quantity.numeric, '4')
  })

  test("an older account's slow answer never overwrites the newer account's", async () => {
    api.balances.set(`eip155:1:${ALICE}`, [eth('1')])
    api.balances.set(`eip155:1:${BOB}`, [eth('7')])
    api.history.set(`eip155:1:${ALICE}`, [tx('2026-11-01T10:00:00.000Z')])
    api.delays.set(`/v1/account/${ALICE}/balance`, 150)
    api.delays.set(`/v1/account/${ALICE}/history`, 150)
    await connectOn()
    const stop = $balances.listen(() => {})
    const stopTransactions = $transactions.listen(() => {})
    const aliceHistory = fetchTransactions(ALICE)
    await until(() => requestsTo('/balance') === 1 && requestsTo('/history') === 1, 'alice asked')
    adapter.emit({ type: 'accountsChanged', accounts: [{ address: BOB, namespace: 'eip155' }] })
    await fetchTransactions(BOB)
    await until(() => $balances.get().balances[0]?.quantity.numeric === '7', 'bob')
    await aliceHistory
    await new Promise((resolve) => setTimeout(resolve, 200))
    stop()
    stopTransactions()
    assert.equal(requestsTo('/balance'), 2, "alice's answer arrived after bob's")
    assert.equal($balances.get().key, `eip155:1:${BOB.toLowerCase()}`)
    assert.equal($balances.get().balances[0]?.quantity.numeric, '7')
    assert.equal($transactions.get().key, `eip155:1:${BOB.toLowerCase()}`)
    assert.deepEqual($transactions.get().transactions, [], "alice's activity is not bob's")
    assert.equal($transactions.get().empty, true)
  })
})

describe('transactions store (spec §3 "Transactions store", §4, §5)', () => {
  test('throws "Transactions can\'t be fetched without an accountAddress"', async () => {
    await assert.rejects(fetchTransactions(undefined), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.shortMessage, "Transactions can't be fetched without an accountAddress")
      return true
    })
    assert.equal(api.requests.length, 0)
  })

  test('appends pages by cursor, newest first, and stops after the last page', async () => {
    const all: Transaction[] = []
    for (let i = 0; i < 45; i++) {
      all.push(tx(new Date(Date.UTC(2026, 10, 20, 12) - i * 3_600_000).toISOString()))
    }
    api.history.set(`eip155:1:${ALICE}`, all)
    await connectOn()
    await fetchTransactions(ALICE)
    assert.equal($transactions.get().transactions.length, 20)
    assert.ok($transactions.get().next, 'a cursor for the next page')
    await fetchTransactions(ALICE)
    await fetchTransactions(ALICE)
    const state = $transactions.get()
    assert.deepEqual(
      state.transactions.map((t) => t.id),
      all.map((t) => t.id),
    )
    assert.equal(state.next, undefined)
    assert.equal(state.done, true)
    assert.equal(state.empty, false)
    const cursors = api.requests
      .filter((r) => r.url.pathname === `/v1/account/${ALICE}/history`)
      .map((r) => r.url.searchParams.get('cursor'))
    assert.equal(cursors.length, 3)
    assert.equal(cursors[0], null)
    assert.ok(cursors[1] && cursors[2] && cursors[1] !== cursors[2])
    await fetchTransactions(ALICE)
    assert.equal(requestsTo('/history'), 3, 'no request after the last page')
  })

  test('keeps only the connected chain and hides spam-only transactions', async () => {
    const good = tx('2026-11-10T10:00:00.000Z')
    const spam = tx('2026-11-09T10:00:00.000Z', { spam: true })
    const otherChain = tx('2026-11-08T10:00:00.000Z', { chain: 'eip155:10' })
    const mixed = tx('2026-11-07T10:00:00.000Z')
    mixed.transfers.push(...(tx('2026-11-07T10:00:00.000Z', { spam: true }).transfers ?? []))
    api.history.set(`eip155:1:${ALICE}`, [good, spam, otherChain, mixed])
    await connectOn()
    await fetchTransactions(ALICE)
    assert.deepEqual(
      $transactions.get().transactions.map((t) => t.id),
      [good.id, mixed.id],
    )
  })

  test('an empty history is empty, without a toast', async () => {
    await connectOn()
    await fetchTransactions(ALICE)
    assert.equal($transactions.get().empty, true)
    assert.equal($transactions.get().error, false)
    assert.equal($snack.get().open, false)
  })

  test('a failed fetch sets empty, clears the cursor and shows "Failed to fetch transactions"', async () => {
    api.history.set(
      `eip155:1:${ALICE}`,
      Array.from({ length: 30 }, (_, i) => tx(new Date(Date.UTC(2026, 9, 30 - i)).toISOString())),
    )
    await connectOn()
    await fetchTransactions(ALICE)
    assert.ok($transactions.get().next)
    api.historyFailure = SERVER_ERROR
    await fetchTransactions(ALICE)
    const state = $transactions.get()
    assert.equal(state.empty, true)
    assert.equal(state.next, undefined)
    assert.equal(state.error, true)
    assert.equal(state.loading, false)
    assert.equal($snack.get().message, 'Failed to fetch transactions')
    assert.equal($snack.get().variant, 'error')
  })

  test('a new account starts a new list', async () => {
    api.history.set(`eip155:1:${ALICE}`, [tx('2026-11-01T10:00:00.000Z')])
    await connectOn()
    const stop = $transactions.listen(() => {})
    await fetchTransactions(ALICE)
    assert.equal($transactions.get().transactions.length, 1)
    adapter.emit({ type: 'accountsChanged', accounts: [{ address: BOB, namespace: 'eip155' }] })
    await settle()
    assert.equal($transactions.get().transactions.length, 0)
    await fetchTransactions(BOB)
    stop()
    assert.equal($transactions.get().empty, true)
    assert.equal($transactions.get().key, `eip155:1:${BOB.toLowerCase()}`)
  })

  test('refreshTransactions puts new transactions on top and keeps the cursor', async () => {
    const older = Array.from({ length: 25 }, (_, i) =>
      tx(new Date(Date.UTC(2026, 9, 28, 12) - i * 60_000).toISOString()),
    )
    api.history.set(`eip155:1:${ALICE}`, older)
    await connectOn()
    await refreshTransactions(ALICE)
    assert.equal(requestsTo('/history'), 0, 'nothing before the first page')
    await fetchTransactions(ALICE)
    const cursor = $transactions.get().next
    assert.ok(cursor)
    await refreshTransactions(ALICE)
    assert.equal($transactions.get().transactions.length, 20, 'nothing new, nothing added')
    const newest = tx('2026-10-29T12:00:00.000Z')
    api.history.set(`eip155:1:${ALICE}`, [newest, ...older])
    await refreshTransactions(ALICE)
    const state = $transactions.get()
    assert.equal(state.transactions[0]?.id, newest.id)
    assert.equal(state.transactions.length, 21)
    assert.equal(state.next, cursor, 'paging goes on where it was')
    await fetchTransactions(ALICE)
    // The server's next page starts one entry later now; ids already shown are not repeated.
    assert.equal(new Set($transactions.get().transactions.map((t) => t.id)).size, 26)
    assert.equal($transactions.get().transactions.length, 26)
  })

  test('new transactions found by refreshTransactions expire the cached balances (they moved)', async () => {
    mock.timers.enable({ apis: ['Date'], now: 2_000_000 })
    api.balances.set(`eip155:1:${ALICE}`, [eth('10')])
    api.history.set(`eip155:1:${ALICE}`, [tx('2026-10-28T12:00:00.000Z')])
    await connectOn()
    await fetchBalances()
    await fetchTransactions(ALICE)
    api.balances.set(`eip155:1:${ALICE}`, [eth('8.5')])
    await refreshTransactions(ALICE)
    await fetchBalances()
    assert.equal(requestsTo('/balance'), 1, 'nothing new: the cached balances stay')
    assert.equal($balances.get().balances[0]?.quantity.numeric, '10')

    api.history.set(`eip155:1:${ALICE}`, [
      tx('2026-10-29T12:00:00.000Z'),
      tx('2026-10-28T12:00:00.000Z'),
    ])
    const stop = $balances.listen(() => {})
    await refreshTransactions(ALICE)
    // Shown right now: fetched again at once, well within the 30 s cache.
    await until(() => $balances.get().balances[0]?.quantity.numeric === '8.5', 'new balances')
    stop()
    assert.equal(requestsTo('/balance'), 2)
  })

  test('groups by year then month index, newest first', () => {
    // Mid-month noon UTC: the same month in every time zone.
    const a = tx('2026-11-15T12:00:00.000Z')
    const b = tx('2026-11-20T12:00:00.000Z')
    const c = tx('2026-02-14T12:00:00.000Z')
    const d = tx('2025-12-16T12:00:00.000Z')
    const e = tx('2025-01-15T12:00:00.000Z')
    const broken = tx('not a date')
    const grouped = groupTransactionsByYear([a, c, b, e, d, broken])
    assert.deepEqual(Object.keys(grouped), ['2025', '2026'])
    assert.deepEqual(
      grouped[2026]?.[10]?.map((t) => t.id),
      [b.id, a.id],
    )
    assert.deepEqual(
      grouped[2026]?.[1]?.map((t) => t.id),
      [c.id],
    )
    assert.deepEqual(
      grouped[2025]?.[11]?.map((t) => t.id),
      [d.id],
    )
    assert.deepEqual(
      grouped[2025]?.[0]?.map((t) => t.id),
      [e.id],
    )
    assert.deepEqual(
      transactionMonthGroups(grouped).map((g) => [g.year, g.month, g.transactions.length]),
      [
        [2026, 10, 2],
        [2026, 1, 1],
        [2025, 11, 1],
        [2025, 0, 1],
      ],
    )
  })

  test("on-ramp purchases take their credit's place and wait for the pages to reach them", () => {
    const newest = tx('2026-11-20T12:00:00.000Z')
    const credit = tx('2026-11-10T12:00:00.000Z', { operationType: 'receive' })
    const oldest = tx('2026-10-01T12:00:00.000Z')
    const paid = {
      ...tx('2026-11-10T11:59:00.000Z', { operationType: 'buy', status: 'confirmed' }),
      id: 'onr_1',
    }
    paid.metadata.hash = credit.id.toUpperCase()
    const waiting = { ...tx('2026-11-21T09:00:00.000Z', { operationType: 'buy' }), id: 'onr_2' }
    waiting.metadata = { ...waiting.metadata, status: 'pending', hash: '' }
    const old = { ...tx('2026-09-01T09:00:00.000Z', { operationType: 'buy' }), id: 'onr_3' }
    old.metadata.hash = ''
    const coinbaseTransactions = [waiting, paid, old]
    const ids = (list: Transaction[]) => list.map((t) => t.id)
    const page = { transactions: [newest, credit, oldest], coinbaseTransactions, error: false }
    // More pages to come: the purchase older than the oldest row waits.
    assert.deepEqual(ids(activityTransactions({ ...page, done: false })), [
      'onr_2',
      'onr_1',
      newest.id,
      oldest.id,
    ])
    assert.deepEqual(ids(activityTransactions({ ...page, done: true })), [
      'onr_2',
      'onr_1',
      'onr_3',
      newest.id,
      oldest.id,
    ])
    // Before the first page: no purchase yet; after a failed page: all of them.
    const none = { transactions: [], coinbaseTransactions, done: false }
    assert.deepEqual(ids(activityTransactions({ ...none, error: false })), [])
    assert.deepEqual(ids(activityTransactions({ ...none, error: true })), [
      'onr_2',
      'onr_1',
      'onr_3',
    ])
  })

  test('$transactionsByYear follows the fetched list', async () => {
    api.history.set(`eip155:1:${ALICE}`, [
      tx('2026-03-15T12:00:00.000Z'),
      tx('2025-07-15T12:00:00.000Z'),
    ])
    await connectOn()
    await fetchTransactions(ALICE)
    const byYear = $transactionsByYear.get()
    assert.equal(byYear[2026]?.[2]?.length, 1)
    assert.equal(byYear[2025]?.[6]?.length, 1)
  })
})

describe('NFTs store', () => {
  const nft = (name: string, isSpam = false): Nft => ({
    chainId: 'eip155:1',
    contract: '0x4444444444444444444444444444444444444444',
    tokenId: String(++serial),
    standard: 'ERC721',
    amount: '1',
    name,
    collection: 'Kitties',
    imageUrl: 'https://example.org/kitty.png',
    isSpam,
  })

  test('lists the NFTs of the active account without spam', async () => {
    const kitty = nft('Kitty')
    api.nfts.set(`eip155:1:${ALICE}`, [kitty, nft('Claim now', true)])
    await connectOn()
    const stop = $nfts.listen(() => {})
    await until(() => !$nfts.get().loading && $nfts.get().key, 'the NFTs')
    stop()
    assert.deepEqual($nfts.get().nfts, [kitty])
    const request = api.requests.find((r) => r.url.pathname.endsWith('/nfts'))
    assert.equal(request?.url.pathname, `/v1/account/${ALICE}/nfts`)
    assert.equal(request?.url.searchParams.get('chainId'), 'eip155:1')
  })

  test('a failed fetch sets error, and a retry can succeed', async () => {
    api.nftsFailure = SERVER_ERROR
    await connectOn()
    await fetchNfts()
    assert.equal($nfts.get().error, true)
    api.nftsFailure = undefined
    api.nfts.set(`eip155:1:${ALICE}`, [nft('Kitty')])
    await fetchNfts()
    assert.equal($nfts.get().error, false)
    assert.equal($nfts.get().nfts.length, 1)
  })
})

describe('registerAccountName (RegisterAccountName view)', () => {
  // As the view calls it: the active account on the active network.
  const register = (name: string) =>
    registerAccountName({
      name,
      address: $activeAccount.get().address ?? '',
      chainId: $activeNetwork.get()?.caipNetworkId ?? '',
    })

  test('signs the registration message and registers the name', async () => {
    await connectOn()
    const before = Date.now()
    const result = await register('alice-01')
    assert.deepEqual(result, { name: 'alice-01', address: ALICE })
    const post = api.requests.find((r) => r.method === 'POST')
    const body = post?.body as Record<string, string>
    assert.equal(post?.url.pathname, '/v1/names')
    const timestamp = Number(/ at (\d+)$/.exec(body.message ?? '')?.[1])
    assert.ok(timestamp >= before && timestamp <= Date.now())
    assert.equal(body.message, registerNameMessage('alice-01', ALICE, timestamp))
    assert.equal(body.message, `Register alice-01 for ${ALICE} at ${timestamp}`)
    assert.equal(body.signature, `signed:${ALICE}:${body.message}`)
    assert.equal(api.names.get('alice-01'), ALICE)
    assert.equal($accountNames.get()[ALICE], 'alice-01')
    // Mainnet is not a test network: the name becomes the profile name.
    assert.equal($accounts.get().eip155?.profileName, 'alice-01')
  })

  test('on a test network the name is registered but not shown as the identity', async () => {
    await connectOn([sepolia], 11155111)
    await register('alice-02')
    assert.equal(api.names.get('alice-02'), ALICE)
    assert.equal($accounts.get().eip155?.profileName, undefined)
  })

  test('rejects short names and illegal characters before asking the wallet', async () => {
    await connectOn()
    let signed = 0
    const sign = adapter.signMessage.bind(adapter)
    adapter.signMessage = async (params) => {
      signed++
      return sign(params)
    }
    for (const name of ['abc', 'al.ce', 'ali ce', 'bób-1', '']) {
      await assert.rejects(register(name), (error: unknown) => {
        assert.ok(error instanceof BaseError)
        assert.equal(error.code, 'INVALID_NAME')
        return true
      })
    }
    assert.equal(api.requests.length, 0)
    assert.equal(signed, 0, 'the wallet is never asked')
  })

  test('a taken name is NAME_TAKEN (409), a wrong signer INVALID_SIGNATURE (401)', async () => {
    api.names.set('taken', BOB)
    await connectOn()
    await assert.rejects(register('taken'), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.code, 'NAME_TAKEN')
      assert.equal(error.shortMessage, 'This name is already taken')
      return true
    })
    adapter.signMessage = async ({ message }) => `signed:${BOB}:${message}`
    await assert.rejects(register('mine'), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.code, 'INVALID_SIGNATURE')
      return true
    })
    assert.equal(api.names.has('mine'), false)
  })

  test('a message the server refuses (stale timestamp) is NAME_REJECTED with its words', async () => {
    await connectOn()
    api.clockSkewMs = 11 * 60 * 1000
    await assert.rejects(register('alice-04'), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.code, 'NAME_REJECTED')
      assert.equal(
        error.shortMessage,
        'Invalid message: its timestamp is more than 10 minutes from the server time',
      )
      return true
    })
    assert.equal(api.names.has('alice-04'), false)
  })

  test('lookupAccountName reverse-resolves, knows "none" from a 404, and keeps answers 5 min', async () => {
    mock.timers.enable({ apis: ['Date'], now: 9_000_000 })
    api.names.set('bobby', BOB)
    await connectOn()
    assert.equal(await lookupAccountName(BOB), 'bobby')
    assert.equal(await lookupAccountName(ALICE), null)
    assert.deepEqual($accountNames.get(), { [BOB.toLowerCase()]: 'bobby', [ALICE]: null })
    const reverse = () => api.requests.filter((r) => r.url.pathname.includes('/reverse/')).length
    assert.equal(reverse(), 2)
    await lookupAccountName(ALICE)
    assert.equal(reverse(), 2, 'cached')
    mock.timers.tick(5 * 60 * 1000)
    api.names.set('alice', ALICE)
    assert.equal(await lookupAccountName(ALICE), 'alice')
    assert.equal(reverse(), 3)
  })

  test('registers for the account it is given, and refuses a namespace without names', async () => {
    await connectOn()
    let signer: string | undefined
    const sign = adapter.signMessage.bind(adapter)
    adapter.signMessage = async (params) => {
      signer = params.address
      return sign(params)
    }
    await assert.rejects(
      registerAccountName({ name: 'alice-05', address: ALICE, chainId: 'solana:mainnet' }),
      (error: unknown) => error instanceof BaseError && error.code === 'NO_ACTIVE_CAIP_ADDRESS',
    )
    await assert.rejects(
      registerAccountName({ name: 'alice-05', address: '', chainId: 'eip155:1' }),
      (error: unknown) => error instanceof BaseError && error.code === 'NO_ACTIVE_CAIP_ADDRESS',
    )
    assert.equal(signer, undefined, 'the wallet is never asked')
    await registerAccountName({ name: 'alice-05', address: ALICE, chainId: 'eip155:1' })
    assert.equal(signer, ALICE)
    assert.equal(api.names.get('alice-05'), ALICE)
  })

  test('a declined signature is "Signature declined" and nothing is posted', async () => {
    await connectOn()
    adapter.signMessage = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await assert.rejects(register('alice-03'), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.shortMessage, 'Signature declined')
      return true
    })
    assert.equal(api.requests.length, 0)
  })
})
