// The ERC-7677 paymaster service's wire answers and refusals (the sponsored userOperation on
// anvil is tested where the embedded wallet sends it: apps/secure-site's rpc.node.test.ts).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { size } from 'viem'
import { ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { ENTRY_POINT_V07, ENTRY_POINT_V08 } from './erc4337.js'
import { type PaymasterService, startPaymasterService } from './paymaster.js'

const PAYMASTER = '0x00000000000000000000000000000000000000aa'
let service: PaymasterService

before(async () => {
  // The stub and the refusals need no chain: nothing listens at this node URL.
  service = await startPaymasterService({
    rpcUrl: 'http://127.0.0.1:9',
    chainId: 31337,
    paymaster: { address: PAYMASTER, signerPrivateKey: ANVIL_PRIVATE_KEYS[8] },
  })
})
after(() => service?.stop())

async function ask(body: string) {
  const response = await fetch(service.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return (await response.json()) as {
    result?: Record<string, unknown>
    error?: { code: number; message: string }
  }
}
const call = (method: string, params: unknown[]) =>
  ask(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))

describe('the ERC-7677 paymaster service', { timeout: 30_000 }, () => {
  test('a stub: the paymaster, gas limits and data of the VerifyingPaymaster layout', async () => {
    const { result, error } = await call('pm_getPaymasterStubData', [
      { sender: PAYMASTER },
      ENTRY_POINT_V07,
      '0x7a69',
      {},
    ])
    assert.equal(error, undefined)
    assert.equal(result?.paymaster, PAYMASTER)
    assert.equal(result?.isFinal, false)
    assert.equal(result?.paymasterVerificationGasLimit, '0x186a0')
    // validUntil and validAfter (two uint48 words, 64 bytes) and a 65-byte signature.
    assert.equal(size(result?.paymasterData as `0x${string}`), 64 + 65)
  })

  test('another EntryPoint, another chain, another method and bad input are refused', async () => {
    // One after another, so `methods` records them in order.
    const refusals: [() => ReturnType<typeof ask>, number, RegExp][] = [
      [
        () => call('pm_getPaymasterData', [{}, ENTRY_POINT_V08, '0x7a69', {}]),
        -32602,
        /not sponsored/,
      ],
      [() => call('pm_getPaymasterData', [{}, ENTRY_POINT_V07, '0x1', {}]), -32602, /Chain 0x1/],
      [
        () => call('pm_getPaymasterData', [null, ENTRY_POINT_V07, '0x7a69']),
        -32602,
        /userOperation/,
      ],
      [() => call('pm_getPaymasterData', []), -32602, /entryPoint/],
      [() => call('eth_sendTransaction', []), -32601, /not a paymaster method/],
      [() => ask('{not json'), -32603, /JSON/],
    ]
    for (const [answer, code, message] of refusals) {
      const { error } = await answer()
      assert.equal(error?.code, code, error?.message)
      assert.match(String(error?.message), message)
    }
    assert.deepEqual(service.methods.slice(-5), [
      'pm_getPaymasterData',
      'pm_getPaymasterData',
      'pm_getPaymasterData',
      'pm_getPaymasterData',
      'eth_sendTransaction',
    ])
  })
})
