// A loopback stand-in for the 0x Swap API v2 allowance-holder endpoints (`/price`, `/quote`),
// answering in their shapes (liquidityAvailable, buyAmount, minBuyAmount, fees, issues,
// transaction) and their error object, and recording every request (query and headers).
// `issues` follow the request's `taker` through `setIssues`; `answer` replaces a whole answer.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export const ZERO_EX_SETTLER = '0x5c9bdc801a600c006c3af8d3e7c2ac60f7d82d27'
export const ZERO_EX_SWAP_DATA = `0x1fff991f${'00'.repeat(96)}`

export interface ZeroExRequest {
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
}

export interface ZeroExIssues {
  allowance: { actual: string; spender: string } | null
  balance: { token: string; actual: string; expected: string } | null
}

export interface ZeroExStandIn {
  url: string
  requests: ZeroExRequest[]
  setIssues(issues: ZeroExIssues): void
  answer(path: string, status: number, body: unknown): void
  close(): Promise<void>
}

/** 1 sold unit buys 2 (in base units), less a 0.15 % 0x fee taken in the sold token. */
function priced(query: Record<string, string>, issues: ZeroExIssues) {
  const sell = BigInt(query.sellAmount ?? '0')
  const fee = (sell * 15n) / 10_000n
  const buy = (sell - fee) * 2n
  const slippageBps = BigInt(query.slippageBps ?? '100')
  return {
    blockNumber: '21500000',
    buyAmount: buy.toString(),
    buyToken: query.buyToken?.toLowerCase(),
    fees: {
      integratorFee: null,
      zeroExFee: { amount: fee.toString(), token: query.sellToken?.toLowerCase(), type: 'volume' },
      gasFee: null,
    },
    gas: '171000',
    gasPrice: '12000000000',
    issues: { ...issues, simulationIncomplete: false, invalidSourcesPassed: [] },
    liquidityAvailable: true,
    minBuyAmount: ((buy * (10_000n - slippageBps)) / 10_000n).toString(),
    route: { fills: [], tokens: [] },
    sellAmount: sell.toString(),
    sellToken: query.sellToken?.toLowerCase(),
    tokenMetadata: {
      buyToken: { buyTaxBps: '0', sellTaxBps: '0' },
      sellToken: { buyTaxBps: '0', sellTaxBps: '0' },
    },
    totalNetworkFee: '2052000000000000',
    zid: '0x111111111111111111111111',
  }
}

/**
 * @example
 * const zeroEx = await startZeroExStandIn('test-key')
 * startTestServer(db, { swap: { zeroEx: { apiKey: 'test-key', baseUrl: zeroEx.url } } })
 */
export async function startZeroExStandIn(apiKey: string): Promise<ZeroExStandIn> {
  const requests: ZeroExRequest[] = []
  const overrides = new Map<string, { status: number; body: unknown }>()
  let issues: ZeroExIssues = { allowance: null, balance: null }
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const query = Object.fromEntries(url.searchParams)
    requests.push({ path: url.pathname, query, headers: request.headers })
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.headers['0x-api-key'] !== apiKey) {
      return send(401, { name: 'UNAUTHORIZED', message: 'Invalid API key' })
    }
    const override = overrides.get(url.pathname)
    if (override) return send(override.status, override.body)
    // /price only reports issues when a taker is given, as 0x does.
    const takerIssues = query.taker ? issues : { allowance: null, balance: null }
    if (url.pathname === '/swap/allowance-holder/price')
      return send(200, priced(query, takerIssues))
    if (url.pathname === '/swap/allowance-holder/quote') {
      return send(200, {
        ...priced(query, takerIssues),
        transaction: {
          to: ZERO_EX_SETTLER.toLowerCase(),
          data: ZERO_EX_SWAP_DATA,
          gas: '171000',
          gasPrice: '12000000000',
          value: /^0xe{40}$/i.test(query.sellToken ?? '') ? query.sellAmount : '0',
        },
      })
    }
    send(404, { name: 'NOT_FOUND', message: `Cannot GET ${url.pathname}` })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setIssues: (next) => {
      issues = next
    },
    answer: (path, status, body) => overrides.set(path, { status, body }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
