import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { withLocalStorage } from '../local-storage-stand-in.js'
import { SOLANA_DEV_ADDRESSES, SOLANA_DEV_SEEDS } from './accounts.js'
import { createSolanaDevWallet, type SolanaDevWallet } from './dev-wallet.js'
import { type SolanaRpc, startSolanaRpc } from './rpc-server.js'
import { verifySolanaSignature } from './verify.js'

// @wallet-standard/app binds to `window` on its first use; Node has none, so give it one.
const win = globalThis as { window?: EventTarget }
win.window ??= new EventTarget()

type Method = (...args: unknown[]) => Promise<unknown>
/** `wallet.features[name][method]`, bound, or a failed test when the wallet lacks it. */
type MethodName =
  | 'connect'
  | 'disconnect'
  | 'on'
  | 'signMessage'
  | 'signTransaction'
  | 'signAndSendTransaction'
  | 'signIn'
function feature(wallet: Wallet, name: string): Readonly<Record<MethodName, Method>> {
  const object = (wallet.features as Record<string, Record<string, unknown>>)[name]
  assert.ok(object, `the wallet lacks ${name}`)
  return new Proxy(object as Record<MethodName, Method>, {
    get(target, key: MethodName) {
      const method = target[key]
      assert.equal(typeof method, 'function', `${name} lacks ${key}`)
      return method
    },
  })
}
const connect = (dev: SolanaDevWallet, input?: unknown) =>
  feature(dev.wallet, 'standard:connect').connect(input) as Promise<{
    accounts: readonly { address: string }[]
  }>

test('the dev addresses are the public keys of the dev seeds', () => {
  const dev = createSolanaDevWallet({ accounts: [0, 1, 2, 3] })
  assert.deepEqual(dev.addresses, SOLANA_DEV_ADDRESSES)
  assert.equal(SOLANA_DEV_SEEDS.length, SOLANA_DEV_ADDRESSES.length)
})

describe('registration', () => {
  test('registers with an app that is already listening (getWallets)', () => {
    const wallets = getWallets()
    const dev = createSolanaDevWallet({ name: 'Registers Late' })
    const unregister = dev.register()
    assert.ok(wallets.get().includes(dev.wallet))
    unregister()
    assert.ok(!wallets.get().includes(dev.wallet))
  })

  test('registers when the app announces itself later (app-ready)', () => {
    const page = new EventTarget()
    const dev = createSolanaDevWallet()
    const unregister = dev.register(page)
    const registered: Wallet[] = []
    page.dispatchEvent(
      new CustomEvent('wallet-standard:app-ready', {
        detail: {
          register: (...list: Wallet[]) => {
            registered.push(...list)
            return () => registered.splice(0)
          },
        },
      }),
    )
    assert.deepEqual(registered, [dev.wallet])
    unregister()
    assert.deepEqual(registered, [])
  })
})

describe('standard features', () => {
  test('persistKey keeps the grant across a reload; disconnect forgets it', () =>
    withLocalStorage(async () => {
      await connect(createSolanaDevWallet({ persistKey: 'sol' }))
      // A reload: a new wallet reading the same storage answers the silent connect.
      const again = createSolanaDevWallet({ persistKey: 'sol' })
      assert.equal((await connect(again, { silent: true })).accounts.length, 1)
      assert.deepEqual(
        (await connect(createSolanaDevWallet({ persistKey: 'other' }), { silent: true })).accounts,
        [],
      )
      await feature(again.wallet, 'standard:disconnect').disconnect()
      const after = createSolanaDevWallet({ persistKey: 'sol' })
      assert.deepEqual((await connect(after, { silent: true })).accounts, [])
    }))

  test('connect grants the accounts; a silent connect never does', async () => {
    const dev = createSolanaDevWallet({ accounts: [1] })
    assert.deepEqual((await connect(dev, { silent: true })).accounts, [])
    assert.equal(dev.wallet.accounts.length, 0)
    const { accounts } = await connect(dev)
    assert.deepEqual(
      accounts.map((a) => a.address),
      [SOLANA_DEV_ADDRESSES[1]],
    )
    assert.equal((await connect(dev, { silent: true })).accounts.length, 1)
    assert.ok(dev.wallet.accounts[0]?.features.includes('solana:signMessage'))
    await feature(dev.wallet, 'standard:disconnect').disconnect()
    assert.deepEqual((await connect(dev, { silent: true })).accounts, [])
  })

  test('reports account changes, revocation and malformed payloads through change', async () => {
    const dev = createSolanaDevWallet({ accounts: [0] })
    const seen: unknown[] = []
    const on = feature(dev.wallet, 'standard:events').on as unknown as (
      event: string,
      listener: (properties: unknown) => void,
    ) => () => void
    const off = on('change', (properties) => seen.push(properties))
    await connect(dev)
    dev.setAccounts([2])
    dev.emitMalformed({ accounts: 'not-an-array' })
    dev.revoke()
    off()
    dev.emitMalformed({ accounts: [] })
    const addresses = (value: unknown) =>
      (value as { accounts: { address: string }[] }).accounts.map((a) => a.address)
    assert.equal(seen.length, 4)
    assert.deepEqual(addresses(seen[0]), [SOLANA_DEV_ADDRESSES[0]])
    assert.deepEqual(addresses(seen[1]), [SOLANA_DEV_ADDRESSES[2]])
    assert.deepEqual(seen[2], { accounts: 'not-an-array' })
    assert.deepEqual(addresses(seen[3]), [])
    assert.equal(dev.authorized, false)
  })

  test('signs a message with ed25519 that tweetnacl verifies', async () => {
    const dev = createSolanaDevWallet()
    const [account] = (await connect(dev)).accounts
    const message = new TextEncoder().encode('Hello from OpenModal')
    const [output] = (await feature(dev.wallet, 'solana:signMessage').signMessage({
      account,
      message,
    })) as [{ signature: Uint8Array; signedMessage: Uint8Array }]
    assert.deepEqual(output.signedMessage, message)
    assert.ok(
      nacl.sign.detached.verify(message, output.signature, bs58.decode(account?.address ?? '')),
    )
    assert.ok(
      !nacl.sign.detached.verify(new Uint8Array([1]), output.signature, dev.keyPair(0).publicKey),
    )
  })

  test('refuses to sign for an app it has not granted', async () => {
    const dev = createSolanaDevWallet()
    const account = { address: SOLANA_DEV_ADDRESSES[0] }
    await assert.rejects(
      feature(dev.wallet, 'solana:signMessage').signMessage({
        account,
        message: new Uint8Array([1]),
      }) as Promise<unknown>,
      { code: 4100 },
    )
  })

  test('signs legacy and v0 transactions in its signer slot', async () => {
    const dev = createSolanaDevWallet()
    const [account] = (await connect(dev)).accounts
    const payer = new PublicKey(account?.address ?? '')
    const cosigner = Keypair.generate()
    const blockhash = Keypair.generate().publicKey.toBase58()
    const legacy = new Transaction({
      feePayer: cosigner.publicKey,
      recentBlockhash: blockhash,
    }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: cosigner.publicKey, lamports: 1 }))
    legacy.partialSign(cosigner)
    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer,
        recentBlockhash: blockhash,
        instructions: [
          SystemProgram.transfer({ fromPubkey: payer, toPubkey: cosigner.publicKey, lamports: 1 }),
        ],
      }).compileToV0Message(),
    )
    const outputs = (await feature(dev.wallet, 'solana:signTransaction').signTransaction(
      { account, transaction: legacy.serialize({ requireAllSignatures: false }) },
      { account, transaction: v0.serialize() },
    )) as { signedTransaction: Uint8Array }[]
    const signedLegacy = Transaction.from(outputs[0]?.signedTransaction ?? new Uint8Array())
    assert.ok(signedLegacy.verifySignatures(), 'both signatures of the legacy transaction verify')
    const signedV0 = VersionedTransaction.deserialize(
      outputs[1]?.signedTransaction ?? new Uint8Array(),
    )
    assert.ok(
      nacl.sign.detached.verify(
        signedV0.message.serialize(),
        signedV0.signatures[0] ?? new Uint8Array(64),
        payer.toBytes(),
      ),
    )
  })
})

describe('signAndSendTransaction against the local RPC', () => {
  let rpc: SolanaRpc
  before(async () => {
    rpc = await startSolanaRpc()
  })
  after(() => rpc.stop())

  test('signs, sends and lands a transfer on the chain it is asked for', async () => {
    const dev = createSolanaDevWallet({ rpcUrls: { 'solana:localnet': rpc.rpcUrl } })
    const [account] = (await connect(dev)).accounts
    const from = new PublicKey(account?.address ?? '')
    await rpc.airdrop(from.toBase58(), LAMPORTS_PER_SOL)
    const connection = new Connection(rpc.rpcUrl, 'confirmed')
    const to = Keypair.generate().publicKey
    const latest = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: from, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_000_000 }),
    )
    const transaction = tx.serialize({ requireAllSignatures: false })
    const send = feature(dev.wallet, 'solana:signAndSendTransaction').signAndSendTransaction
    await assert.rejects(
      send({ account, transaction, chain: 'solana:mainnet' }) as Promise<unknown>,
      {
        code: 4901,
      },
    )
    const [output] = (await send({ account, transaction, chain: 'solana:localnet' })) as [
      { signature: Uint8Array },
    ]
    const signature = bs58.encode(output.signature)
    const { value } = await connection.confirmTransaction({ signature, ...latest })
    assert.equal(value.err, null)
    assert.equal(await connection.getBalance(to), 1_000_000)
    assert.equal(await connection.getBalance(from), LAMPORTS_PER_SOL - 1_000_000 - 5000)
  })

  test('passes the RPC error of a failing transfer to the app', async () => {
    const dev = createSolanaDevWallet({ rpcUrl: rpc.rpcUrl, accounts: [3] })
    const [account] = (await connect(dev)).accounts
    const from = new PublicKey(account?.address ?? '')
    await rpc.airdrop(from.toBase58(), LAMPORTS_PER_SOL)
    const latest = await new Connection(rpc.rpcUrl).getLatestBlockhash()
    const tx = new Transaction({ feePayer: from, ...latest }).add(
      SystemProgram.transfer({
        fromPubkey: from,
        toPubkey: Keypair.generate().publicKey,
        lamports: 10,
      }),
    )
    await assert.rejects(
      feature(dev.wallet, 'solana:signAndSendTransaction').signAndSendTransaction({
        account,
        transaction: tx.serialize({ requireAllSignatures: false }),
        chain: 'solana:localnet',
      }) as Promise<unknown>,
      { code: -32002, message: /insufficient funds for rent/ },
    )
  })
})

describe('fault controls', () => {
  test('rejectNext rejects only the matching call, once', async () => {
    const dev = createSolanaDevWallet()
    dev.rejectNext({ feature: 'solana:signMessage' })
    const [account] = (await connect(dev)).accounts
    const sign = () =>
      feature(dev.wallet, 'solana:signMessage').signMessage({
        account,
        message: new Uint8Array([1]),
      }) as Promise<unknown>
    await assert.rejects(sign(), { code: 4001, message: 'User rejected the request.' })
    await sign()
    assert.deepEqual(
      dev.calls.map((c) => c.feature),
      ['standard:connect', 'solana:signMessage', 'solana:signMessage'],
    )
  })

  test('neverSettleNext leaves the call pending and delay slows every call', async () => {
    const dev = createSolanaDevWallet()
    dev.neverSettleNext()
    const pending = await Promise.race([
      connect(dev).then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
    ])
    assert.equal(pending, 'pending')
    dev.delay(60)
    const started = Date.now()
    await connect(dev)
    assert.ok(Date.now() - started >= 55)
  })
})

test('verifySolanaSignature accepts the signer and refuses another key or message', async () => {
  const dev = createSolanaDevWallet()
  const [account] = (await connect(dev)).accounts
  const message = 'verify me'
  const [output] = (await feature(dev.wallet, 'solana:signMessage').signMessage({
    account,
    message: new TextEncoder().encode(message),
  })) as [{ signature: Uint8Array }]
  const signature = bs58.encode(output.signature)
  const address = account?.address ?? ''
  assert.equal(verifySolanaSignature({ address, message, signature }), true)
  assert.equal(verifySolanaSignature({ address, message: 'other', signature }), false)
  assert.equal(
    verifySolanaSignature({ address: SOLANA_DEV_ADDRESSES[1], message, signature }),
    false,
  )
  assert.equal(verifySolanaSignature({ address: '0OIl', message, signature }), false)
})

test('solana:signIn connects, writes the Sign-In With Solana text and signs it', async () => {
  const dev = createSolanaDevWallet({ accounts: [0, 1] })
  const [output] = (await feature(dev.wallet, 'solana:signIn').signIn({
    domain: 'app.example.com',
    address: SOLANA_DEV_ADDRESSES[1],
    statement: 'Sign in to Example',
    uri: 'https://app.example.com',
    version: '1',
    chainId: 'devnet',
    nonce: 'abcdEFGH1234',
    issuedAt: '2026-01-01T00:00:00.000Z',
  })) as [{ account: { address: string }; signedMessage: Uint8Array; signature: Uint8Array }]
  const text = new TextDecoder().decode(output.signedMessage)
  assert.equal(
    text,
    `app.example.com wants you to sign in with your Solana account:\n${SOLANA_DEV_ADDRESSES[1]}\n\nSign in to Example\n\nURI: https://app.example.com\nVersion: 1\nChain ID: devnet\nNonce: abcdEFGH1234\nIssued At: 2026-01-01T00:00:00.000Z`,
  )
  assert.equal(output.account.address, SOLANA_DEV_ADDRESSES[1])
  const signature = bs58.encode(output.signature)
  assert.equal(
    verifySolanaSignature({ address: SOLANA_DEV_ADDRESSES[1], message: text, signature }),
    true,
  )
  assert.equal(dev.wallet.accounts.length, 2, 'signIn connected the wallet')
  // Without an address it signs in with the first account; a signMessage-only wallet lacks it.
  const [first] = (await feature(dev.wallet, 'solana:signIn').signIn({ domain: 'a.example' })) as [
    { account: { address: string }; signedMessage: Uint8Array },
  ]
  assert.equal(first.account.address, SOLANA_DEV_ADDRESSES[0])
  assert.equal(
    new TextDecoder().decode(first.signedMessage),
    `a.example wants you to sign in with your Solana account:\n${SOLANA_DEV_ADDRESSES[0]}`,
  )
  const plain = createSolanaDevWallet({ omitFeatures: ['solana:signIn'] })
  assert.equal('solana:signIn' in plain.wallet.features, false)
  assert.ok(!dev.wallet.accounts[0]?.features.includes('solana:signIn'))
})
