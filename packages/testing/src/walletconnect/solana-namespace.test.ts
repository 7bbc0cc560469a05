import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  VersionedTransaction,
} from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { SOLANA_DEV_ADDRESSES } from '../solana/accounts.js'
import { createSolanaDevWallet } from '../solana/dev-wallet.js'
import { LOCALNET_GENESIS_HASH, type SolanaRpc, startSolanaRpc } from '../solana/rpc-server.js'
import { namespaceFixture } from './namespace-fixture.js'
import { SOLANA_WALLET_METHODS, solanaNamespaceWallet } from './solana-namespace.js'

// A dapp-side sign-client and the harness on the local relay; the harness's solana namespace
// signs with the Solana dev wallet and sends to the local litesvm RPC.
const LOCAL = `solana:${LOCALNET_GENESIS_HASH.slice(0, 32)}`
const ADDRESS = SOLANA_DEV_ADDRESSES[0]

describe('wallet harness: solana namespace', () => {
  let rpc: SolanaRpc
  let connection: Connection
  let dev: ReturnType<typeof createSolanaDevWallet>
  const { session, request } = namespaceFixture({
    namespace: 'solana',
    chain: LOCAL,
    methods: SOLANA_WALLET_METHODS,
    async start() {
      rpc = await startSolanaRpc()
      connection = new Connection(rpc.rpcUrl, 'confirmed')
      await rpc.airdrop(ADDRESS, 2n * BigInt(LAMPORTS_PER_SOL))
      dev = createSolanaDevWallet({ rpcUrl: rpc.rpcUrl })
      const wallet = solanaNamespaceWallet({ wallet: dev, chains: { [LOCAL]: 'solana:localnet' } })
      return { wallet, stop: () => rpc.stop() }
    },
  })

  const transfer = async (to: PublicKey, lamports: number) => {
    const { blockhash } = await connection.getLatestBlockhash()
    return new Transaction({ feePayer: new PublicKey(ADDRESS), recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: new PublicKey(ADDRESS), toPubkey: to, lamports }),
    )
  }
  const wire = (tx: Transaction) =>
    tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')

  test('grants the local cluster with the dev account', () => {
    assert.deepEqual(session().namespaces.solana?.accounts, [`${LOCAL}:${ADDRESS}`])
    assert.deepEqual(session().namespaces.solana?.methods, [...SOLANA_WALLET_METHODS])
  })

  test('answers solana_signMessage with an ed25519 signature that verifies', async () => {
    const message = new TextEncoder().encode('Sign in to OpenModal')
    const { signature } = await request('solana_signMessage', {
      message: bs58.encode(message),
      pubkey: ADDRESS,
    })
    assert.equal(typeof signature, 'string')
    const ok = nacl.sign.detached.verify(
      message,
      bs58.decode(signature as string),
      new PublicKey(ADDRESS).toBytes(),
    )
    assert.equal(ok, true)
    // And not for another message.
    assert.equal(
      nacl.sign.detached.verify(
        new TextEncoder().encode('something else'),
        bs58.decode(signature as string),
        new PublicKey(ADDRESS).toBytes(),
      ),
      false,
    )
  })

  test('answers solana_signTransaction and solana_signAllTransactions with signed transactions', async () => {
    const to = Keypair.generate().publicKey
    const tx = await transfer(to, 1_000_000)
    const one = await request('solana_signTransaction', { transaction: wire(tx) })
    const signed = Transaction.from(Buffer.from(one.transaction as string, 'base64'))
    assert.equal(signed.verifySignatures(), true)
    assert.equal(bs58.encode(signed.signature as Buffer), one.signature)
    const all = await request('solana_signAllTransactions', {
      transactions: [wire(tx), wire(await transfer(to, 2_000_000))],
    })
    const list = all.transactions as string[]
    assert.equal(list.length, 2)
    for (const item of list) {
      const parsed = VersionedTransaction.deserialize(Buffer.from(item, 'base64'))
      const ok = nacl.sign.detached.verify(
        parsed.message.serialize(),
        parsed.signatures[0] as Uint8Array,
        new PublicKey(ADDRESS).toBytes(),
      )
      assert.equal(ok, true)
    }
  })

  test('answers solana_signAndSendTransaction: the local cluster moves the lamports', async () => {
    const to = Keypair.generate().publicKey
    const lamports = 0.01 * LAMPORTS_PER_SOL
    const before = await connection.getBalance(new PublicKey(ADDRESS))
    const { signature } = await request('solana_signAndSendTransaction', {
      transaction: wire(await transfer(to, lamports)),
      sendOptions: { preflightCommitment: 'confirmed' },
    })
    assert.equal(typeof signature, 'string')
    const status = await connection.getSignatureStatus(signature as string)
    assert.equal(status.value?.err ?? null, null)
    assert.equal(await connection.getBalance(to), lamports)
    assert.equal(await connection.getBalance(new PublicKey(ADDRESS)), before - lamports - 5000)
  })

  test('a rejection in the dev wallet reaches the dapp as 4001', async () => {
    dev.rejectNext({ feature: 'solana:signMessage' })
    await assert.rejects(
      request('solana_signMessage', { message: bs58.encode(new Uint8Array([1])), pubkey: ADDRESS }),
      { code: 4001 },
    )
  })

  test('bad params get an invalid-params error', async () => {
    await assert.rejects(request('solana_signTransaction', { transaction: 'not base64!' }), {
      code: -32602,
    })
  })
})
