import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { ANVIL_ADDRESSES } from '../evm/accounts.js'
import { fundAccount } from '../evm/token.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { deploySafe } from './deploy.js'
import { type SafeStandIn, startSafeStandIn } from './stand-in.js'

describe('Safe stand-in', () => {
  let anvil: AnvilInstance
  let standIn: SafeStandIn
  let safe: Awaited<ReturnType<typeof deploySafe>>
  const call = async (method: string, params?: unknown) => {
    const response = await fetch(`${standIn.origin}/__safe/call`, {
      method: 'POST',
      body: JSON.stringify({ method, params }),
    })
    return (await response.json()) as { data?: Record<string, unknown>; error?: string }
  }

  before(async () => {
    anvil = await startAnvil()
    safe = await deploySafe(anvil.rpcUrl)
    await fundAccount(anvil.rpcUrl, safe.address, { value: parseEther('2') })
    standIn = await startSafeStandIn({ rpcUrl: anvil.rpcUrl, safe, appUrl: 'http://localhost:1/' })
  })
  after(async () => {
    await standIn?.stop()
    await anvil?.stop()
  })

  it('answers getSafeInfo with the deployed Safe', async () => {
    const { data } = await call('getSafeInfo')
    assert.equal(data?.safeAddress, safe.address)
    assert.equal(data?.chainId, 31337)
    assert.deepEqual(data?.owners, [ANVIL_ADDRESSES[0]])
  })

  it('executes a transfer as a Safe transaction', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const to = ANVIL_ADDRESSES[5]
    const before = await client.getBalance({ address: to })
    const { data, error } = await call('sendTransactions', {
      txs: [{ to, value: parseEther('0.5').toString(), data: '0x' }],
      params: {},
    })
    assert.equal(error, undefined)
    assert.equal((await client.getBalance({ address: to })) - before, parseEther('0.5'))
    assert.equal(await client.getBalance({ address: safe.address }), parseEther('1.5'))
    const tx = await call('getTxBySafeTxHash', { safeTxHash: data?.safeTxHash })
    assert.match(String(tx.data?.txHash), /^0x[0-9a-f]{64}$/)
  })

  it('signs a message the Safe validates by EIP-1271', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const { data } = await call('signMessage', { message: '0x68656c6c6f' })
    assert.equal(
      await client.verifyMessage({
        address: safe.address,
        message: 'hello',
        signature: data?.signature as Hex,
      }),
      true,
    )
    assert.equal(
      await client.verifyMessage({
        address: safe.address,
        message: 'other',
        signature: data?.signature as Hex,
      }),
      false,
    )
  })

  it('refuses an unknown method', async () => {
    assert.match((await call('eth_nothing')).error ?? '', /not supported/)
  })
})
