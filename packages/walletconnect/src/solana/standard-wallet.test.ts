// A Solana session over WalletConnect, end to end: core with the EVM and Solana adapters, the
// `walletConnect()` entry, the real wallet harness on the local relay signing with the Solana
// dev wallet, and the local Solana RPC (litesvm) for balances and the transfer.
import assert from 'node:assert/strict'
import { createPublicKey, verify } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import {
  $activeAccount,
  base58Decode,
  type CaipNetwork,
  connect,
  createModalClient,
  disconnect,
  getAccountState,
  getAdapter,
} from '@openmodal/core/internal'
import { evmAdapter } from '@openmodal/evm'
import { fetchSolanaLocalnet, solanaAdapter } from '@openmodal/solana'
import {
  type AnvilChains,
  createWalletHarness,
  type RelayInstance,
  type SolanaRpc,
  solanaNamespaceWallet,
  startChains,
  startRelay,
  startSolanaRpc,
  type WalletHarness,
} from '@openmodal/testing/node'
import { createSolanaDevWallet, SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { createWalletConnectClient } from '../client/create-client.js'
import { walletConnect } from '../entry/wallet-connect-entry.js'
import { metadata, networkOf, until } from '../testing/setup.js'
import { MemoryStorage } from '../utils/memory-storage.js'
import { createSolanaWallet } from './standard-wallet.js'
import { withSignature } from './transaction.js'

// The wallet-standard registry binds to `window`; Node has none (an EventTarget is enough).
const scope = globalThis as { window?: EventTarget }
scope.window ??= new EventTarget()

const SOL = 1_000_000_000n
const ADDRESS = SOLANA_DEV_ADDRESSES[0] as string

/** Verifies an ed25519 signature with Node's own crypto (not the wallet's library). */
function verifyEd25519(message: Uint8Array, signature: Uint8Array, address: string): boolean {
  const raw = base58Decode(address) as Uint8Array
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, message, key, signature)
}

async function balanceOf(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getBalance',
      params: [address, { commitment: 'confirmed' }],
    }),
  })
  const body = (await response.json()) as { result: { value: number } }
  return BigInt(body.result.value)
}

describe('WalletConnect Solana wallet', () => {
  let relay: RelayInstance
  let anvil: AnvilChains
  let rpc: SolanaRpc
  let local: CaipNetwork
  let wallet: WalletHarness
  /** A wallet without the solana namespace: it approves eip155 only. */
  let evmOnly: WalletHarness
  let pairWith: () => WalletHarness

  before(async () => {
    ;[relay, anvil, rpc] = await Promise.all([startRelay(), startChains(), startSolanaRpc()])
    local = await fetchSolanaLocalnet(rpc.rpcUrl)
    await rpc.airdrop(ADDRESS, 2n * SOL)
    const dev = createSolanaDevWallet({ rpcUrl: rpc.rpcUrl })
    evmOnly = await createWalletHarness({
      relayUrl: relay.url,
      chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
    })
    pairWith = () => wallet
    wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
      namespaces: {
        solana: solanaNamespaceWallet({
          wallet: dev,
          chains: { [local.caipNetworkId]: 'solana:localnet' },
        }),
      },
    })
  })

  after(async () => {
    await disconnect().catch(() => undefined)
    await Promise.all([wallet.close(), evmOnly.close()])
    await Promise.all([relay.stop(), anvil.stop(), rpc.stop()])
  })

  test('connecting WalletConnect connects EVM and Solana; Solana signs and sends over the session', async () => {
    const target = new EventTarget()
    const entry = walletConnect({
      relayUrl: relay.url,
      verify: false,
      storage: new MemoryStorage(),
      customStoragePrefix: 'solana-wallet-test',
      target,
    })
    const evmNetworks = anvil.chains.map(networkOf)
    createModalClient({
      projectId: 'openmodal-test',
      networks: [...evmNetworks, local],
      metadata,
      adapters: [evmAdapter({ target, legacy: false }), solanaAdapter()],
      walletConnect: entry,
    })
    const loaded = await entry.load()
    loaded.onUri(({ uri }) => {
      void pairWith().pair(uri)
    })

    await connect({ connectorId: entry.id })

    const asked = wallet.proposals.at(-1)?.optionalNamespaces.solana
    assert.deepEqual(
      asked?.chains,
      [local.caipNetworkId],
      'the proposal asks for the Solana network',
    )
    assert.deepEqual(loaded.namespaces, ['eip155', 'solana'])
    const solana = getAccountState('solana')
    assert.equal(solana.status, 'connected')
    assert.equal(solana.address, ADDRESS)
    assert.equal(getAccountState('eip155').status, 'connected')
    assert.equal($activeAccount.get().connectedWalletInfo?.name, 'WalletConnect')

    const adapter = getAdapter('solana')
    assert.ok(adapter?.signMessage && adapter.sendTransfer)
    const message = 'Sign in to OpenModal over WalletConnect'
    const signature = await adapter.signMessage({ message, address: ADDRESS })
    const bytes = base58Decode(signature) as Uint8Array
    assert.equal(bytes.length, 64)
    assert.ok(verifyEd25519(new TextEncoder().encode(message), bytes, ADDRESS), 'ed25519 verifies')
    assert.ok(
      !verifyEd25519(new TextEncoder().encode(`${message}!`), bytes, ADDRESS),
      'and fails for another message',
    )
    const signed = wallet.requests.filter((r) => r.method === 'solana_signMessage')
    assert.equal(signed.length, 1, 'the signature came through the session')

    // 0.01 SOL to another dev key: signed and sent by the wallet (solana_signAndSendTransaction).
    const to = SOLANA_DEV_ADDRESSES[1] as string
    const lamports = SOL / 100n
    const [fromBefore, toBefore] = await Promise.all([
      balanceOf(rpc.rpcUrl, ADDRESS),
      balanceOf(rpc.rpcUrl, to),
    ])
    await adapter.sendTransfer({ to, value: lamports })
    const [fromAfter, toAfter] = await Promise.all([
      balanceOf(rpc.rpcUrl, ADDRESS),
      balanceOf(rpc.rpcUrl, to),
    ])
    assert.equal(toAfter - toBefore, lamports)
    assert.equal(fromBefore - fromAfter, lamports + 5000n, 'the amount and one signature fee')
    assert.ok(wallet.requests.some((r) => r.method === 'solana_signAndSendTransaction'))

    // Ending the session from the wallet disconnects both namespaces.
    await wallet.disconnect()
    await until(
      () =>
        getAccountState('solana').status === 'disconnected' &&
        getAccountState('eip155').status === 'disconnected',
      10_000,
      'both namespaces disconnected',
    )

    // A wallet that approves only eip155: EVM connects, Solana is skipped, not an error.
    pairWith = () => evmOnly
    await connect({ connectorId: entry.id })
    assert.deepEqual(loaded.namespaces, ['eip155'])
    assert.equal(getAccountState('eip155').status, 'connected')
    assert.equal(getAccountState('solana').status, 'disconnected')
    await disconnect()
  })
})

/** A legacy SOL transfer, unsigned, in wire format (one signer: `from`). */
function transferBytes(from: string, to: string, lamports: bigint): Uint8Array {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  return Uint8Array.from([
    1,
    ...new Uint8Array(64),
    1,
    0,
    1,
    3,
    ...(base58Decode(from) as Uint8Array),
    ...(base58Decode(to) as Uint8Array),
    ...new Uint8Array(32),
    ...new Uint8Array(32).fill(7),
    1,
    2,
    2,
    0,
    1,
    12,
    ...data,
  ])
}

describe('WalletConnect Solana wallet without core', () => {
  let relay: RelayInstance
  let rpc: SolanaRpc
  let local: CaipNetwork
  let wallet: WalletHarness

  before(async () => {
    ;[relay, rpc] = await Promise.all([startRelay(), startSolanaRpc()])
    local = await fetchSolanaLocalnet(rpc.rpcUrl)
    wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      namespaces: {
        solana: solanaNamespaceWallet({
          wallet: createSolanaDevWallet({ rpcUrl: rpc.rpcUrl }),
          chains: { [local.caipNetworkId]: 'solana:localnet' },
        }),
      },
    })
  })

  after(async () => {
    await wallet.close()
    await Promise.all([relay.stop(), rpc.stop()])
  })

  test('standard:connect pairs a Solana-only session; signTransaction signs over it', async () => {
    const dapp = await createWalletConnectClient({
      projectId: 'openmodal-test',
      relayUrl: relay.url,
      networks: [local],
      metadata,
      verify: false,
      storage: new MemoryStorage(),
      customStoragePrefix: 'solana-wallet-only',
    })
    try {
      dapp.on('uri', ({ uri }) => {
        void wallet.pair(uri)
      })
      const solana = createSolanaWallet({ client: async () => dapp, networks: [local] })
      const features = solana.wallet.features as Record<
        string,
        Record<string, (...args: unknown[]) => Promise<unknown>>
      >
      const feature = (name: string, method: string) => {
        const fn = features[name]?.[method]
        assert.ok(fn, `${name} ${method}`)
        return fn
      }
      const connectFeature = feature('standard:connect', 'connect')
      assert.deepEqual(
        await connectFeature({ silent: true }),
        { accounts: [] },
        'silent: no pairing',
      )
      assert.equal(wallet.proposals.length, 0)
      assert.ok(solana.wallet.chains.includes('solana:localnet'))

      const changes: unknown[] = []
      feature('standard:events', 'on')('change', (properties: unknown) => {
        changes.push(properties)
      })
      const { accounts } = (await connectFeature()) as { accounts: { address: string }[] }
      assert.equal(accounts[0]?.address, ADDRESS)
      assert.ok(
        accounts.every((a) => (SOLANA_DEV_ADDRESSES as readonly string[]).includes(a.address)),
      )
      assert.ok(changes.length > 0, 'the change event reported the accounts')
      assert.deepEqual(Object.keys(dapp.session?.namespaces ?? {}), ['solana'])

      const account = solana.wallet.accounts[0]
      const unsigned = transferBytes(ADDRESS, SOLANA_DEV_ADDRESSES[1] as string, 1_000_000n)
      const [output] = (await feature(
        'solana:signTransaction',
        'signTransaction',
      )({
        account,
        transaction: unsigned,
        chain: 'solana:localnet',
      })) as { signedTransaction: Uint8Array }[]
      const signedTransaction = output?.signedTransaction as Uint8Array
      const message = unsigned.subarray(65)
      assert.deepEqual(signedTransaction.subarray(65), message, 'the message is unchanged')
      assert.ok(verifyEd25519(message, signedTransaction.subarray(1, 65), ADDRESS))
      const request = wallet.requests.at(-1)
      assert.equal(request?.method, 'solana_signTransaction')
      assert.equal(
        request?.chainId,
        local.caipNetworkId,
        'the cluster name maps to the session chain',
      )

      await assert.rejects(
        feature(
          'solana:signMessage',
          'signMessage',
        )({
          account: { ...account, address: SOLANA_DEV_ADDRESSES[2] },
          message: new Uint8Array([1]),
        }) as Promise<unknown>,
        /connector account not found/i,
      )

      await feature('standard:disconnect', 'disconnect')()
      assert.equal(dapp.session, undefined)
      assert.deepEqual(solana.wallet.accounts, [])
    } finally {
      await dapp.close()
    }
  })

  test('a signature-only answer is written into the transaction', () => {
    const unsigned = transferBytes(ADDRESS, SOLANA_DEV_ADDRESSES[1] as string, 5n)
    const signature = new Uint8Array(64).fill(9)
    const signed = withSignature(unsigned, signature, base58Decode(ADDRESS) as Uint8Array)
    assert.deepEqual(signed.subarray(1, 65), signature)
    assert.deepEqual(signed.subarray(65), unsigned.subarray(65))
    assert.throws(
      () =>
        withSignature(
          unsigned,
          signature,
          base58Decode(SOLANA_DEV_ADDRESSES[1] as string) as Uint8Array,
        ),
      /not a signer/,
    )
  })
})
