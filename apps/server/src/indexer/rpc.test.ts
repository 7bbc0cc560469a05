// The one test of a node refusing a method, against viem's real errors: a loopback JSON-RPC
// server answers each method as a node without it would, and the chain client asks it.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { createChainClient, isMethodNotSupported } from './rpc.js'

type Answer = { status: number; error?: { code: number; message: string } }

// Each method name is the answer this node gives to it.
const ANSWERS: Record<string, Answer> = {
  geth_no_trace: {
    status: 200,
    error: { code: -32601, message: 'the method trace_block does not exist/is not available' },
  },
  eip1474_unsupported: { status: 200, error: { code: -32004, message: 'Method not supported' } },
  plan_without_traces: {
    status: 200,
    error: { code: -32000, message: 'trace_block is not available on the Free tier' },
  },
  module_disabled: { status: 200, error: { code: -32000, message: 'method disabled' } },
  header_not_found: { status: 200, error: { code: -32000, message: 'header not found' } },
  bad_params: {
    status: 200,
    error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' },
  },
  http_404: { status: 404 },
}

let url = ''
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => {
    body += chunk
  })
  req.on('end', () => {
    // The chain client batches: one request arrives as a batch of one.
    type Request = { id: number; method: string }
    const parsed = JSON.parse(body) as Request | Request[]
    const requests = Array.isArray(parsed) ? parsed : [parsed]
    const answers = requests.map((r) => ({ request: r, answer: ANSWERS[r.method] }))
    if (answers.some(({ answer }) => answer?.status === 404)) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return res.end('Not Found')
    }
    const bodies = answers.map(({ request, answer }) => ({
      jsonrpc: '2.0',
      id: request.id,
      ...(answer?.error ? { error: answer.error } : { result: null }),
    }))
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(Array.isArray(parsed) ? bodies : bodies[0]))
  })
})

before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** The error the chain client rejects with when asking `method`. */
async function errorOf(method: keyof typeof ANSWERS): Promise<unknown> {
  const client = createChainClient([url], { timeoutMs: 2_000 })
  try {
    await client.request({ method, params: [] } as never)
  } catch (error) {
    return error
  }
  assert.fail(`${method} did not fail`)
}

test('a node refusing the method: EIP-1474 codes, or its own words about the method', async () => {
  assert.equal(isMethodNotSupported(await errorOf('geth_no_trace'), 'trace_block'), true)
  assert.equal(isMethodNotSupported(await errorOf('eip1474_unsupported'), 'trace_block'), true)
  assert.equal(isMethodNotSupported(await errorOf('plan_without_traces'), 'trace_block'), true)
  assert.equal(isMethodNotSupported(await errorOf('module_disabled'), 'eth_getBlockReceipts'), true)
})

test('any other failure is not a refusal, though viem repeats the method it asked', async () => {
  for (const method of ['header_not_found', 'bad_params', 'http_404'] as const) {
    const error = await errorOf(method)
    assert.match(String(error), new RegExp(method), 'the error text names the method')
    assert.equal(isMethodNotSupported(error, method), false, method)
    assert.equal(isMethodNotSupported(error, 'eth_getBlockReceipts'), false, method)
  }
})
