// Spec §9's delegation gas fallback taken end to end: a bundler that cannot estimate the
// userOperation carrying the EIP-7702 authorization (it simulates without applying it, so the
// EOA has no code yet) answers `eth_estimateUserOperationGas` with its simulation error. A proxy
// in front of the real Alto bundler gives that answer, in Alto's own error shape (code -32500,
// "UserOperation reverted during simulation with reason: …"), to the delegating estimate only;
// every other request reaches Alto unchanged. The frame's `sendUserOperation` then lands the
// userOperation with verificationGasLimit 100000 and the EOA is delegated.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS, TEST_TOKEN_ABI } from '@openmodal/testing'
import {
  type AnvilInstance,
  type Bundler,
  deployEip7702,
  deployTestToken,
  ENTRY_POINT_V08,
  fundAccount,
  startAnvil,
  startBundler,
} from '@openmodal/testing/node'
import { type Address, createPublicClient, encodeFunctionData, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SmartAccountChain } from './smart-account.js'

interface JsonRpc {
  id: number
  method: string
  params?: unknown[]
}

/** What one JSON-RPC request through the proxy was, and whether the proxy refused it. */
interface Seen {
  method: string
  params: unknown[]
  refused: boolean
}

/**
 * A JSON-RPC proxy in front of `target` that refuses `eth_estimateUserOperationGas` for a
 * userOperation carrying an EIP-7702 authorization, as a bundler does whose simulation ignores it
 * (one with a state override giving the EOA the delegation's code goes through).
 */
async function refusingProxy(
  target: string,
): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', async () => {
      response.setHeader('content-type', 'application/json')
      const call = JSON.parse(body) as JsonRpc
      const params = call.params ?? []
      const operation = params[0] as { sender?: string; eip7702Auth?: unknown } | undefined
      // Its simulation ignores the authorization: the EOA has no code there, unless a state
      // override gives it the delegation's.
      const overrides = (params[2] ?? {}) as Record<string, { code?: string }>
      const overridden = Object.entries(overrides).some(
        ([address, override]) =>
          address.toLowerCase() === operation?.sender?.toLowerCase() && override.code,
      )
      const refused =
        call.method === 'eth_estimateUserOperationGas' &&
        operation?.eip7702Auth !== undefined &&
        !overridden
      seen.push({ method: call.method, params, refused })
      if (refused) {
        response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: {
              code: -32500,
              message:
                'UserOperation reverted during simulation with reason: AA20 account not deployed',
            },
          }),
        )
        return
      }
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(15_000),
      })
      response.statusCode = answer.status
      response.end(await answer.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server }
}

describe('the EIP-7702 delegation gas fallback (spec §9) through the real bundler', {
  timeout: 180_000,
}, () => {
  let anvil: AnvilInstance
  let bundler: Bundler
  let proxy: Awaited<ReturnType<typeof refusingProxy>>
  let token: Address
  let chain: SmartAccountChain

  before(async () => {
    anvil = await startAnvil()
    await deployEip7702(anvil.rpcUrl)
    token = (await deployTestToken(anvil.rpcUrl)).address
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoints: [ENTRY_POINT_V08] })
    proxy = await refusingProxy(bundler.url)
    chain = { chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, bundlerUrl: proxy.url, mode: 'eip7702' }
  })
  after(async () => {
    await new Promise<void>((resolve) => (proxy ? proxy.server.close(() => resolve()) : resolve()))
    await bundler?.stop()
    await anvil?.stop()
  })

  it('an estimate refused for the delegating userOperation: it lands with 100000 verification gas', async () => {
    const { DELEGATION_GAS_FALLBACK, SIMPLE_7702_ACCOUNT, sendUserOperation, userOperationStatus } =
      await import('./smart-account.js')
    const key = ANVIL_PRIVATE_KEYS[5]
    const eoa = privateKeyToAccount(key).address
    const to = ANVIL_ADDRESSES[8] as Address
    const node = createPublicClient({ transport: http(anvil.rpcUrl) })
    await fundAccount(anvil.rpcUrl, eoa, { token, amount: 10n })
    assert.equal(await node.getCode({ address: eoa }), undefined)

    const hash = await sendUserOperation(key, chain, [
      {
        to: token,
        data: encodeFunctionData({ abi: TEST_TOKEN_ABI, functionName: 'transfer', args: [to, 7n] }),
      },
    ])
    let status = await userOperationStatus(chain, hash)
    for (let i = 0; i < 200 && status.status === 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await userOperationStatus(chain, hash)
    }
    assert.equal(status.status, 200, 'the userOperation landed')

    // The bundler refused the delegating estimate; the frame estimated the calls as if
    // delegated (a state override of the EOA's code) and sent 100000 for the verification.
    const estimates = proxy.seen.filter(
      (request) => request.method === 'eth_estimateUserOperationGas',
    )
    assert.deepEqual(
      estimates.map((request) => request.refused),
      [true, false],
      'one refused estimate, then the one as if delegated',
    )
    const sent = proxy.seen.filter((request) => request.method === 'eth_sendUserOperation')
    assert.equal(sent.length, 1)
    const operation = sent[0]?.params[0] as { verificationGasLimit: Hex; eip7702Auth?: unknown }
    assert.equal(BigInt(operation.verificationGasLimit), DELEGATION_GAS_FALLBACK)
    assert.equal(DELEGATION_GAS_FALLBACK, 100_000n)
    assert.notEqual(operation.eip7702Auth, undefined, 'the authorization went with it')

    // On chain: the EOA is delegated to Simple7702Account and the transfer landed.
    assert.equal(
      await node.getCode({ address: eoa }),
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    )
    const balance = (address: Address) =>
      node.readContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [address],
      })
    assert.deepEqual([await balance(eoa), await balance(to)], [3n, 7n])
  })
})
