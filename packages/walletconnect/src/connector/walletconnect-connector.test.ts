// The EVM adapter, unchanged, over WalletConnect: the connector's provider is announced with
// EIP-6963 on a private target and the core adapter contract runs against the adapter, with a
// real wallet sign-client on the other side of the local relay.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { adapterContract } from '@openmodal/core/adapter-contract'
import { evmAdapter } from '@openmodal/evm'
import {
  type AnvilChains,
  createWalletHarness,
  type RelayInstance,
  startChains,
  startRelay,
} from '@openmodal/testing/node'
import { verifyMessage } from 'viem'
import { metadata, networkOf } from '../testing/setup.js'
import { MemoryStorage } from '../utils/memory-storage.js'
import { WALLETCONNECT_CONNECTOR_ID, walletConnectConnector } from './walletconnect-connector.js'

describe('EVM adapter over WalletConnect', () => {
  let relay: RelayInstance
  let anvil: AnvilChains
  before(async () => {
    ;[relay, anvil] = await Promise.all([startRelay(), startChains()])
  })
  after(async () => {
    await Promise.all([relay.stop(), anvil.stop()])
  })

  let count = 0
  const setup = async () => {
    const networks = anvil.chains.map(networkOf)
    const [network, otherNetwork] = networks
    assert.ok(network && otherNetwork)
    const wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
    })
    const connector = walletConnectConnector({
      projectId: 'openmodal-test',
      relayUrl: relay.url,
      networks,
      metadata,
      verify: false,
      storage: new MemoryStorage(),
      customStoragePrefix: `connector-test-${++count}`,
    })
    // The person scanning the QR code: the wallet pairs with every URI shown.
    const client = await connector.client()
    client.on('uri', ({ uri }) => void wallet.pair(uri))
    const target = new EventTarget()
    const stopAnnouncing = connector.announce(target)
    let accountIndex = 0
    return {
      wallet,
      adapter: evmAdapter({ target, legacy: false }),
      connectorId: WALLETCONNECT_CONNECTOR_ID,
      network,
      otherNetwork,
      verifySignature: ({
        address,
        message,
        signature,
      }: {
        address: string
        message: string
        signature: string
      }) =>
        verifyMessage({
          address: address as `0x${string}`,
          message,
          signature: signature as `0x${string}`,
        }),
      triggerAccountsChanged: async () => {
        accountIndex = accountIndex === 0 ? 1 : 0
        const arrived = new Promise<void>((resolve) => {
          const listener = () => {
            connector.provider.removeListener('accountsChanged', listener)
            resolve()
          }
          connector.provider.on('accountsChanged', listener)
        })
        await wallet.setAccounts([accountIndex])
        await arrived
      },
      teardown: async () => {
        stopAnnouncing()
        await Promise.all([wallet.close(), client.close()])
      },
    }
  }

  for (const c of adapterContract(setup)) test(c.name, c.run)

  test('a switch to a chain the session lacks fails with "Chain is not supported"', async () => {
    const ctx = await setup()
    try {
      await ctx.adapter.connect({ connectorId: ctx.connectorId, network: ctx.network })
      const unknown = { ...ctx.network, id: 999, caipNetworkId: 'eip155:999' as const }
      await assert.rejects(ctx.adapter.switchNetwork(unknown), {
        shortMessage: 'Chain is not supported',
      })
    } finally {
      await ctx.teardown()
    }
  })

  test('node calls go to the network RPC URL, not to the wallet', async () => {
    const ctx = await setup()
    try {
      const { accounts } = await ctx.adapter.connect({
        connectorId: ctx.connectorId,
        network: ctx.network,
      })
      const balance = await ctx.adapter.request({
        method: 'eth_getBalance',
        params: [accounts[0]?.address, 'latest'],
      })
      assert.match(String(balance), /^0x[0-9a-f]+$/)
      assert.equal(await ctx.adapter.request({ method: 'eth_chainId' }), '0x7a69')
      assert.deepEqual(ctx.wallet.requests, [])
    } finally {
      await ctx.teardown()
    }
  })
})
