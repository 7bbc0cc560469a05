// A loopback stand-in for the 1inch APIs the `1inch` swap provider calls, answering in their
// shapes (Swap API v6.0 with includeTokensInfo/includeGas, Gas Price API v1.5, Spot Price API
// v1.1, and their error object), and recording every request so tests can check parameters
// and the Authorization header. Tests replace an answer with `answer(path, status, body)`.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export const ONE_INCH_ROUTER_V6 = '0x111111125421cA6dc452d289314280a0f8842A65'
export const STAND_IN_ETH = {
  address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  logoURI: 'https://tokens.1inch.io/0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.png',
  eip2612: false,
  tags: ['native', 'PEG:ETH'],
}
export const STAND_IN_USDC = {
  address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  logoURI: 'https://tokens.1inch.io/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48.png',
  eip2612: true,
  domainVersion: '2',
  tags: ['PEG:USD', 'tokens'],
}
const SWAP_DATA = `0x07ed2379${'00'.repeat(64)}`
const APPROVE_DATA = `0x095ea7b3000000000000000000000000${ONE_INCH_ROUTER_V6.slice(2).toLowerCase()}${'f'.repeat(64)}`

export interface RecordedRequest {
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
}

export interface OneInchStandIn {
  url: string
  requests: RecordedRequest[]
  /** Answers `path` (without the chain, e.g. `/swap/v6.0/quote`) with `status` and `body`. */
  answer(path: string, status: number, body: unknown): void
  close(): Promise<void>
}

/** The answer for a path with the chain number taken out: `/swap/v6.0/1/quote` → `/swap/v6.0/quote`. */
function defaultAnswer(path: string, query: Record<string, string>): unknown {
  switch (path) {
    case '/swap/v6.0/tokens':
      return {
        tokens: { [STAND_IN_ETH.address]: STAND_IN_ETH, [STAND_IN_USDC.address]: STAND_IN_USDC },
      }
    case '/swap/v6.0/quote':
      return {
        srcToken: STAND_IN_ETH,
        dstToken: STAND_IN_USDC,
        dstAmount: '3012345678',
        gas: 182243,
      }
    case '/swap/v6.0/swap':
      return {
        srcToken: STAND_IN_ETH,
        dstToken: STAND_IN_USDC,
        dstAmount: '3012345678',
        tx: {
          from: query.from,
          to: ONE_INCH_ROUTER_V6.toLowerCase(),
          data: SWAP_DATA,
          value: query.amount,
          gas: 182243,
          gasPrice: '18234567890',
        },
      }
    case '/swap/v6.0/approve/spender':
      return { address: ONE_INCH_ROUTER_V6.toLowerCase() }
    case '/swap/v6.0/approve/allowance':
      return { allowance: '1000000' }
    case '/swap/v6.0/approve/transaction':
      return { data: APPROVE_DATA, gasPrice: '18234567890', to: query.tokenAddress, value: '0' }
    case '/gas-price/v1.5':
      return {
        baseFee: '15000000000',
        low: { maxPriorityFeePerGas: '1000000', maxFeePerGas: '15001000000' },
        medium: { maxPriorityFeePerGas: '50000000', maxFeePerGas: '16050000000' },
        high: { maxPriorityFeePerGas: '1000000000', maxFeePerGas: '18000000000' },
        instant: { maxPriorityFeePerGas: '2000000000', maxFeePerGas: '32000000000' },
      }
    default:
      if (path.startsWith('/price/v1.1/')) {
        const known: Record<string, string> = {
          [STAND_IN_ETH.address]: '3012.42',
          [STAND_IN_USDC.address]: '0.9998',
        }
        return Object.fromEntries(
          path
            .slice('/price/v1.1/'.length)
            .split(',')
            .flatMap((address) => (known[address] ? [[address, known[address]]] : [])),
        )
      }
      return undefined
  }
}

/**
 * @example
 * const oneInch = await startOneInchStandIn('test-key')
 * startTestServer(db, { swap: { oneInch: { apiKey: 'test-key', baseUrl: oneInch.url } } })
 */
export async function startOneInchStandIn(apiKey: string): Promise<OneInchStandIn> {
  const requests: RecordedRequest[] = []
  const overrides = new Map<string, { status: number; body: unknown }>()
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    // The chain number is the third segment of every path (/swap/v6.0/1/…, /gas-price/v1.5/1).
    const parts = url.pathname.split('/')
    const path = [...parts.slice(0, 3), ...parts.slice(4)].join('/')
    const query = Object.fromEntries(url.searchParams)
    requests.push({ path: url.pathname, query, headers: request.headers })
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      send(401, { statusCode: 401, error: 'Unauthorized', description: 'Invalid API key' })
      return
    }
    const override = overrides.get(path)
    if (override) return send(override.status, override.body)
    const body = defaultAnswer(path, query)
    if (body === undefined) {
      send(404, { statusCode: 404, error: 'Not Found', description: `Cannot GET ${url.pathname}` })
      return
    }
    send(200, body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (path, status, body) => overrides.set(path, { status, body }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
