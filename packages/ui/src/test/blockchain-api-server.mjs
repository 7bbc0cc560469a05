// The blockchain API of apps/server (issue 8 contract), answered by the test server itself so
// browser tests make real HTTP requests to `location.origin`: same paths, query parameters,
// shapes and error bodies as the real server. What an address gets is fixed per address:
//   0x1111…1111  tokens (one with HTML in its symbol, one with a javascript: icon), NFTs (with
//                unsafe image URLs and HTML in a name), 45 transactions over two months
//   any other    nothing (empty states)
//   0x3333…3333  500 SERVER_ERROR on every read (error states)
//   0x4444…4444  history answered after 1.5 s (loading state), then empty
//   0x5555…5555  history that grows: each request has one more transaction on top
// Names: `taken` belongs to another address (0x9999…, also `GET /v1/names/reverse/…` and
// `GET /v1/names/taken`, as the Send view's receiver lookup asks); the signature must be the core test adapter's
// `signed:${address}:${message}` (the real server verifies an EIP-191 signature instead).

const ALICE = '0x1111111111111111111111111111111111111111'
const FAILING = '0x3333333333333333333333333333333333333333'
const SLOW = '0x4444444444444444444444444444444444444444'
const GROWING = '0x5555555555555555555555555555555555555555'
let grown = 0
const OTHER = '0x9999999999999999999999999999999999999999'
const CHAINS = new Set(['eip155:1', 'eip155:10', 'eip155:137'])
// Balances on Solana (spec §9): SOL and SPL tokens for SOL_ALICE, SOL 0 for any other address.
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOL_ALICE = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const SOL_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const TSUSD_MINT = 'TSUSDxAbc7VvB9NzRVzRjvC4gGm6ZgCgwVcVxuYpump'
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const NAME = /^[a-zA-Z0-9-]{4,}$/
const PAGE = 20

export const HOSTILE = '<img src=x onerror="window.__pwned=1">'
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** Served at /fixture/… so images load from loopback only. */
const FILES = {
  '/fixture/nft.png': { type: 'image/png', body: Buffer.from(PIXEL, 'base64') },
  '/fixture/usdc.png': { type: 'image/png', body: Buffer.from(PIXEL, 'base64') },
}

function balances(origin) {
  return [
    {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      value: 3703.7,
      price: 3000,
      quantity: { decimals: '18', numeric: '1.234567891' },
      iconUrl: null,
    },
    {
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      value: 12.999,
      price: 1,
      quantity: { decimals: '6', numeric: '12.999' },
      iconUrl: `${origin}/fixture/usdc.png`,
    },
    {
      name: `Evil ${HOSTILE}`,
      symbol: HOSTILE,
      chainId: 'eip155:1',
      address: 'eip155:1:0x5555555555555555555555555555555555555555',
      value: null,
      price: null,
      quantity: { decimals: '8', numeric: '0.0009' },
      iconUrl: 'javascript:alert(1)',
    },
  ]
}

function solanaBalances(address) {
  const sol = {
    name: 'Solana',
    symbol: 'SOL',
    chainId: SOLANA,
    value: null,
    price: null,
    quantity: { decimals: '9', numeric: address === SOL_ALICE ? '2.5' : '0' },
    iconUrl: null,
  }
  if (address !== SOL_ALICE) return [sol]
  return [
    sol,
    {
      name: 'Test Solana USD',
      symbol: 'TSUSD',
      chainId: SOLANA,
      address: `${SOLANA}:${TSUSD_MINT}`,
      value: 12.5,
      price: 1,
      quantity: { decimals: '6', numeric: '12.5' },
      iconUrl: null,
    },
    {
      name: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      symbol: '',
      chainId: SOLANA,
      address: `${SOLANA}:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin`,
      value: null,
      price: null,
      quantity: { decimals: '9', numeric: '0.000000001' },
      iconUrl: null,
    },
  ]
}

function nfts(origin) {
  const nft = (tokenId, name, imageUrl) => ({
    chainId: 'eip155:1',
    contract: '0x6666666666666666666666666666666666666666',
    tokenId,
    standard: 'ERC721',
    amount: '1',
    name,
    collection: 'Kitties',
    imageUrl,
    isSpam: false,
  })
  return [
    nft('1', 'Kitty #1', `${origin}/fixture/nft.png`),
    nft('2', `Kitty ${HOSTILE}`, 'javascript:alert(1)'),
    nft('3', 'Kitty #3', 'data:text/html,<script>window.__pwned=1</script>'),
    nft('4', 'Kitty #4', `data:image/png;base64,${PIXEL}`),
    nft('5', 'Kitty #5', null),
  ]
}

/** 45 transactions, newest first: 25 this month, then 20 in June 2024. */
function history() {
  const now = Date.now()
  const list = []
  for (let i = 0; i < 45; i++) {
    const minedAt =
      i < 25
        ? new Date(now - i * 60_000).toISOString()
        : new Date(Date.UTC(2024, 5, 15, 12, 0, 45 - i)).toISOString()
    const hash = `0x${(i + 1).toString(16).padStart(64, '0')}`
    const kind = i % 4
    const metadata = {
      minedAt,
      chain: 'eip155:1',
      operationType: kind === 1 ? 'receive' : kind === 2 ? 'mint' : 'send',
      status: kind === 3 ? 'failed' : 'confirmed',
      sentFrom: kind === 1 ? OTHER : ALICE,
      sentTo: kind === 1 ? ALICE : OTHER,
      hash,
    }
    const transfers =
      kind === 1
        ? [
            {
              direction: 'in',
              fungible_info: { name: 'Evil', symbol: HOSTILE, icon: null },
              quantity: { numeric: '2.71828' },
            },
          ]
        : kind === 2
          ? [
              {
                direction: 'in',
                nft_info: {
                  name: `Kitty ${HOSTILE}`,
                  content: { preview: { url: 'javascript:alert(1)' } },
                  flags: { is_spam: false },
                  tokenId: String(i),
                  address: '0x6666666666666666666666666666666666666666',
                },
                quantity: { numeric: '1' },
              },
            ]
          : [
              {
                direction: 'out',
                fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
                quantity: { numeric: '0.123456' },
              },
            ]
    list.push({ id: hash, metadata, transfers })
  }
  return list
}

/** 0x5555…: one more received transfer each time, newest first. */
function growing() {
  grown++
  const list = []
  for (let i = grown; i >= 1; i--) {
    const hash = `0x${(1000 + i).toString(16).padStart(64, '0')}`
    list.push({
      id: hash,
      metadata: {
        minedAt: new Date(Date.now() - (grown - i) * 1000).toISOString(),
        chain: 'eip155:1',
        operationType: 'receive',
        status: 'confirmed',
        sentFrom: OTHER,
        sentTo: GROWING,
        hash,
      },
      transfers: [
        {
          direction: 'in',
          fungible_info: { name: 'Ether', symbol: 'ETH', icon: null },
          quantity: { numeric: String(i) },
        },
      ],
    })
  }
  return list
}

const names = new Map([['taken', OTHER]])

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

// The swap API (issue 28) on eip155:1 only, with the server's shapes: ETH and USDC at 3,000
// USDC per ETH (prices: ETH $3,000, USDC $1), 0.3 % price impact, 120,000 gas at 1 gwei;
// above 1,000 ETH (or its USDC) no pool fills the amount. Any other chain answers as a chain without a provider.
const SWAP_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const SWAP_TOKENS = [
  { address: SWAP_NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: null },
  {
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    logoUri: null,
  },
]

function swap(res, url) {
  const chainId = url.searchParams.get('chainId')
  const route = url.pathname.slice('/v1/swap/'.length)
  if (route === 'chains')
    return send(res, 200, { chains: [{ chainId: 'eip155:1', provider: 'uniswap-v2' }] })
  if (chainId !== 'eip155:1') {
    return send(res, 404, {
      code: 'SWAP_NOT_SUPPORTED',
      message: 'Network not supported for Swaps',
    })
  }
  if (route === 'tokens') return send(res, 200, { tokens: SWAP_TOKENS })
  if (route === 'prices') {
    // USD per unit, as the server answers: ETH at 3,000, USDC at 1, an unknown address null.
    const usd = { [SWAP_NATIVE.toLowerCase()]: 3000, [SWAP_TOKENS[1].address.toLowerCase()]: 1 }
    const addresses = (url.searchParams.get('addresses') ?? '').split(',').filter(Boolean)
    return send(res, 200, {
      prices: Object.fromEntries(addresses.map((a) => [a, usd[a.toLowerCase()] ?? null])),
    })
  }
  if (route === 'gas-price') {
    return send(res, 200, { standard: '1000000000', fast: '1500000000', instant: '2000000000' })
  }
  if (route === 'quote') {
    const find = (address) =>
      SWAP_TOKENS.find((token) => token.address.toLowerCase() === String(address).toLowerCase())
    const from = find(url.searchParams.get('from'))
    const to = find(url.searchParams.get('to'))
    const amount = BigInt(url.searchParams.get('amount') ?? '0')
    if (!from || !to || from === to)
      return send(res, 400, { code: 'BAD_REQUEST', message: 'Unknown token pair' })
    const ethIn = from.symbol === 'ETH' ? amount : (amount * 10n ** 12n) / 3000n
    if (ethIn > 1000n * 10n ** 18n) {
      return send(res, 400, {
        code: 'NO_LIQUIDITY',
        message: 'Not enough liquidity for this amount',
      })
    }
    const toAmount = from.symbol === 'ETH' ? (amount * 3000n) / 10n ** 12n : ethIn
    return send(res, 200, {
      provider: 'uniswap-v2',
      from,
      to,
      amount: amount.toString(),
      toAmount: toAmount.toString(),
      priceImpact: 0.3,
      providerFee: null,
      gas: '120000',
    })
  }
  return send(res, 404, { code: 'NOT_FOUND', message: 'No such route' })
}

const SERVER_ERROR = { code: 'SERVER_ERROR', message: 'Internal server error' }

function readBody(req) {
  return new Promise((resolve) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => resolve(raw))
  })
}

async function handle(req, res, url, origin) {
  // Not this contract: the project config and the registry behave like an unreachable server.
  if (url.pathname.startsWith('/v1/projects/') || url.pathname.startsWith('/v1/wallets')) {
    req.socket.destroy()
    return
  }
  if (url.searchParams.get('projectId') !== 'test-project') {
    return send(res, 404, { code: 'PROJECT_NOT_FOUND', message: 'No project' })
  }
  if (req.method === 'GET' && url.pathname.startsWith('/v1/swap/')) return swap(res, url)
  const account = /^\/v1\/account\/([^/]+)\/(balance|history|nfts)$/.exec(url.pathname)
  if (req.method === 'GET' && account) {
    const address = decodeURIComponent(account[1])
    const chainId = url.searchParams.get('chainId') ?? ''
    if (chainId.startsWith('solana:') && account[2] === 'balance') {
      if (!SOL_ADDRESS.test(address)) {
        return send(res, 400, { code: 'BAD_REQUEST', message: 'Invalid address' })
      }
      if (chainId !== SOLANA) {
        return send(res, 404, { code: 'CHAIN_NOT_CONFIGURED', message: 'Chain not configured' })
      }
      return send(res, 200, { balances: solanaBalances(address) })
    }
    if (!ADDRESS.test(address)) {
      return send(res, 400, {
        code: 'BAD_REQUEST',
        message: 'Invalid address',
        issues: [{ path: 'address', message: 'Invalid address' }],
      })
    }
    if (!CHAINS.has(chainId)) {
      return send(res, 404, { code: 'CHAIN_NOT_CONFIGURED', message: 'Chain not configured' })
    }
    const who = address.toLowerCase()
    if (who === FAILING) return send(res, 500, SERVER_ERROR)
    const own = who === ALICE && chainId === 'eip155:1'
    if (account[2] === 'balance') return send(res, 200, { balances: own ? balances(origin) : [] })
    if (account[2] === 'nfts') return send(res, 200, { data: own ? nfts(origin) : [] })
    if (who === SLOW) await new Promise((resolve) => setTimeout(resolve, 1500))
    const all = own ? history() : who === GROWING ? growing() : []
    const cursor = url.searchParams.get('cursor')
    const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString()) : 0
    const limit = Math.min(Number(url.searchParams.get('limit') ?? PAGE), 100)
    const end = start + limit
    const next = end < all.length ? Buffer.from(String(end)).toString('base64url') : null
    return send(res, 200, { data: all.slice(start, end), next })
  }
  if (req.method === 'POST' && url.pathname === '/v1/names') {
    const body = JSON.parse((await readBody(req)) || '{}')
    const { name, address, message, signature } = body
    if (typeof name !== 'string' || !NAME.test(name)) {
      return send(res, 400, {
        code: 'BAD_REQUEST',
        message: 'Names use letters, digits and hyphens, at least 4 characters',
        issues: [{ path: 'name', message: 'Invalid name' }],
      })
    }
    const match = /^Register (\S+) for (\S+) at (\d+)$/.exec(message ?? '')
    if (!match || match[1] !== name || match[2] !== address) {
      return send(res, 400, { code: 'BAD_REQUEST', message: 'Invalid message' })
    }
    if (Math.abs(Date.now() - Number(match[3])) > 10 * 60 * 1000) {
      return send(res, 400, {
        code: 'BAD_REQUEST',
        message: 'Invalid message: its timestamp is more than 10 minutes from the server time',
      })
    }
    if (signature !== `signed:${address}:${message}`) {
      return send(res, 401, { code: 'INVALID_SIGNATURE', message: 'Invalid signature' })
    }
    const owner = names.get(name.toLowerCase())
    if (owner && owner.toLowerCase() !== String(address).toLowerCase()) {
      return send(res, 409, { code: 'NAME_TAKEN', message: 'Name taken' })
    }
    names.set(name.toLowerCase(), address)
    return send(res, 201, { name, address })
  }
  const reverse = /^\/v1\/names\/reverse\/([^/]+)$/.exec(url.pathname)
  if (req.method === 'GET' && reverse) {
    const address = decodeURIComponent(reverse[1]).toLowerCase()
    const name = [...names].find(([, owner]) => owner.toLowerCase() === address)?.[0]
    if (!name) return send(res, 404, { code: 'NAME_NOT_FOUND', message: 'No name' })
    return send(res, 200, { name, address: names.get(name) })
  }
  const forward = /^\/v1\/names\/([^/]+)$/.exec(url.pathname)
  if (req.method === 'GET' && forward) {
    const name = decodeURIComponent(forward[1]).toLowerCase()
    const address = names.get(name)
    if (!address)
      return send(res, 404, { code: 'NAME_NOT_FOUND', message: `No address has the name ${name}` })
    return send(res, 200, { name, address, source: 'registry' })
  }
  return send(res, 404, { code: 'NOT_FOUND', message: 'No such route' })
}

/** Koa middleware for @web/test-runner's dev server. */
export async function blockchainApiMiddleware(context, next) {
  const url = new URL(context.url, `http://${context.host}`)
  const file = FILES[url.pathname]
  if (file) {
    context.type = file.type
    context.body = file.body
    return
  }
  if (!url.pathname.startsWith('/v1/')) return next()
  context.respond = false
  await handle(context.req, context.res, url, `http://${context.host}`)
}
