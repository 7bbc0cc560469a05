// A Bitcoin session over WalletConnect, end to end: core with the Bitcoin adapter, the
// `walletConnect()` entry, the real wallet harness on the local relay answering the bip122
// namespace with the Bitcoin dev wallet, and the regtest ledger behind its Esplora API.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { bitcoinAdapter } from '@openmodal/bitcoin'
import { bitcoinRegtest } from '@openmodal/bitcoin/networks'
import {
  $activeAccount,
  base64Decode,
  base64Encode,
  type CaipNetwork,
  connect,
  createModalClient,
  disconnect,
  getAccountState,
  getAdapter,
} from '@openmodal/core/internal'
import { bitcoinDevKeys, createBitcoinDevWallet } from '@openmodal/testing/bitcoin'
import {
  type BitcoinRegtest,
  bitcoinNamespaceWallet,
  createWalletHarness,
  type RelayInstance,
  startBitcoinRegtest,
  startRelay,
  type WalletHarness,
} from '@openmodal/testing/node'
import { Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { BIP122_EVENTS, BIP122_METHODS } from '../client/constants.js'
import { createWalletConnectClient } from '../client/create-client.js'
import { walletConnect } from '../entry/wallet-connect-entry.js'
import { metadata, until } from '../testing/setup.js'
import { MemoryStorage } from '../utils/memory-storage.js'
import { createBitcoinWallet } from './standard-wallet.js'

// The wallet-standard registry binds to `window`; Node has none (an EventTarget is enough).
const scope = globalThis as { window?: EventTarget }
scope.window ??= new EventTarget()

const keys = bitcoinDevKeys(0)
const PAYMENT = keys.payment.address
const ORDINALS = keys.ordinals.address

describe('WalletConnect Bitcoin wallet', () => {
  let relay: RelayInstance
  let regtest: BitcoinRegtest
  let network: CaipNetwork
  let wallet: WalletHarness

  before(async () => {
    ;[relay, regtest] = await Promise.all([startRelay(), startBitcoinRegtest()])
    network = bitcoinRegtest(regtest.url)
    regtest.faucet(PAYMENT, 1_000_000)
    const dev = createBitcoinDevWallet({ esploraUrl: regtest.url })
    wallet = await createWalletHarness({
      relayUrl: relay.url,
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }],
      namespaces: { bip122: bitcoinNamespaceWallet({ wallet: dev }) },
    })
  })

  after(async () => {
    await disconnect().catch(() => undefined)
    await wallet.close()
    await Promise.all([relay.stop(), regtest.stop()])
  })

  test('the Bitcoin adapter connects, signs and sends through the bip122 namespace', async () => {
    const entry = walletConnect({
      relayUrl: relay.url,
      verify: false,
      storage: new MemoryStorage(),
      customStoragePrefix: 'bitcoin-wallet-test',
      // EIP-6963 announcements go here (Node's globalThis is no EventTarget).
      target: new EventTarget(),
    })
    const adapter = bitcoinAdapter()
    createModalClient({
      projectId: 'openmodal-test',
      networks: [network],
      metadata,
      adapters: [adapter],
      walletConnect: entry,
    })
    const loaded = await entry.load()
    loaded.onUri(({ uri }) => {
      void wallet.pair(uri)
    })

    await connect({ connectorId: entry.id })

    const asked = wallet.proposals.at(-1)?.optionalNamespaces.bip122
    assert.deepEqual(asked?.chains, [network.caipNetworkId], 'the proposal asks for regtest')
    assert.deepEqual(asked?.methods, [...BIP122_METHODS])
    assert.deepEqual(asked?.events, [...BIP122_EVENTS])
    assert.deepEqual(loaded.namespaces, ['bip122'])
    const account = getAccountState('bip122')
    assert.equal(account.status, 'connected')
    assert.equal(account.address, PAYMENT, 'the payment address is the connected one')
    assert.equal($activeAccount.get().connectedWalletInfo?.name, 'WalletConnect')

    assert.equal(getAdapter('bip122'), adapter)

    // Accounts with their purpose, from the wallet's getAccountAddresses.
    const addresses = (await adapter.request({ method: 'getAccountAddresses' })) as Array<{
      address: string
      intention: string
    }>
    assert.deepEqual(
      addresses.map((a) => [a.address, a.intention]),
      [
        [PAYMENT, 'payment'],
        [ORDINALS, 'ordinal'],
      ],
    )
    assert.ok(wallet.requests.some((r) => r.method === 'getAccountAddresses'))

    // BIP-322 by default, checked by bip322-js (not the wallet's library).
    const message = 'Sign in to OpenModal over WalletConnect'
    const signature = await adapter.signMessage({ message, address: PAYMENT })
    assert.ok(Verifier.verifySignature(PAYMENT, message, signature), 'BIP-322 verifies')
    assert.ok(!Verifier.verifySignature(PAYMENT, `${message}!`, signature))
    const signed = wallet.requests.filter((r) => r.method === 'signMessage')
    assert.equal(signed.length, 1, 'the signature came through the session')
    assert.equal((signed[0]?.params as { protocol?: string } | undefined)?.protocol, 'bip322')

    // sendTransfer: the wallet builds, signs and broadcasts; the ledger holds the payment.
    const to = bitcoinDevKeys(5).payment.address
    const txid = await adapter.sendTransfer({ to, value: 25_000n })
    assert.ok(regtest.ledger.tx(txid), 'the transaction is on the regtest ledger')
    regtest.mine(1)
    assert.equal(regtest.ledger.balance(to), 25_000n)
    assert.ok(wallet.requests.some((r) => r.method === 'sendTransfer'))

    // signPsbt without broadcast: the signed PSBT finalizes and the ledger accepts it (the
    // ledger checks the signature).
    const utxo = regtest.ledger.utxos(PAYMENT).find((u) => u.value > 100_000n)
    assert.ok(utxo)
    const tx = new Transaction()
    tx.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: keys.payment.script, amount: utxo.value },
    })
    tx.addOutputAddress(to, 10_000n, regtest.ledger.network)
    tx.addOutputAddress(PAYMENT, utxo.value - 11_000n, regtest.ledger.network)
    const unsigned = base64Encode(tx.toPSBT())
    const answer = await adapter.signPsbt({ psbt: unsigned, signInputs: { [PAYMENT]: [0] } })
    assert.notEqual(answer.psbt, unsigned)
    const signedTx = Transaction.fromPSBT(base64Decode(answer.psbt) as Uint8Array)
    signedTx.finalize()
    const broadcast = regtest.ledger.broadcast(signedTx.hex)
    regtest.mine(1)
    assert.equal(regtest.ledger.balance(to), 35_000n, `${broadcast} paid the recipient`)

    // Ending the session from the wallet disconnects the Bitcoin account.
    await wallet.disconnect()
    await until(
      () => getAccountState('bip122').status === 'disconnected',
      10_000,
      'bip122 disconnected',
    )
  })

  test('the wallet-standard wallet: bad input, a rejection and bip122_addressesChanged', async () => {
    const client = await createWalletConnectClient({
      projectId: 'openmodal-test',
      relayUrl: relay.url,
      networks: [network],
      metadata,
      verify: false,
      storage: new MemoryStorage(),
      customStoragePrefix: 'bitcoin-wallet-unit',
    })
    const off = client.on('uri', ({ uri }) => {
      void wallet.pair(uri)
    })
    try {
      const { wallet: btc } = createBitcoinWallet({
        client: async () => client,
        networks: [network],
      })
      assert.deepEqual(btc.chains, [network.caipNetworkId, 'bitcoin:regtest'])
      const feature = <T>(name: string, method: string) =>
        (btc.features[name] as Record<string, T>)[method] as T
      const connectFn = feature<(i?: { silent?: boolean }) => Promise<{ accounts: unknown[] }>>(
        'bitcoin:connect',
        'connect',
      )
      // Silent: no pairing, no accounts.
      assert.deepEqual((await connectFn({ silent: true })).accounts, [])
      await connectFn()
      assert.deepEqual(
        btc.accounts.map((a) => [a.address, a.purpose]),
        [
          [PAYMENT, 'payment'],
          [ORDINALS, 'ordinals'],
        ],
      )
      assert.equal(btc.accounts[0]?.publicKey.length, 33, 'the wallet told the public key')
      const [payment] = btc.accounts

      const send = feature<(i: unknown) => Promise<{ txid: string }>>(
        'bip122:sendTransfer',
        'sendTransfer',
      )
      await assert.rejects(send({ account: payment, recipientAddress: PAYMENT, amount: 0n }), {
        code: 'INVALID_PARAMS',
      })
      await assert.rejects(
        send({ account: { address: 'bcrt1qnotours' }, recipientAddress: PAYMENT, amount: 1n }),
        { code: 'CONNECTOR_ACCOUNT_NOT_FOUND' },
      )
      await assert.rejects(
        send({ account: payment, recipientAddress: PAYMENT, amount: 1n, chain: 'bitcoin:mainnet' }),
        { code: 'UNSUPPORTED_CHAIN' },
      )

      // The user says no in the wallet: the wallet's 5000 comes back as a rejection.
      const sign = feature<(i: unknown) => Promise<unknown>>('bitcoin:signMessage', 'signMessage')
      wallet.rejectNextRequest(5000, 'signMessage')
      await assert.rejects(
        sign({ account: payment, message: new TextEncoder().encode('no') }),
        (error: { code?: unknown }) => error.code === 5000 || error.code === 4001,
      )

      // The wallet announces other addresses: the accounts follow, listeners hear of it.
      const changes: unknown[] = []
      const on = feature<(e: string, l: (p: unknown) => void) => () => void>(
        'standard:events',
        'on',
      )
      const stop = on('change', (properties) => changes.push(properties))
      const other = bitcoinDevKeys(3).payment.address
      const topic = wallet.sessions.at(-1)?.topic as string
      await wallet.client.emit({
        topic,
        chainId: network.caipNetworkId,
        event: { name: 'bip122_addressesChanged', data: [{ address: other }] },
      })
      await until(() => changes.length > 0, 5_000, 'a change event')
      stop()
      assert.deepEqual(
        btc.accounts.map((a) => [a.address, a.purpose]),
        [[other, 'payment']],
      )
    } finally {
      off()
      await client.disconnect().catch(() => undefined)
      await client.close()
    }
  })

  test('a restored session answers a silent connect at once; the purposes follow', async () => {
    const storage = new MemoryStorage()
    const options = {
      projectId: 'openmodal-test',
      relayUrl: relay.url,
      networks: [network],
      metadata,
      verify: false,
      storage,
      customStoragePrefix: 'bitcoin-wallet-restore',
    }
    const first = await createWalletConnectClient(options)
    const off = first.on('uri', ({ uri }) => {
      void wallet.pair(uri)
    })
    await first.connect()
    off()
    const topic = first.session?.topic
    await first.close()

    // The page reloads: a new client restores the session from storage.
    const restored = await createWalletConnectClient(options)
    try {
      assert.equal(restored.session?.topic, topic, 'the same session')
      const { wallet: btc } = createBitcoinWallet({
        client: async () => restored,
        networks: [network],
      })
      const changes: Array<{ accounts?: unknown }> = []
      const on = (btc.features['standard:events'] as Record<string, unknown>).on as (
        e: string,
        l: (p: { accounts?: unknown }) => void,
      ) => () => void
      const stop = on('change', (properties) => changes.push(properties))
      const connectFn = (btc.features['standard:connect'] as Record<string, unknown>)
        .connect as (i?: { silent?: boolean }) => Promise<{ accounts: unknown[] }>
      const asked = wallet.requests.length
      const { accounts } = await connectFn({ silent: true })
      // At once: the session's account, as payment, before the wallet said anything.
      assert.deepEqual(
        (accounts as Array<{ address: string; purpose: string }>).map((a) => [
          a.address,
          a.purpose,
        ]),
        [[PAYMENT, 'payment']],
      )
      // Then the wallet's answer brings the ordinals address with its purpose.
      await until(
        () => btc.accounts.some((a) => a.purpose === 'ordinals'),
        5_000,
        'the purposes after the restore',
      )
      stop()
      assert.deepEqual(
        btc.accounts.map((a) => [a.address, a.purpose]),
        [
          [PAYMENT, 'payment'],
          [ORDINALS, 'ordinals'],
        ],
      )
      assert.ok(changes.some((c) => Array.isArray(c.accounts) && c.accounts.length === 2))
      assert.deepEqual(
        wallet.requests.slice(asked).map((r) => r.method),
        ['getAccountAddresses'],
        'one read, in the background',
      )
    } finally {
      await restored.disconnect().catch(() => undefined)
      await restored.close()
    }
  })
})
