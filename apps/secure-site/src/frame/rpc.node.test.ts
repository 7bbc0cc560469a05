import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { handleRpc, type RpcContext } from './rpc.js'
import type { WalletSession } from './wallet-session.js'

// A chain node on loopback that records every method it is asked: a `wallet_*` method must
// never reach it (the node cannot answer them; the wallet must).
let node: Server
let url: string
const asked: string[] = []

before(async () => {
  node = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      asked.push(method)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }))
    })
  })
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
after(() => new Promise<void>((resolve) => node.close(() => resolve())))

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let signingPrepared = 0
const session = {
  commitment: { eip155: address, solana: '11111111111111111111111111111111' },
  prepareSigning: async () => {
    signingPrepared++
  },
} as unknown as WalletSession

const context: RpcContext = {
  session,
  dappOrigin: 'https://dapp.test',
  chainId: () => 31337,
  setChainId: () => undefined,
  setVisible: () => undefined,
  rpcUrl: () => url,
  solanaRpcUrl: () => undefined,
}

async function failure(method: string, params?: unknown) {
  return (await handleRpc(context, { method, params }).then(
    () => assert.fail(`${method} answered`),
    (error: unknown) => error,
  )) as { code: number; message: string }
}

describe('the frame never forwards a wallet_* method to the chain node', () => {
  it('reads still go to the node', async () => {
    assert.equal(await handleRpc(context, { method: 'eth_blockNumber' }), '0x1')
    assert.deepEqual(asked, ['eth_blockNumber'])
    asked.length = 0
  })

  it('wallet_getCapabilities is answered by the wallet: an EOA has no atomic batch', async () => {
    assert.deepEqual(
      await handleRpc(context, { method: 'wallet_getCapabilities', params: [address] }),
      {
        '0x7a69': { atomic: { status: 'unsupported' } },
      },
    )
    assert.deepEqual(asked, [])
  })

  it('wallet_getCapabilities for another address is refused (4100)', async () => {
    const error = await failure('wallet_getCapabilities', [
      '0x000000000000000000000000000000000000dEaD',
    ])
    assert.equal(error.code, 4100)
    assert.deepEqual(asked, [])
  })

  it('wallet_getCallsStatus of a bundle the wallet never sent is 5730, not a node call', async () => {
    const error = await failure('wallet_getCallsStatus', ['0x1234'])
    assert.equal(error.code, 5730)
    assert.deepEqual(asked, [])
  })

  it('wallet_getAssets and wallet_addEthereumChain are 4200, not node calls', async () => {
    for (const [method, params] of [
      ['wallet_getAssets', [{ account: address }]],
      ['wallet_addEthereumChain', [{ chainId: '0x1', rpcUrls: ['https://evil.test'] }]],
    ] as const) {
      const error = await failure(method, params)
      assert.equal(error.code, 4200, method)
    }
    assert.deepEqual(asked, [])
  })

  it('ERC-7715 permissions are "not supported" (4200) before any signing step', async () => {
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      const error = await failure(method, [{}])
      assert.equal(error.code, 4200)
      assert.match(error.message, /not supported.*ERC-7715/)
    }
    assert.equal(signingPrepared, 0)
    assert.deepEqual(asked, [])
  })
})
