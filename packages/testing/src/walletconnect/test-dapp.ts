// The dapp side of a WalletConnect test: a real sign-client on a local relay, kept in memory.
import { SignClient } from '@walletconnect/sign-client'
import { MemoryStorage } from './memory-storage.js'

let dapps = 0

/**
 * A dapp-side sign-client on `relayUrl`, its storage in memory under a prefix of its own, and
 * its Verify API stubbed to an unknown origin (as when the Verify server cannot be reached: it
 * would wait 5 s offline).
 *
 * @example const dapp = await createTestDapp(relay.url, 'harness-test-dapp')
 */
export async function createTestDapp(relayUrl: string, prefix: string) {
  const client = await SignClient.init({
    projectId: 'openmodal-test',
    relayUrl,
    customStoragePrefix: `${prefix}-${++dapps}-${Date.now()}`,
    storage: new MemoryStorage(),
    telemetryEnabled: false,
    logger: 'silent',
    metadata: { name: 'Test dapp', description: 'd', url: 'http://127.0.0.1', icons: [] },
  })
  client.core.verify.register = async () => ''
  client.core.verify.resolve = (async () =>
    undefined) as unknown as typeof client.core.verify.resolve
  return client
}

export type TestDapp = Awaited<ReturnType<typeof createTestDapp>>
