// The wallet adapter against a real modal client (core's stores and actions), the real
// solanaAdapter, the wallet-standard dev wallet and the local litesvm RPC: wallet-adapter's
// state follows the modal both ways, and a transaction built by a dapp lands on the cluster.
// The React side (`useWallet`, `useConnection`) is the consumer test's solana-adapter example.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createModalClient, type ModalInstance } from '@openmodal/core'
import { $connectors, base58Encode, getAccountState } from '@openmodal/core/internal'
import { SOLANA_DEV_ADDRESSES, verifySolanaSignature } from '@openmodal/testing/solana'
import { WalletConnectionError, WalletNotConnectedError } from '@solana/wallet-adapter-base'
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { solanaAdapter } from '../adapter/solana-adapter.js'
import {
  type LocalSolana,
  registerDevWallet,
  runtimeBalance,
  SOL,
  startLocalSolana,
} from '../testing/setup.js'
import { OpenModalWalletAdapter, OpenModalWalletName } from './wallet-adapter.js'

function until(check: () => boolean, what: string) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now()
    const tick = () => {
      if (check()) resolve()
      else if (Date.now() - started > 5000) reject(new Error(`timed out waiting for ${what}`))
      else setTimeout(tick, 5)
    }
    tick()
  })
}

describe('OpenModalWalletAdapter over the modal’s Solana connection', () => {
  let local: LocalSolana
  let modal: ModalInstance
  let adapter: OpenModalWalletAdapter
  let walletName: string
  let stopWatching: () => void
  const events: string[] = []

  before(async () => {
    local = await startLocalSolana()
    await local.rpc.airdrop(SOLANA_DEV_ADDRESSES[0], 10n * SOL)
    walletName = registerDevWallet({ rpcUrl: local.rpc.rpcUrl }).name
    modal = createModalClient({
      projectId: 'test-project',
      networks: [local.network],
      adapters: [solanaAdapter()],
      basic: true,
    })
    // What the Connect view does: watching the connectors starts wallet-standard discovery.
    stopWatching = $connectors.listen(() => {})
    await until(
      () => $connectors.get().some((c) => c.id === walletName),
      'the dev wallet to be discovered',
    )
    adapter = new OpenModalWalletAdapter({ modal })
    adapter.on('connect', (key) => events.push(`connect ${key.toBase58()}`))
    adapter.on('disconnect', () => events.push('disconnect'))
    adapter.on('error', (error) => events.push(`error ${error.name}`))
  })

  after(async () => {
    stopWatching()
    await local.stop()
  })

  test('is a Loadable wallet named OpenModal, disconnected while the modal is', async () => {
    assert.equal(adapter.name, OpenModalWalletName)
    assert.equal(adapter.readyState, 'Loadable')
    assert.match(adapter.icon, /^data:image\/svg\+xml;base64,/)
    assert.equal(adapter.publicKey, null)
    // autoConnect never opens the modal: without a connection it fails, and the modal stays shut.
    await assert.rejects(adapter.autoConnect(), WalletNotConnectedError)
    assert.equal(modal.getState().open, false)
  })

  test('connect() opens the modal on Solana wallets; closing it rejects "Modal closed"', async () => {
    const connecting = adapter.connect()
    await until(() => modal.getState().open, 'the modal to open')
    assert.equal(modal.getState().view, 'Connect')
    modal.close()
    await assert.rejects(connecting, (error: Error) => {
      assert.ok(error instanceof WalletConnectionError)
      assert.equal(error.message, 'Modal closed')
      return true
    })
    assert.equal(adapter.connected, false)
  })

  test('connect() resolves once the visitor connected a wallet in the modal', async () => {
    events.length = 0
    const connecting = adapter.connect()
    await until(() => modal.getState().open, 'the modal to open')
    await modal.connect(walletName)
    await connecting
    assert.equal(adapter.publicKey?.toBase58(), SOLANA_DEV_ADDRESSES[0])
    assert.equal(adapter.connected, true)
    assert.deepEqual(events, [`connect ${SOLANA_DEV_ADDRESSES[0]}`])
  })

  test('sendTransaction of SOL, built by the dapp on its Connection, lands on the cluster', async () => {
    const connection = new Connection(local.rpc.rpcUrl, 'confirmed')
    const to = SOLANA_DEV_ADDRESSES[1]
    const before = runtimeBalance(local.rpc, to)
    const from = adapter.publicKey as PublicKey
    const transaction = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: from,
        toPubkey: new PublicKey(to),
        lamports: SOL / 10n,
      }),
    )
    const signature = await adapter.sendTransaction(transaction, connection)
    const { value } = await connection.confirmTransaction(signature, 'confirmed')
    assert.equal(value.err, null)
    assert.equal(runtimeBalance(local.rpc, to), before + SOL / 10n)
  })

  test('signMessage: the signature verifies against the address', async () => {
    const message = 'Sign in to the dapp'
    const signature = await adapter.signMessage(new TextEncoder().encode(message))
    const address = SOLANA_DEV_ADDRESSES[0]
    assert.ok(verifySolanaSignature({ address, message, signature: base58Encode(signature) }))
  })

  test('disconnect() disconnects the modal; a connect made in the modal reaches the adapter', async () => {
    events.length = 0
    await adapter.disconnect()
    assert.equal(getAccountState('solana').status, 'disconnected')
    assert.equal(adapter.publicKey, null)
    await modal.connect(walletName)
    await until(() => adapter.connected, 'the adapter to follow the modal')
    await modal.disconnect('solana')
    await until(() => !adapter.connected, 'the adapter to follow the disconnect')
    assert.deepEqual(events, ['disconnect', `connect ${SOLANA_DEV_ADDRESSES[0]}`, 'disconnect'])
    await assert.rejects(
      adapter.signMessage(new Uint8Array([1])),
      (error: Error) => error instanceof WalletNotConnectedError,
    )
  })
})
