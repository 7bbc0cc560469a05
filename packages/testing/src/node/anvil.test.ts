import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { describe, test } from 'node:test'
import { createPublicClient, http, parseAbi } from 'viem'
import { ANVIL_ADDRESSES } from '../evm/accounts.js'
import { freePort, startAnvil, startChains } from './anvil.js'
import { MULTICALL3_ADDRESS } from './multicall3.js'

const MULTICALL3_READS = parseAbi([
  'function getChainId() view returns (uint256)',
  'function getEthBalance(address) view returns (uint256)',
])

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(true))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)))
  })

describe('startAnvil', () => {
  test('answers with the chain id and funds the default accounts, then frees its port', async () => {
    const anvil = await startAnvil({ chainId: 4242 })
    try {
      assert.match(anvil.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      assert.equal(await client.getChainId(), 4242)
      assert.equal(await client.getBalance({ address: ANVIL_ADDRESSES[9] }), 10_000n * 10n ** 18n)
      // Multicall3 answers at its canonical address, as on public chains.
      const [chainId, balance] = await client.multicall({
        multicallAddress: MULTICALL3_ADDRESS,
        allowFailure: false,
        contracts: [
          { address: MULTICALL3_ADDRESS, abi: MULTICALL3_READS, functionName: 'getChainId' },
          {
            address: MULTICALL3_ADDRESS,
            abi: MULTICALL3_READS,
            functionName: 'getEthBalance',
            args: [ANVIL_ADDRESSES[9]],
          },
        ],
      })
      assert.deepEqual([chainId, balance], [4242n, 10_000n * 10n ** 18n])
      assert.equal(await isListening(anvil.port), true)
    } finally {
      await anvil.stop()
    }
    assert.equal(await isListening(anvil.port), false, 'the port is still taken after stop()')
    assert.throws(() => process.kill(anvil.pid, 0), /ESRCH/, 'the anvil process still exists')
  })

  test('listens on the port it is given and stop() twice is harmless', async () => {
    const port = await freePort()
    const anvil = await startAnvil({ port })
    assert.equal(anvil.port, port)
    assert.equal(anvil.chainId, 31337)
    await anvil.stop()
    await anvil.stop()
  })

  test('rejects with anvil’s reason when the port is taken', async () => {
    const blocker = createServer()
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    )
    try {
      await assert.rejects(startAnvil({ port }), /anvil exited before answering/)
    } finally {
      blocker.close()
    }
  })
  test('never takes another anvil on its port for its own', async () => {
    // Two test files picking the same free port: the one that loses the bind must fail (and
    // retry elsewhere), not answer with the winner's chain.
    const first = await startAnvil()
    try {
      await assert.rejects(startAnvil({ port: first.port }), /anvil exited before answering/)
    } finally {
      await first.stop()
    }
  })
})

describe('startChains', () => {
  test('starts two chains with different ids on different ports', async () => {
    const { chains, stop } = await startChains()
    try {
      assert.deepEqual(
        chains.map((c) => c.chainId),
        [31337, 31338],
      )
      assert.notEqual(chains[0]?.port, chains[1]?.port)
      for (const chain of chains) {
        const client = createPublicClient({ transport: http(chain.rpcUrl) })
        assert.equal(await client.getChainId(), chain.chainId)
      }
    } finally {
      await stop()
    }
  })
})
