// SPL tokens on the local Solana RPC: mints and balances written by createMint and mintTo, read back
// through @solana/web3.js as from a real node (jsonParsed), and moved by the real Token program.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  sendAndConfirmTransaction,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js'
import { type SolanaRpc, startSolanaRpc } from './rpc-server.js'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  uiTokenAmount,
} from './spl.js'

const TOKEN = new PublicKey(TOKEN_PROGRAM_ID)

async function call(rpcUrl: string, method: string, params: unknown[] = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as {
    result?: { value?: unknown }
    error?: { code: number; message: string }
  }
}

/** The Token program's `Transfer` (instruction 3): amount as u64 little-endian. */
function transferInstruction(
  source: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
) {
  const data = Buffer.alloc(9)
  data[0] = 3
  data.writeBigUInt64LE(amount, 1)
  return new TransactionInstruction({
    programId: TOKEN,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  })
}

describe('SPL tokens on the local Solana RPC', () => {
  let rpc: SolanaRpc
  let connection: Connection
  const alice = Keypair.generate()
  const bob = Keypair.generate()

  before(async () => {
    rpc = await startSolanaRpc()
    connection = new Connection(rpc.rpcUrl, 'confirmed')
    await rpc.airdrop(alice.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL))
  })
  after(() => rpc.stop())

  test('derives associated token addresses as web3.js does', () => {
    for (let i = 0; i < 5; i++) {
      const owner = Keypair.generate().publicKey
      const mint = Keypair.generate().publicKey
      const [expected] = PublicKey.findProgramAddressSync(
        [owner.toBuffer(), TOKEN.toBuffer(), mint.toBuffer()],
        new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
      )
      assert.equal(associatedTokenAddress(owner.toBase58(), mint.toBase58()), expected.toBase58())
    }
  })

  test('renders token amounts as the RPC does', () => {
    assert.deepEqual(uiTokenAmount(1_500_000n, 6), {
      amount: '1500000',
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: '1.5',
    })
    assert.equal(uiTokenAmount(7n, 9).uiAmountString, '0.000000007')
    assert.equal(uiTokenAmount(0n, 2).uiAmountString, '0')
    assert.equal(uiTokenAmount(42n, 0).uiAmountString, '42')
  })

  test('getTokenAccountsByOwner answers jsonParsed like a real node, by program and by mint', async () => {
    const owner = alice.publicKey.toBase58()
    const mint = rpc.createMint({ decimals: 6, mintAuthority: owner })
    const account = rpc.mintTo(mint, owner, 2_500_000n)
    assert.equal(account, associatedTokenAddress(owner, mint))
    const byProgram = await connection.getParsedTokenAccountsByOwner(alice.publicKey, {
      programId: TOKEN,
    })
    assert.equal(byProgram.value.length, 1)
    const [entry] = byProgram.value
    assert.equal(entry?.pubkey.toBase58(), account)
    assert.ok(entry?.account.owner.equals(TOKEN))
    assert.deepEqual(entry?.account.data, {
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint,
          owner,
          state: 'initialized',
          tokenAmount: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' },
        },
      },
      space: 165,
    })
    const byMint = await connection.getParsedTokenAccountsByOwner(alice.publicKey, {
      mint: new PublicKey(mint),
    })
    assert.deepEqual(
      byMint.value.map((e) => e.pubkey.toBase58()),
      [account],
    )
    const other = await connection.getParsedTokenAccountsByOwner(bob.publicKey, {
      programId: TOKEN,
    })
    assert.deepEqual(other.value, [])
    // Without jsonParsed the data stays the raw 165 bytes, owner at offset 32.
    const raw = await connection.getTokenAccountsByOwner(alice.publicKey, { programId: TOKEN })
    assert.equal(raw.value[0]?.account.data.length, 165)
    assert.ok(raw.value[0]?.account.data.subarray(32, 64).equals(alice.publicKey.toBuffer()))

    const balance = await connection.getTokenAccountBalance(new PublicKey(account))
    assert.equal(balance.value.amount, '2500000')
    const supply = await connection.getTokenSupply(new PublicKey(mint))
    assert.equal(supply.value.amount, '2500000')
    const parsedMint = await connection.getParsedAccountInfo(new PublicKey(mint))
    assert.deepEqual(parsedMint.value?.data, {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: owner,
          supply: '2500000',
        },
      },
      space: 82,
    })
  })

  test('the real Token program moves minted tokens, and refuses more than the balance', async () => {
    const mint = rpc.createMint({ decimals: 2 })
    const source = rpc.mintTo(mint, alice.publicKey.toBase58(), 1_000n)
    const destination = rpc.mintTo(mint, bob.publicKey.toBase58(), 0n)
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        transferInstruction(
          new PublicKey(source),
          new PublicKey(destination),
          alice.publicKey,
          250n,
        ),
      ),
      [alice],
    )
    assert.equal(
      (await connection.getTokenAccountBalance(new PublicKey(source))).value.amount,
      '750',
    )
    assert.equal(
      (await connection.getTokenAccountBalance(new PublicKey(destination))).value.uiAmountString,
      '2.5',
    )
    await assert.rejects(
      sendAndConfirmTransaction(
        connection,
        new Transaction().add(
          transferInstruction(
            new PublicKey(source),
            new PublicKey(destination),
            alice.publicKey,
            751n,
          ),
        ),
        [alice],
      ),
      /custom program error: 0x1/,
    )
  })

  test('creates an associated token account and transfers into it as a cluster does; without the create it fails', async () => {
    const mint = rpc.createMint({ decimals: 3 })
    const owner = alice.publicKey
    const source = new PublicKey(rpc.mintTo(mint, owner.toBase58(), 9_000n))
    const receiver = Keypair.generate().publicKey
    const destination = new PublicKey(associatedTokenAddress(receiver.toBase58(), mint))
    const mintKey = new PublicKey(mint)
    // TransferChecked (12): amount u64 LE, then the mint's decimals.
    const transferChecked = (amount: bigint, decimals: number) => {
      const data = Buffer.alloc(10)
      data[0] = 12
      data.writeBigUInt64LE(amount, 1)
      data[9] = decimals
      return new TransactionInstruction({
        programId: TOKEN,
        keys: [
          { pubkey: source, isSigner: false, isWritable: true },
          { pubkey: mintKey, isSigner: false, isWritable: false },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: owner, isSigner: true, isWritable: false },
        ],
        data,
      })
    }
    // No token account at the destination: the Token program refuses (as on a real cluster).
    await assert.rejects(
      sendAndConfirmTransaction(connection, new Transaction().add(transferChecked(1n, 3)), [alice]),
      /invalid account data for instruction/,
    )
    assert.equal(await connection.getAccountInfo(destination), null)
    // CreateIdempotent (1) of the associated token program, then the transfer.
    const create = new TransactionInstruction({
      programId: new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
      keys: [
        { pubkey: owner, isSigner: true, isWritable: true },
        { pubkey: destination, isSigner: false, isWritable: true },
        { pubkey: receiver, isSigner: false, isWritable: false },
        { pubkey: mintKey, isSigner: false, isWritable: false },
        {
          pubkey: new PublicKey('11111111111111111111111111111111'),
          isSigner: false,
          isWritable: false,
        },
        { pubkey: TOKEN, isSigner: false, isWritable: false },
      ],
      data: Buffer.from([1]),
    })
    const rent = BigInt(await connection.getMinimumBalanceForRentExemption(165))
    const before = BigInt(await connection.getBalance(owner))
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(create, transferChecked(2_500n, 3)),
      [alice],
    )
    assert.equal((await connection.getTokenAccountBalance(destination)).value.amount, '2500')
    assert.equal((await connection.getTokenAccountBalance(source)).value.amount, '6500')
    // The payer funds the new account with its rent-exempt minimum, plus the fee.
    assert.equal(BigInt(await connection.getBalance(owner)), before - rent - 5000n)
    assert.equal(BigInt(await connection.getBalance(destination)), rent)
    // Wrong decimals: transferChecked refuses (MintDecimalsMismatch).
    await assert.rejects(
      sendAndConfirmTransaction(connection, new Transaction().add(transferChecked(1n, 6)), [alice]),
      /custom program error: 0x12/,
    )
  })

  test('Token-2022 mints are listed under their program as spl-token-2022', async () => {
    const owner = bob.publicKey.toBase58()
    const mint = rpc.createMint({ decimals: 9, tokenProgram: TOKEN_2022_PROGRAM_ID })
    const account = rpc.mintTo(mint, owner, 3n)
    assert.equal(account, associatedTokenAddress(owner, mint, TOKEN_2022_PROGRAM_ID))
    const listed = await connection.getParsedTokenAccountsByOwner(bob.publicKey, {
      programId: new PublicKey(TOKEN_2022_PROGRAM_ID),
    })
    assert.equal(listed.value.length, 1)
    const data = listed.value[0]?.account.data as { program: string; parsed: { info: unknown } }
    assert.equal(data.program, 'spl-token-2022')
    assert.deepEqual((data.parsed.info as { tokenAmount: unknown }).tokenAmount, {
      amount: '3',
      decimals: 9,
      uiAmount: 3e-9,
      uiAmountString: '0.000000003',
    })
  })

  test('refuses what is not a mint or a token account', async () => {
    assert.throws(() => rpc.mintTo(alice.publicKey.toBase58(), bob.publicKey.toBase58(), 1n), {
      message: /is not a mint/,
    })
    assert.throws(() => rpc.createMint({ decimals: 256 }), RangeError)
    assert.throws(() => rpc.mintTo('nope', bob.publicKey.toBase58(), 1n), /Invalid param/)
    const notToken = await call(rpc.rpcUrl, 'getTokenAccountBalance', [alice.publicKey.toBase58()])
    assert.equal(notToken.error?.code, -32602)
    assert.match(notToken.error?.message ?? '', /not a Token account/)
    const noFilter = await call(rpc.rpcUrl, 'getTokenAccountsByOwner', [
      alice.publicKey.toBase58(),
      {},
      { encoding: 'jsonParsed' },
    ])
    assert.equal(noFilter.error?.code, -32602)
  })
})
