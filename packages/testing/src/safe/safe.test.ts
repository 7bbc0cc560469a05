import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createPublicClient, type Hex, hashMessage, http, parseAbi, parseEther } from 'viem'
import { ANVIL_ADDRESSES } from '../evm/accounts.js'
import { fundAccount } from '../evm/token.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { deploySafe } from './deploy.js'
import { type SafeStandIn, startSafeStandIn } from './stand-in.js'

const ERC1271_ABI = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])

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

  it('signs a message on chain through SignMessageLib; EIP-1271 accepts the empty signature', async () => {
    const onChain = await startSafeStandIn({
      rpcUrl: anvil.rpcUrl,
      safe,
      appUrl: 'http://localhost:1/',
      messageSigning: 'on-chain',
    })
    try {
      const response = await fetch(`${onChain.origin}/__safe/call`, {
        method: 'POST',
        body: JSON.stringify({ method: 'signMessage', params: { message: '0x6f6e2d636861696e' } }),
      })
      const { data } = (await response.json()) as { data?: { safeTxHash?: Hex } }
      assert.match(String(data?.safeTxHash), /^0x[0-9a-f]{64}$/)
      assert.equal(onChain.executed.has(data?.safeTxHash as Hex), true, 'a Safe transaction ran')
      // ERC-1271 by eth_call: isValidSignature(hash, 0x) answers the magic value once the
      // Safe marked the message signed (and reverts "Hash not approved" before).
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      const verify = (message: string) =>
        client
          .readContract({
            address: safe.address,
            abi: ERC1271_ABI,
            functionName: 'isValidSignature',
            args: [hashMessage(message), '0x'],
          })
          .catch(() => 'reverted')
      assert.equal(await verify('on-chain'), '0x1626ba7e')
      assert.equal(await verify('never signed'), 'reverted')
    } finally {
      await onChain.stop()
    }
  })

  it('refuses an unknown method', async () => {
    assert.match((await call('eth_nothing')).error ?? '', /not supported/)
  })
})
