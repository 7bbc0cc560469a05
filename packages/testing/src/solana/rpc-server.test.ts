import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { LOCALNET_GENESIS_HASH, type SolanaRpc, startSolanaRpc } from './rpc-server.js'

async function call(rpcUrl: string, method: string, params: unknown[] = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

describe('startSolanaRpc', () => {
  let rpc: SolanaRpc
  let connection: Connection
  const payer = Keypair.generate()

  before(async () => {
    rpc = await startSolanaRpc()
    connection = new Connection(rpc.rpcUrl, 'confirmed')
    await rpc.airdrop(payer.publicKey.toBase58(), 5n * BigInt(LAMPORTS_PER_SOL))
  })
  after(() => rpc.stop())

  test('serves HTTP on a loopback port and the WebSocket on the next one', () => {
    assert.match(rpc.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.equal(rpc.wsUrl, `ws://127.0.0.1:${rpc.port + 1}`)
  })

  test('answers web3.js reads with context-wrapped values', async () => {
    assert.equal(await connection.getBalance(payer.publicKey), 5 * LAMPORTS_PER_SOL)
    assert.equal(await connection.getGenesisHash(), LOCALNET_GENESIS_HASH)
    assert.equal(await connection.getMinimumBalanceForRentExemption(0), 890_880)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    assert.ok(lastValidBlockHeight > (await connection.getBlockHeight()))
    assert.equal((await connection.isBlockhashValid(blockhash)).value, true)
    assert.ok((await connection.getSlot()) > 0)
    assert.ok('solana-core' in (await connection.getVersion()))
    const info = await connection.getAccountInfo(payer.publicKey)
    assert.equal(info?.lamports, 5 * LAMPORTS_PER_SOL)
    assert.ok(info?.owner.equals(SystemProgram.programId))
    assert.equal(await connection.getAccountInfo(Keypair.generate().publicKey), null)
    const tokens = await connection.getTokenAccountsByOwner(payer.publicKey, {
      programId: new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    })
    assert.deepEqual(tokens.value, [])
  })

  test('confirms a transfer over the signature subscription and charges 5000 lamports', async () => {
    const to = Keypair.generate().publicKey
    const before = await connection.getBalance(payer.publicKey)
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 }),
    )
    tx.feePayer = payer.publicKey
    tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    assert.equal(await tx.getEstimatedFee(connection), 5000)
    const signature = await sendAndConfirmTransaction(connection, tx, [payer])
    assert.equal(await connection.getBalance(to), 1_000_000)
    assert.equal(await connection.getBalance(payer.publicKey), before - 1_000_000 - 5000)
    const { value } = await connection.getSignatureStatuses([signature, '1'.repeat(88)])
    assert.equal(value[0]?.err, null)
    assert.equal(value[0]?.confirmationStatus, 'finalized')
    assert.equal(value[1], null)
  })

  test('sends the same transfer twice as two transactions', async () => {
    const to = Keypair.generate().publicKey
    const transfer = () =>
      sendAndConfirmTransaction(
        connection,
        new Transaction().add(
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 900_000 }),
        ),
        [payer],
      )
    const first = await transfer()
    const second = await transfer()
    assert.notEqual(first, second)
    assert.equal(await connection.getBalance(to), 1_800_000)
  })

  test('refuses in preflight a transfer leaving a new account under rent exemption', async () => {
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1000,
      }),
    )
    const before = await connection.getBalance(payer.publicKey)
    await assert.rejects(sendAndConfirmTransaction(connection, tx, [payer]), (error) => {
      assert.ok(error instanceof SendTransactionError)
      assert.match(error.message, /insufficient funds for rent/)
      return true
    })
    assert.equal(await connection.getBalance(payer.publicKey), before, 'nothing was charged')
  })

  test('reports a failed transaction sent without preflight in its status', async () => {
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1000,
      }),
    )
    const latest = await connection.getLatestBlockhash()
    tx.recentBlockhash = latest.blockhash
    tx.sign(payer)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    const { value } = await connection.confirmTransaction({ signature, ...latest })
    assert.deepEqual(value.err, { InsufficientFundsForRent: { account_index: 1 } })
  })

  test('simulates without committing and reports errors as values', async () => {
    const to = Keypair.generate().publicKey
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 2_000_000 }),
    )
    const ok = await connection.simulateTransaction(tx, [payer])
    assert.equal(ok.value.err, null)
    assert.ok(ok.value.logs?.some((line) => line.includes('success')))
    assert.equal(await connection.getBalance(to), 0)
    const stale = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1 }))
    const encoded = stale.serialize({ requireAllSignatures: false }).toString('base64')
    const unknown = await call(rpc.rpcUrl, 'simulateTransaction', [encoded, { encoding: 'base64' }])
    assert.equal((unknown.result as { value: { err: unknown } }).value.err, 'BlockhashNotFound')
    const replaced = await call(rpc.rpcUrl, 'simulateTransaction', [
      encoded,
      { encoding: 'base64', replaceRecentBlockhash: true },
    ])
    const value = (replaced.result as { value: { err: unknown } }).value
    assert.deepEqual(value.err, { InsufficientFundsForRent: { account_index: 1 } })
  })

  test('credits requestAirdrop and confirms it', async () => {
    const to = Keypair.generate().publicKey
    const signature = await connection.requestAirdrop(to, LAMPORTS_PER_SOL)
    const latest = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature, ...latest }, 'finalized')
    assert.equal(await connection.getBalance(to, 'processed'), LAMPORTS_PER_SOL)
  })

  test('accepts every commitment level of spec §9 and refuses others', async () => {
    for (const commitment of [
      'processed',
      'confirmed',
      'finalized',
      'recent',
      'single',
      'singleGossip',
      'root',
      'max',
    ]) {
      const answer = await call(rpc.rpcUrl, 'getBalance', [
        payer.publicKey.toBase58(),
        { commitment },
      ])
      assert.equal(answer.error, undefined, commitment)
    }
    const bad = await call(rpc.rpcUrl, 'getBalance', [
      payer.publicKey.toBase58(),
      { commitment: 'eventually' },
    ])
    assert.equal(bad.error?.code, -32602)
  })

  test('answers unknown methods, bad addresses and batches as a JSON-RPC node', async () => {
    assert.equal((await call(rpc.rpcUrl, 'eth_chainId')).error?.code, -32601)
    assert.equal((await call(rpc.rpcUrl, 'getBalance', ['0xnot-base58'])).error?.code, -32602)
    const response = await fetch(rpc.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'getGenesisHash' },
      ]),
    })
    const batch = (await response.json()) as Array<{ id: number; result: unknown }>
    assert.deepEqual(
      batch.map((r) => r.id),
      [1, 2],
    )
    assert.equal(batch[1]?.result, LOCALNET_GENESIS_HASH)
  })
})

test('stop closes subscription sockets so web3.js does not reconnect', async () => {
  const rpc = await startSolanaRpc()
  const connection = new Connection(rpc.rpcUrl, 'confirmed')
  const to = Keypair.generate().publicKey
  const signature = await connection.requestAirdrop(to, LAMPORTS_PER_SOL)
  // confirmTransaction leaves web3.js' socket open (it closes it after 500 ms idle).
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
  const started = Date.now()
  await rpc.stop()
  assert.ok(Date.now() - started < 1000, 'stop took over a second')
  // web3.js would retry every second: listen on the socket's port and count attempts.
  let attempts = 0
  const trap = createServer((socket) => {
    attempts++
    socket.destroy()
  })
  await new Promise<void>((resolve) => trap.listen(rpc.port + 1, '127.0.0.1', resolve))
  await new Promise((resolve) => setTimeout(resolve, 1500))
  await new Promise((resolve) => trap.close(resolve))
  assert.equal(attempts, 0)
  const again = await startSolanaRpc({ port: rpc.port })
  assert.equal(again.port, rpc.port, 'both ports are free again')
  await again.stop()
})
