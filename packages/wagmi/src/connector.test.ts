// The connector against the real @wagmi/core 2 and 3 and a real modal client (core's stores
// and actions) over core's in-memory test adapter: wagmi's state follows the modal, and
// wagmi's connect, switchChain and disconnect drive it. The browser side (the real EVM adapter,
// the dev wallet, anvil, the React hooks) is the consumer test's wagmi examples.
import assert from 'node:assert/strict'
import { afterEach, describe, test } from 'node:test'
import { createModalClient, type ModalInstance } from '@openmodal/core'
import { createTestAdapter, mainnet, optimism, solana } from '@openmodal/core/adapter-contract'
import {
  $connections,
  closeModal,
  resetStores,
  storage,
  unregisterAdapter,
} from '@openmodal/core/internal'
import * as core2 from '@wagmi/core'
import * as core3 from '@wagmi/core3'
import { UserRejectedRequestError } from 'viem'
import { createConfig, toChain } from './config.js'
import { openModal } from './connector.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const WALLET = 'dev.openmodal.test'

function until(check: () => boolean, what: string) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now()
    const tick = () => {
      if (check()) resolve()
      else if (Date.now() - started > 2000) reject(new Error(`timed out waiting for ${what}`))
      else setTimeout(tick, 5)
    }
    tick()
  })
}

function setUpModal(options: { authorized?: string[]; asyncDiscovery?: boolean } = {}) {
  const adapter = createTestAdapter({ knownChainIds: [1, 10], ...options })
  const modal = createModalClient({
    projectId: 'test-project',
    networks: [mainnet, optimism],
    adapters: [adapter],
    basic: true,
  })
  return { adapter, modal }
}

/** What a page load starts from: no live connection; the stored one kept or not. */
function forgetPage({ keepStorage }: { keepStorage: boolean }) {
  unregisterAdapter('eip155')
  closeModal({ force: true })
  resetStores()
  $connections.set({})
  if (!keepStorage)
    for (const key of ['connectedConnectorIds', 'recentWallets'] as const) storage.remove(key)
}

type Core = typeof core2
const versions: [string, Core, (modal: ModalInstance) => core2.Config][] = [
  ['@wagmi/core 2', core2, (modal) => createConfig({ modal, networks: [mainnet, optimism] })],
  [
    '@wagmi/core 3',
    core3 as unknown as Core,
    (modal) =>
      core3.createConfig({
        chains: [toChain(mainnet), toChain(optimism)],
        connectors: [openModal({ modal })],
        transports: { 1: core3.http(), 10: core3.http() },
        multiInjectedProviderDiscovery: false,
      }) as unknown as core2.Config,
  ],
]

for (const [name, wagmi, makeConfig] of versions) {
  describe(`openModal() with ${name}`, () => {
    afterEach(() => forgetPage({ keepStorage: false }))

    test('a connection made in the modal connects wagmi, with its address and chain', async () => {
      const { modal } = setUpModal()
      const config = makeConfig(modal)
      assert.equal(wagmi.getAccount(config).status, 'disconnected')
      await modal.connect(WALLET)
      await until(() => wagmi.getAccount(config).status === 'connected', 'wagmi to connect')
      const account = wagmi.getAccount(config)
      assert.equal(account.address, ADDRESS)
      assert.equal(account.chainId, 1)
      assert.equal(account.connector?.id, 'openmodal')
    })

    test('a network switched in the modal moves wagmi; wagmi switchChain moves the modal', async () => {
      const { modal, adapter } = setUpModal()
      const config = makeConfig(modal)
      await modal.connect(WALLET)
      await until(() => wagmi.getAccount(config).status === 'connected', 'wagmi to connect')

      await modal.switchNetwork('eip155:10')
      await until(() => wagmi.getAccount(config).chainId === 10, 'wagmi to follow to 10')
      assert.equal(wagmi.getChainId(config), 10)

      await wagmi.switchChain(config, { chainId: 1 })
      assert.equal(modal.getState().selectedNetworkId, 'eip155:1')
      assert.ok(adapter.calls.includes('switchNetwork:1'), adapter.calls.join())
      assert.equal(wagmi.getAccount(config).chainId, 1)
    })

    test('switchChain to a chain wagmi does not know fails and leaves the modal', async () => {
      const { modal } = setUpModal()
      const config = makeConfig(modal)
      await modal.connect(WALLET)
      await until(() => wagmi.getAccount(config).status === 'connected', 'wagmi to connect')
      await assert.rejects(wagmi.switchChain(config, { chainId: 5 as never }), /not configured/i)
      assert.equal(modal.getState().selectedNetworkId, 'eip155:1')
    })

    test('disconnect from wagmi disconnects the modal; from the modal disconnects wagmi', async () => {
      const { modal } = setUpModal()
      const config = makeConfig(modal)
      await modal.connect(WALLET)
      await until(() => wagmi.getAccount(config).status === 'connected', 'wagmi to connect')
      await wagmi.disconnect(config)
      assert.equal(modal.getAccount('eip155').status, 'disconnected')
      assert.equal(wagmi.getAccount(config).status, 'disconnected')

      await modal.connect(WALLET)
      await until(() => wagmi.getAccount(config).status === 'connected', 'wagmi to reconnect')
      await modal.disconnect()
      await until(() => wagmi.getAccount(config).status === 'disconnected', 'wagmi to disconnect')
    })

    test("wagmi's connect opens the modal and resolves with the wallet picked there", async () => {
      const { modal } = setUpModal()
      const config = makeConfig(modal)
      const [connector] = config.connectors
      assert.ok(connector)
      const connecting = wagmi.connect(config, { connector })
      await until(() => modal.getState().open, 'the modal to open')
      await modal.connect(WALLET)
      modal.close()
      const result = await connecting
      assert.deepEqual(result.accounts, [ADDRESS])
      assert.equal(result.chainId, 1)
      assert.equal(wagmi.getAccount(config).address, ADDRESS)
    })

    test("wagmi's connect with a chainId switches the modal's wallet to it", async () => {
      const { modal, adapter } = setUpModal()
      const config = makeConfig(modal)
      const [connector] = config.connectors
      assert.ok(connector)
      const connecting = wagmi.connect(config, { connector, chainId: 10 })
      await until(() => modal.getState().open, 'the modal to open')
      await modal.connect(WALLET)
      const result = await connecting
      assert.equal(result.chainId, 10)
      assert.equal(modal.getState().selectedNetworkId, 'eip155:10')
      assert.ok(adapter.calls.includes('switchNetwork:10'), adapter.calls.join())
    })

    test("wagmi's connect rejects as a user rejection when the modal closes unconnected", async () => {
      const { modal } = setUpModal()
      const config = makeConfig(modal)
      const [connector] = config.connectors
      assert.ok(connector)
      const connecting = wagmi.connect(config, { connector })
      await until(() => modal.getState().open, 'the modal to open')
      modal.close()
      await assert.rejects(connecting, (error: Error) => {
        let found = false
        let cause: unknown = error
        while (cause instanceof Error) {
          if (cause instanceof UserRejectedRequestError) found = true
          cause = cause.cause
        }
        return found || /rejected/i.test(error.message)
      })
      assert.equal(wagmi.getAccount(config).status, 'disconnected')
    })

    test("wagmi's reconnect waits for the modal's own reconnect and restores the account", async () => {
      // A first page load connects; the second restores from storage (the wallet kept its grant).
      const first = setUpModal()
      await first.modal.connect(WALLET)
      forgetPage({ keepStorage: true })
      const { modal } = setUpModal({ authorized: [WALLET], asyncDiscovery: true })
      const config = makeConfig(modal)
      assert.equal(modal.getAccount('eip155').status, 'reconnecting')
      await wagmi.reconnect(config)
      assert.equal(wagmi.getAccount(config).status, 'connected')
      assert.equal(wagmi.getAccount(config).address, ADDRESS)
    })
  })
}

describe('createConfig and toChain', () => {
  test("the modal's EVM networks become the chains; a non-EVM network is refused", () => {
    const modal = { getAccount: () => ({ status: 'disconnected', allAccounts: [] }) } as never
    assert.throws(() => createConfig({ modal, networks: [solana] }), /at least one EVM network/)
    assert.throws(() => toChain(solana), /is not an EVM network/)
    const chain = toChain(optimism)
    assert.equal(chain.id, 10)
    assert.deepEqual(chain.rpcUrls.default.http, optimism.rpcUrls.default.http)
  })
})
