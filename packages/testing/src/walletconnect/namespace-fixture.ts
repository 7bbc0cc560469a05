// The fixture the namespace tests of the wallet harness share: a local relay and the chain
// behind the namespace, a dapp-side sign-client and the harness answering one namespace,
// paired once per file. Tests send the namespace's RPC through `request`.
import assert from 'node:assert/strict'
import { after, before } from 'node:test'
import type { SessionTypes } from '@walletconnect/types'
import { type RelayInstance, startRelay } from './relay.js'
import { createTestDapp, type TestDapp } from './test-dapp.js'
import { createWalletHarness, type NamespaceWallet, type WalletHarness } from './wallet-harness.js'

export interface NamespaceFixtureOptions {
  /** The namespace under test (`solana`, `bip122`). */
  namespace: string
  /** The CAIP-2 chain the dapp asks for. */
  chain: string
  /** The methods the dapp asks for. */
  methods: readonly string[]
  /** Starts the chain behind the namespace; returns its wallet and how to stop the chain. */
  start(): Promise<{ wallet: NamespaceWallet; stop(): unknown }>
}

export interface NamespaceFixture {
  /** The session the harness approved. */
  session(): SessionTypes.Struct
  /** Sends `method` on the fixture's chain through the session. */
  request<T = Record<string, unknown>>(method: string, params: unknown): Promise<T>
}

/**
 * Registers `before` / `after` (node:test) that start the relay, the chain and both sides,
 * pair them asking for `namespace` only, and stop everything after the file.
 *
 * @example
 * const { session, request } = namespaceFixture({ namespace: 'bip122', chain, methods, start })
 */
export function namespaceFixture(options: NamespaceFixtureOptions): NamespaceFixture {
  let relay: RelayInstance
  let chain: { stop(): unknown }
  let wallet: WalletHarness
  let dapp: TestDapp
  let session: SessionTypes.Struct

  before(async () => {
    const started = await Promise.all([startRelay(), options.start()])
    relay = started[0]
    chain = started[1]
    ;[wallet, dapp] = await Promise.all([
      createWalletHarness({
        relayUrl: relay.url,
        // The dapp asks only for this namespace: the EVM side is never granted nor called.
        chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
        namespaces: { [options.namespace]: started[1].wallet },
      }),
      createTestDapp(relay.url, `${options.namespace}-ns-dapp`),
    ])
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        [options.namespace]: { chains: [options.chain], methods: [...options.methods], events: [] },
      },
    })
    assert.ok(uri)
    await wallet.pair(uri)
    session = await approval()
  })

  after(async () => {
    await wallet.close()
    dapp.core.heartbeat.stop()
    await dapp.core.relayer.transportClose()
    await relay.stop()
    await chain.stop()
  })

  return {
    session: () => session,
    request: <T>(method: string, params: unknown) =>
      dapp.request<T>({
        topic: session.topic,
        chainId: options.chain,
        request: { method, params },
      }),
  }
}
