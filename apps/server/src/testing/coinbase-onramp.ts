// A loopback stand-in for Coinbase Onramp's server API, answering its real request and
// response shapes: `POST /onramp/v1/token` (→ `{ token, channel_id }`) and
// `GET /onramp/v1/buy/user/{partnerUserRef}/transactions` (→ `{ transactions, next_page_key,
// total_count }`), both behind a CDP Bearer JWT it verifies with the key's public half
// (ES256 or EdDSA, `iss` cdp, `sub` = `kid` = the key name, a `nonce` header, `uris` naming
// the request), and `GET /onramp/v1/buy/options` (→ `{ payment_currencies, purchase_currencies }`,
// limits per payment method as strings, networks per asset). Tests mark a transaction done
// with `complete` and may replace the buy options with `buyOptions`.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'

export interface CoinbaseStandIn {
  url: string
  /** Token requests as received (body and the verified JWT claims). */
  tokenRequests: { body: Record<string, unknown>; claims: Record<string, unknown> }[]
  /** Every refusal: why the stand-in answered 401. */
  refusals: string[]
  /** Buy-options requests as received (their query). */
  optionsRequests: Record<string, string>[]
  /** The buy-options answer (Coinbase's shape); tests may replace it. */
  buyOptions: Record<string, unknown>
  /** Marks the transaction of `partnerUserRef` as done (or failed). */
  complete(
    partnerUserRef: string,
    outcome: { status: 'SUCCESS' | 'FAILED' | 'IN_PROGRESS'; txHash?: string; amount?: string },
  ): void
  close(): Promise<void>
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })

/**
 * @example
 * const coinbase = await startCoinbaseOnramp({ keyName, publicKeyPem })
 */
export async function startCoinbaseOnramp(options: {
  keyName: string
  publicKeyPem: string
  alg?: 'ES256' | 'EdDSA'
}): Promise<CoinbaseStandIn> {
  const key = await importSPKI(options.publicKeyPem, options.alg ?? 'ES256')
  const tokens = new Map<string, { address: string; blockchains: string[] }>()
  const transactions = new Map<string, Record<string, unknown>>()
  const tokenRequests: CoinbaseStandIn['tokenRequests'] = []
  const refusals: string[] = []
  let host = ''

  const verify = async (request: IncomingMessage, method: string, path: string) => {
    const auth = request.headers.authorization ?? ''
    const jwt = auth.startsWith('Bearer ') ? auth.slice(7) : ''
    try {
      const header = decodeProtectedHeader(jwt)
      if (header.kid !== options.keyName) throw new Error('kid is not the key name')
      if (typeof header.nonce !== 'string' || header.nonce.length < 16) throw new Error('no nonce')
      const { payload } = await jwtVerify(jwt, key, { issuer: 'cdp', subject: options.keyName })
      const uris = payload.uris
      if (!Array.isArray(uris) || !uris.includes(`${method} ${host}${path}`)) {
        throw new Error(`uris ${JSON.stringify(uris)} do not name ${method} ${host}${path}`)
      }
      if (typeof payload.exp !== 'number' || payload.exp - Date.now() / 1000 > 180) {
        throw new Error('exp too far')
      }
      return payload as Record<string, unknown>
    } catch (error) {
      refusals.push(String(error))
      return undefined
    }
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`)
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method === 'POST' && url.pathname === '/onramp/v1/token') {
      const claims = await verify(request, 'POST', url.pathname)
      if (!claims) return send(401, { code: 'unauthorized', message: 'Unauthorized' })
      const body = JSON.parse(await read(request)) as Record<string, unknown>
      tokenRequests.push({ body, claims })
      const addresses = body.addresses as { address: string; blockchains: string[] }[] | undefined
      if (
        !Array.isArray(addresses) ||
        addresses.length === 0 ||
        typeof body.clientIp !== 'string'
      ) {
        return send(400, {
          code: 'invalid_request',
          message: 'addresses and clientIp are required',
        })
      }
      const token = randomBytes(24).toString('base64url')
      tokens.set(token, addresses[0] as { address: string; blockchains: string[] })
      return send(200, { token, channel_id: '' })
    }
    if (request.method === 'GET' && url.pathname === '/onramp/v1/buy/options') {
      if (!(await verify(request, 'GET', url.pathname))) {
        return send(401, { code: 'unauthorized', message: 'Unauthorized' })
      }
      const query = Object.fromEntries(url.searchParams)
      standIn.optionsRequests.push(query)
      if (!query.country)
        return send(400, { code: 'invalid_request', message: 'country is required' })
      return send(200, standIn.buyOptions)
    }
    const match = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(url.pathname)
    if (request.method === 'GET' && match) {
      if (!(await verify(request, 'GET', url.pathname))) {
        return send(401, { code: 'unauthorized', message: 'Unauthorized' })
      }
      const found = transactions.get(decodeURIComponent(match[1] as string))
      return send(200, {
        transactions: found ? [found] : [],
        next_page_key: '',
        total_count: found ? '1' : '0',
      })
    }
    send(404, { code: 'not_found', message: 'Not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`

  const network = (name: string, displayName: string, chainId: string, contract = '') => ({
    name,
    display_name: displayName,
    chain_id: chainId,
    contract_address: contract,
  })
  const standIn: CoinbaseStandIn = {
    url: `http://${host}`,
    tokenRequests,
    refusals,
    optionsRequests: [],
    // As Coinbase answers for a US visitor (fewer assets and networks; same field names).
    buyOptions: {
      payment_currencies: [
        {
          id: 'USD',
          limits: [
            { id: 'CARD', min: '10', max: '7500' },
            { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
            { id: 'APPLE_PAY', min: '10', max: '7500' },
          ],
        },
      ],
      purchase_currencies: [
        {
          id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
          name: 'Ethereum',
          symbol: 'ETH',
          icon_url: '',
          networks: [network('ethereum', 'Ethereum', '1'), network('base', 'Base', '8453')],
        },
        {
          id: '2b92315d-eab7-5bef-84fa-089a131333f5',
          name: 'USDC',
          symbol: 'USDC',
          icon_url: '',
          networks: [
            network('ethereum', 'Ethereum', '1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
            network('base', 'Base', '8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
          ],
        },
      ],
    },
    complete(ref, outcome) {
      transactions.set(ref, {
        status: `ONRAMP_TRANSACTION_STATUS_${outcome.status}`,
        purchase_currency: 'ETH',
        purchase_network: 'base',
        purchase_amount: { value: outcome.amount ?? '0', currency: 'ETH' },
        payment_total: { value: '100.00', currency: 'USD' },
        payment_subtotal: { value: '98.00', currency: 'USD' },
        coinbase_fee: { value: '2.00', currency: 'USD' },
        network_fee: { value: '0.00', currency: 'USD' },
        exchange_rate: { value: '3000', currency: 'USD' },
        tx_hash: outcome.txHash ?? '',
        created_at: new Date().toISOString(),
        country: 'US',
        user_id: 'user',
        payment_method: 'CARD',
        transaction_id: randomBytes(8).toString('hex'),
        wallet_address: tokens.values().next().value?.address ?? '',
        type: 'ONRAMP_TRANSACTION_TYPE_BUY_AND_SEND',
        partner_user_ref: ref,
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  return standIn
}
