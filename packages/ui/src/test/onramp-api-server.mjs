// The on-ramp API of apps/server (issue 28 contract: src/onramp/routes.ts there), answered by
// the test server itself so the OnRamp views make real HTTP requests to `location.origin`:
// same paths, shapes, limits (card 10–7500, bank 10–25000), fees and error bodies. A purchase
// stays pending until the test posts `/__onramp/pay/:id` (what the sandbox checkout's Pay
// does on the real server, which credits anvil; the server's own tests cover that part).
// eip155:1 and Solana mainnet are served by two providers; any other chain by none. USD and EUR
// (1.08 USD, the sandbox's fixed rate) are taken; eip155:1 also sells the ERC-20 TUSD (1 USD).
// `POST /__onramp/price?usd=` changes ETH's price (3000), `GET /__onramp/quotes` counts quotes.

const SERVED = new Set(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
const PROVIDERS = [
  { id: 'sandbox', name: 'Sandbox checkout', feePercent: 1 },
  { id: 'meld', name: 'Meld', feePercent: 1.5 },
]
const LIMITS = [
  { method: 'card', min: 10, max: 7500 },
  { method: 'bank', min: 10, max: 25000 },
]
const RATES = { USD: 1, EUR: 1.08 }
const TUSD = {
  symbol: 'TUSD',
  name: 'Test USD',
  decimals: 6,
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
}
const prices = { ETH: 3000, SOL: 150, TUSD: 1 }
let quoteCount = 0
const purchases = new Map()
let purchaseCount = 0

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

function readBody(req) {
  return new Promise((resolve) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => resolve(text))
  })
}

function limitError(method, amount, currency = 'USD') {
  const limit = LIMITS.find((l) => l.method === method)
  const value = Number(amount)
  if (!(currency in RATES)) return 'Invalid query: currency: Expected USD, EUR'
  if (!limit || !/^\d{1,9}(\.\d{1,2})?$/.test(amount ?? '')) return 'Invalid amount'
  if (value < limit.min || value > limit.max) {
    return `${method === 'card' ? 'Card payments' : 'Bank transfers'} are ${limit.min} to ${limit.max} ${currency}`
  }
  return undefined
}

function quote(provider, { method, amount, currency = 'USD', asset = 'ETH' }) {
  const fee = Math.round(Number(amount) * provider.feePercent) / 100
  const usd = (Number(amount) - fee) * RATES[currency]
  return {
    provider: provider.id,
    providerName: provider.name,
    amount: Number(amount).toFixed(2),
    fee: fee.toFixed(2),
    feePercent: provider.feePercent,
    cryptoAmount: String(Math.floor((usd / prices[asset]) * 1e6) / 1e6),
    asset,
    currency,
    method,
  }
}

export async function onrampApiMiddleware(context, next) {
  const url = new URL(context.url, `http://${context.host}`)
  const q = Object.fromEntries(url.searchParams)
  const { req, res } = context
  const paid = /^\/__onramp\/pay\/(\w+)$/.exec(url.pathname)
  if (paid && req.method === 'POST') {
    context.respond = false
    const purchase = purchases.get(paid[1])
    if (!purchase) return send(res, 404, { code: 'NOT_FOUND', message: 'No such purchase' })
    purchase.status = q.fail ? 'failed' : 'completed'
    purchase.txHash = q.fail ? null : `0x${'ab'.repeat(32)}`
    purchase.completedAt = new Date().toISOString()
    return send(res, 200, purchase)
  }
  if (url.pathname === '/__onramp/price' && req.method === 'POST') {
    context.respond = false
    prices.ETH = Number(q.usd)
    return send(res, 200, { ETH: prices.ETH })
  }
  if (url.pathname === '/__onramp/quotes') {
    context.respond = false
    return send(res, 200, { count: quoteCount })
  }
  if (url.pathname.startsWith('/__onramp/checkout/')) {
    context.type = 'text/html'
    context.body = '<!doctype html><title>Sandbox checkout</title><p>Sandbox checkout</p>'
    return
  }
  if (!url.pathname.startsWith('/v1/onramp/')) return next()
  context.respond = false
  if (url.pathname === '/v1/onramp/options') {
    const served = SERVED.has(q.chainId)
    const native = q.chainId?.startsWith('solana:')
      ? { symbol: 'SOL', name: 'Solana', decimals: 9 }
      : { symbol: 'ETH', name: 'Ether', decimals: 18 }
    return send(res, 200, {
      chainId: q.chainId,
      paymentCurrencies: served ? Object.keys(RATES).map((id) => ({ id, limits: LIMITS })) : [],
      purchaseCurrencies: served
        ? [
            { ...native, networks: [q.chainId] },
            ...(q.chainId === 'eip155:1' ? [{ ...TUSD, networks: [q.chainId] }] : []),
          ]
        : [],
      providers: served ? PROVIDERS : [],
    })
  }
  if (url.pathname === '/v1/onramp/quote') {
    if (!SERVED.has(q.chainId)) {
      return send(res, 404, {
        code: 'CHAIN_NOT_CONFIGURED',
        message: 'Buying crypto is not available on this network',
      })
    }
    quoteCount++
    const error = limitError(q.method, q.amount, q.currency)
    if (error) return send(res, 400, { code: 'BAD_REQUEST', message: error })
    if (!(q.asset in prices)) return send(res, 400, { code: 'BAD_REQUEST', message: 'asset' })
    return send(res, 200, { quotes: PROVIDERS.map((p) => quote(p, q)) })
  }
  if (url.pathname === '/v1/onramp/sessions' && req.method === 'POST') {
    const body = JSON.parse(await readBody(req))
    const error = limitError(body.method, body.amount, body.currency)
    if (error) return send(res, 400, { code: 'BAD_REQUEST', message: error })
    const provider = PROVIDERS.find((p) => p.id === body.provider)
    const id = `onr_${String(++purchaseCount).padStart(32, '0')}`
    const purchase = {
      id,
      provider: body.provider,
      status: 'pending',
      chainId: body.chainId,
      address: body.address,
      asset: body.asset,
      currency: body.currency,
      method: body.method,
      amount: Number(body.amount).toFixed(2),
      cryptoAmount: quote(provider, body).cryptoAmount,
      txHash: null,
      createdAt: new Date().toISOString(),
      completedAt: null,
    }
    purchases.set(id, purchase)
    return send(res, 201, { purchase, url: `http://${context.host}/__onramp/checkout/${id}` })
  }
  const status = /^\/v1\/onramp\/sessions\/(\w+)$/.exec(url.pathname)
  if (status) {
    const purchase = purchases.get(status[1])
    return purchase
      ? send(res, 200, purchase)
      : send(res, 404, { code: 'NOT_FOUND', message: 'No such purchase' })
  }
  return send(res, 404, {
    code: 'NOT_FOUND',
    message: `No route for ${req.method} ${url.pathname}`,
  })
}
