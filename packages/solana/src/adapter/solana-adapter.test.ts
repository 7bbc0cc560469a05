import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { adapterContract } from '@openmodal/core/adapter-contract'
import type { AdapterEvent } from '@openmodal/core/internal'
import { base58Encode, base64Decode, base64Encode } from '@openmodal/core/internal'
import {
  adapterFixture,
  associatedTokenAddress,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@openmodal/testing/node'
import { SOLANA_DEV_ADDRESSES, verifySolanaSignature } from '@openmodal/testing/solana'
import { Keypair } from '@solana/web3.js'
import { solanaDevnet } from '../networks/networks.js'
import {
  type LocalSolana,
  registerDevWallet,
  runtimeBalance,
  SOL,
  startLocalSolana,
} from '../testing/setup.js'
import { solanaAdapter } from './solana-adapter.js'

let local: LocalSolana

/** A fresh wallet address: a keypair's public key (on the curve, unlike random bytes). */
const freshWallet = () => Keypair.generate().publicKey.toBase58()

/** A dev wallet on the local RPC and a fresh adapter per test; both removed after it. */
const { setup, defer, discover } = adapterFixture({
  async start() {
    local = await startLocalSolana()
    for (const address of SOLANA_DEV_ADDRESSES) await local.rpc.airdrop(address, 10n * SOL)
    return local
  },
  register: (l, options: Parameters<typeof registerDevWallet>[0] = {}) =>
    registerDevWallet({ rpcUrl: l.rpc.rpcUrl, ...options }),
  connectorId: (dev) => dev.name,
  createAdapter: () => solanaAdapter(),
  network: (l) => l.network,
})

describe('solanaAdapter against the local litesvm RPC', () => {
  test('names the local cluster by its genesis hash', () => {
    assert.equal(local.network.caipNetworkId, `solana:${local.rpc.genesisHash.slice(0, 32)}`)
    assert.equal(local.network.nativeCurrency.decimals, 9)
  })

  test('connects the dev wallet; its balance is the runtime’s, in lamports with 9 decimals', async () => {
    const { connect, adapter } = setup()
    const { accounts, chainId } = await connect()
    assert.equal(chainId, local.network.id)
    assert.deepEqual(
      accounts.map((a) => [a.address, a.namespace, a.type]),
      [[SOLANA_DEV_ADDRESSES[0], 'solana', 'eoa']],
    )
    assert.equal(accounts[0]?.publicKey, SOLANA_DEV_ADDRESSES[0])
    const address = SOLANA_DEV_ADDRESSES[0]
    const balance = await adapter.getBalance({ address, network: local.network })
    assert.equal(balance.value, runtimeBalance(local.rpc, address))
    assert.ok(balance.value > 0n)
    assert.deepEqual([balance.decimals, balance.symbol], [9, 'SOL'])
  })

  test('signs a message that tweetnacl verifies against the address', async () => {
    const { connect, adapter } = setup()
    const [account] = (await connect()).accounts
    const address = account?.address ?? ''
    const message = 'Sign in to OpenModal\nNonce: 42'
    const signature = await adapter.signMessage({ message, address })
    assert.ok(verifySolanaSignature({ address, message, signature }))
    assert.ok(!verifySolanaSignature({ address, message: `${message}!`, signature }))
  })

  test('sends 0.01 SOL: the recipient gains it, the sender pays it plus the 5000-lamport fee', async () => {
    const { connect, adapter, dev } = setup({ accounts: [1] })
    const [account] = (await connect()).accounts
    const from = account?.address ?? ''
    const to = SOLANA_DEV_ADDRESSES[2]
    const [fromBefore, toBefore] = [runtimeBalance(local.rpc, from), runtimeBalance(local.rpc, to)]
    const amount = SOL / 100n
    const signature = await adapter.sendTransfer({ to, value: amount })
    assert.equal(runtimeBalance(local.rpc, to), toBefore + amount)
    assert.equal(runtimeBalance(local.rpc, from), fromBefore - amount - 5000n)
    // The estimate the Send view shows is what the transfer cost.
    const fee = (await adapter.estimateTransferFee?.({ to, value: amount }))?.value
    assert.equal(fee, fromBefore - amount - runtimeBalance(local.rpc, from))
    assert.equal(local.rpc.ledger.status(signature)?.err, null)
    assert.deepEqual(
      dev.calls.map((c) => c.feature),
      ['standard:connect', 'solana:signAndSendTransaction'],
    )
  })

  test('signs then sends itself through a wallet without signAndSendTransaction', async () => {
    const { connect, adapter, dev } = setup({
      accounts: [1],
      omitFeatures: ['solana:signAndSendTransaction'],
    })
    await connect()
    const to = base58Encode(crypto.getRandomValues(new Uint8Array(32)))
    const signature = await adapter.sendTransfer({ to, value: SOL / 100n })
    assert.equal(runtimeBalance(local.rpc, to), SOL / 100n)
    assert.equal(local.rpc.ledger.status(signature)?.err, null)
    assert.ok(dev.calls.some((c) => c.feature === 'solana:signTransaction'))
  })

  test('refuses, before the wallet is asked, a transfer leaving a new recipient under rent', async () => {
    const { connect, adapter, dev } = setup({ accounts: [1] })
    await connect()
    const to = base58Encode(crypto.getRandomValues(new Uint8Array(32)))
    await assert.rejects(adapter.sendTransfer({ to, value: 1000n }), {
      code: 'RENT_EXEMPT_MINIMUM',
      shortMessage: 'The recipient is a new account: send at least 0.00089088 SOL',
    })
    assert.equal(runtimeBalance(local.rpc, to), 0n)
    assert.ok(!dev.calls.some((c) => c.feature === 'solana:signAndSendTransaction'))
  })

  test('reports a rent failure the chain gives with the same clear message', async () => {
    // A race: the recipient holds SOL when the adapter checks, and is emptied while the
    // wallet asks its user; the wallet's preflight then meets the runtime's rent rule.
    const { connect, adapter, dev } = setup({ accounts: [1] })
    await connect()
    const to = base58Encode(crypto.getRandomValues(new Uint8Array(32)))
    await local.rpc.airdrop(to, SOL / 100n)
    dev.delay(100)
    const sending = adapter.sendTransfer({ to, value: 1000n })
    while (!dev.calls.some((c) => c.feature === 'solana:signAndSendTransaction')) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const svm = local.rpc.ledger.svm
    svm.setAccount({
      address: to,
      lamports: 0n,
      data: new Uint8Array(0),
      programAddress: '11111111111111111111111111111111',
      executable: false,
      space: 0n,
    } as unknown as Parameters<typeof svm.setAccount>[0])
    await assert.rejects(sending, {
      code: 'RENT_EXEMPT_MINIMUM',
      shortMessage: 'The recipient is a new account: send at least 0.00089088 SOL',
    })
    assert.equal(runtimeBalance(local.rpc, to), 0n)
  })

  describe('SPL token transfers', () => {
    /** Raw token amount of `owner`'s associated account for `mint`, as the runtime holds it. */
    const tokenBalance = async (mint: string, owner: string, program = TOKEN_PROGRAM_ID) => {
      const account = associatedTokenAddress(owner, mint, program)
      const info = local.rpc.ledger.svm.getAccount(account as never)
      if (!info.exists) return undefined
      const data = info.data
      return new DataView(data.buffer, data.byteOffset, data.length).getBigUint64(64, true)
    }

    test('sends to a receiver with a token account: transferChecked, the fee for one signature', async () => {
      const { connect, adapter, dev } = setup({ accounts: [1] })
      const from = (await connect()).accounts[0]?.address ?? ''
      const to = SOLANA_DEV_ADDRESSES[2]
      const mint = local.rpc.createMint({ decimals: 6 })
      local.rpc.mintTo(mint, from, 5_000_000n)
      local.rpc.mintTo(mint, to, 1n)
      const fee = (
        await adapter.estimateTransferFee?.({ to, value: 1_250_000n, tokenAddress: mint })
      )?.value
      assert.equal(fee, 5000n)
      const solBefore = runtimeBalance(local.rpc, from)
      const signature = await adapter.sendTransfer({ to, value: 1_250_000n, tokenAddress: mint })
      assert.equal(local.rpc.ledger.status(signature)?.err, null)
      assert.equal(await tokenBalance(mint, from), 3_750_000n)
      assert.equal(await tokenBalance(mint, to), 1_250_001n)
      assert.equal(runtimeBalance(local.rpc, from), solBefore - 5000n)
      assert.ok(dev.calls.some((c) => c.feature === 'solana:signAndSendTransaction'))
    })

    test('creates the receiver’s associated account when missing; its rent is in the fee', async () => {
      const { connect, adapter } = setup({ accounts: [1] })
      const from = (await connect()).accounts[0]?.address ?? ''
      const to = freshWallet()
      const mint = local.rpc.createMint({ decimals: 9 })
      local.rpc.mintTo(mint, from, 10n ** 9n)
      const rent = local.rpc.ledger.svm.minimumBalanceForRentExemption(165n)
      const fee = (await adapter.estimateTransferFee?.({ to, value: 7n, tokenAddress: mint }))
        ?.value
      assert.equal(fee, 5000n + rent)
      const solBefore = runtimeBalance(local.rpc, from)
      await adapter.sendTransfer({ to, value: 7n, tokenAddress: mint })
      assert.equal(await tokenBalance(mint, to), 7n)
      assert.equal(await tokenBalance(mint, from), 10n ** 9n - 7n)
      // What the estimate said is what it cost.
      assert.equal(runtimeBalance(local.rpc, from), solBefore - (fee ?? 0n))
      // Now the account exists: the next estimate is the bare fee.
      assert.equal(
        (await adapter.estimateTransferFee?.({ to, value: 7n, tokenAddress: mint }))?.value,
        5000n,
      )
    })

    test('sends Token-2022 tokens, creating the receiver’s account under that program', async () => {
      const { connect, adapter } = setup({ accounts: [1] })
      const from = (await connect()).accounts[0]?.address ?? ''
      const to = freshWallet()
      const mint = local.rpc.createMint({ decimals: 2, tokenProgram: TOKEN_2022_PROGRAM_ID })
      local.rpc.mintTo(mint, from, 500n)
      await adapter.sendTransfer({ to, value: 120n, tokenAddress: mint })
      assert.equal(await tokenBalance(mint, to, TOKEN_2022_PROGRAM_ID), 120n)
      assert.equal(await tokenBalance(mint, from, TOKEN_2022_PROGRAM_ID), 380n)
    })

    test('refuses before the wallet is asked: no mint, a token-account receiver, too few tokens', async () => {
      const { connect, adapter, dev } = setup({ accounts: [1] })
      const from = (await connect()).accounts[0]?.address ?? ''
      const mint = local.rpc.createMint({ decimals: 6 })
      const own = local.rpc.mintTo(mint, from, 100n)
      const to = SOLANA_DEV_ADDRESSES[2]
      await assert.rejects(adapter.sendTransfer({ to, value: 1n, tokenAddress: from }), {
        code: 'INVALID_TRANSFER',
      })
      await assert.rejects(adapter.sendTransfer({ to: own, value: 1n, tokenAddress: mint }), {
        code: 'INVALID_RECEIVER',
        details: `${own} is a token account: send to its owner's wallet address`,
      })
      const vault = associatedTokenAddress(freshWallet(), mint)
      await assert.rejects(adapter.sendTransfer({ to: vault, value: 1n, tokenAddress: mint }), {
        code: 'INVALID_RECEIVER',
        details: `${vault} is a program address, not a wallet`,
      })
      await assert.rejects(adapter.sendTransfer({ to, value: 101n, tokenAddress: mint }), {
        code: 'INSUFFICIENT_BALANCE',
      })
      assert.ok(!dev.calls.some((c) => c.feature === 'solana:signAndSendTransaction'))
      assert.equal(await tokenBalance(mint, from), 100n)
    })

    test('keeps a wallet’s rejection of a token transfer as the wallet said it', async () => {
      const { connect, adapter, dev } = setup({ accounts: [1] })
      const from = (await connect()).accounts[0]?.address ?? ''
      const mint = local.rpc.createMint({ decimals: 6 })
      local.rpc.mintTo(mint, from, 100n)
      dev.rejectNext({ feature: 'solana:signAndSendTransaction' })
      const to = SOLANA_DEV_ADDRESSES[2]
      await assert.rejects(adapter.sendTransfer({ to, value: 1n, tokenAddress: mint }), {
        code: 4001,
      })
      assert.equal(await tokenBalance(mint, from), 100n)
    })
  })

  test('passes a wallet rejection through with its code', async () => {
    const { connect, dev, adapter } = setup()
    dev.rejectNext({ feature: 'standard:connect' })
    await assert.rejects(connect(), { code: 4001 })
    await connect()
    dev.rejectNext()
    await assert.rejects(adapter.signMessage({ message: 'x', address: SOLANA_DEV_ADDRESSES[0] }), {
      code: 4001,
    })
  })

  test('reconnects silently only while the wallet still grants the app', async () => {
    const { connect, dev } = setup()
    const fresh = solanaAdapter()
    defer(() => fresh.disconnect())
    const params = { connectorId: dev.name, network: local.network }
    assert.equal(await fresh.reconnect(params), null, 'never granted')
    assert.ok(dev.calls.every((c) => (c.input as { silent?: boolean }).silent === true))
    await connect()
    const again = await fresh.reconnect(params)
    assert.equal(again?.accounts[0]?.address, SOLANA_DEV_ADDRESSES[0])
    await fresh.disconnect()
    assert.equal(await fresh.reconnect(params), null, 'disconnected by the user on this page')
  })

  test('turns wallet changes into accountsChanged, an empty list into disconnect', async () => {
    const { connect, dev, adapter } = setup({ accounts: [0, 1] })
    await connect()
    const seen: AdapterEvent[] = []
    adapter.on((event) => seen.push(event))
    dev.setAccounts([2])
    dev.emitMalformed({ accounts: [{ address: '<img src=x onerror=alert(1)>' }] })
    dev.emitMalformed('not an object')
    dev.revoke()
    assert.deepEqual(
      seen.map((e) => e.type),
      ['accountsChanged', 'disconnect'],
    )
    const first = seen[0]
    assert.ok(first?.type === 'accountsChanged')
    assert.deepEqual(
      first.accounts.map((a) => a.address),
      [SOLANA_DEV_ADDRESSES[2]],
    )
    assert.deepEqual(await adapter.getAccounts(), [])
  })

  test('routes the spec’s solana_* requests to the wallet', async () => {
    const { connect, adapter } = setup({ accounts: [1] })
    await connect()
    const address = SOLANA_DEV_ADDRESSES[1]
    const message = base58Encode(new TextEncoder().encode('raw'))
    const { signature } = (await adapter.request({
      method: 'solana_signMessage',
      params: { message, pubkey: address },
    })) as { signature: string }
    assert.ok(verifySolanaSignature({ address, message: 'raw', signature }))

    const { Connection, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js')
    const connection = new Connection(local.rpc.rpcUrl, 'confirmed')
    const transfer = async (lamports: number) => {
      const latest = await connection.getLatestBlockhash()
      const from = new PublicKey(address)
      return base64Encode(
        new Transaction({ feePayer: from, ...latest })
          .add(
            SystemProgram.transfer({
              fromPubkey: from,
              toPubkey: new PublicKey(SOLANA_DEV_ADDRESSES[3]),
              lamports,
            }),
          )
          .serialize({ requireAllSignatures: false }),
      )
    }
    const signed = (await adapter.request({
      method: 'solana_signTransaction',
      params: { transaction: await transfer(1_000_000) },
    })) as { signature: string; transaction: string }
    const tx = Transaction.from(base64Decode(signed.transaction) ?? new Uint8Array())
    assert.ok(tx.verifySignatures())
    assert.equal(base58Encode(tx.signature ?? new Uint8Array()), signed.signature)

    const all = (await adapter.request({
      method: 'solana_signAllTransactions',
      params: { transactions: [await transfer(1_000_001), await transfer(1_000_002)] },
    })) as { transactions: string[] }
    assert.equal(all.transactions.length, 2)
    for (const t of all.transactions) {
      assert.ok(Transaction.from(base64Decode(t) ?? new Uint8Array()).verifySignatures())
    }

    const before = runtimeBalance(local.rpc, SOLANA_DEV_ADDRESSES[3])
    const sent = (await adapter.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction: await transfer(2_000_000) },
    })) as { signature: string }
    assert.equal(local.rpc.ledger.status(sent.signature)?.err, null)
    assert.equal(runtimeBalance(local.rpc, SOLANA_DEV_ADDRESSES[3]), before + 2_000_000n)

    await assert.rejects(adapter.request({ method: 'eth_sendTransaction', params: [] }), {
      code: 'UNSUPPORTED_METHOD',
    })
    await assert.rejects(
      adapter.request({ method: 'solana_signTransaction', params: { transaction: 42 } }),
      { code: 'INVALID_PARAMS' },
    )
  })

  test('switches between clusters and reports chainChanged', async () => {
    const { connect, adapter } = setup()
    await connect()
    const seen: AdapterEvent[] = []
    adapter.on((event) => seen.push(event))
    await adapter.switchNetwork(solanaDevnet)
    await adapter.switchNetwork(solanaDevnet)
    assert.deepEqual(seen, [{ type: 'chainChanged', chainId: solanaDevnet.id }])
  })
})

describe('discovery of wallet-standard wallets', () => {
  test('lists a wallet with a hostile name and icon as text, without the icon', async () => {
    const hostile = '<img src=x onerror="globalThis.__pwned=1">\u202eWallet\u0000'
    const { adapter } = setup({ name: hostile, icon: 'javascript:globalThis.__pwned=1' })
    const svg = setup({ name: 'Svg Wallet', icon: 'data:text/html,<script>x</script>' })
    const connectors = await discover(adapter)
    const listed = connectors.find((c) => c.name.startsWith('<img'))
    assert.ok(listed, 'the wallet is listed')
    assert.equal(listed.name, '<img src=x onerror="globalThis.__pwned=1">Wallet')
    assert.equal(listed.imageUrl, undefined)
    assert.equal(connectors.find((c) => c.name === svg.dev.name)?.imageUrl, undefined)
    assert.equal((globalThis as { __pwned?: unknown }).__pwned, undefined)
    for (const c of connectors) assert.deepEqual(c.namespaces, ['solana'])
  })

  test('keeps the first of two wallets with the same name and a safe icon', async () => {
    const { dev, adapter } = setup({ name: 'Phantom Twin' })
    const twin = registerDevWallet({ name: 'phantom twin', icon: 'data:image/png;base64,AAAA' })
    defer(twin.unregister)
    const connectors = (await discover(adapter)).filter(
      (c) => c.name.toLowerCase() === 'phantom twin',
    )
    assert.equal(connectors.length, 1)
    assert.equal(connectors[0]?.name, 'Phantom Twin')
    assert.ok(connectors[0]?.imageUrl?.startsWith('data:image/svg+xml,'))
    const { accounts } = await adapter.connect({
      connectorId: 'Phantom Twin',
      network: local.network,
    })
    assert.equal(accounts.length, 1)
    assert.equal(dev.calls.length, 1, 'the first wallet answered')
    assert.equal(twin.calls.length, 0)
  })

  test('ignores wallets without a solana chain or standard:connect', async () => {
    const { adapter } = setup({ name: 'Solana Only' })
    const evmOnly = registerDevWallet({ name: 'Evm Only', chains: ['eip155:1'] })
    const noConnect = registerDevWallet({ name: 'No Connect', omitFeatures: ['standard:connect'] })
    defer(evmOnly.unregister, noConnect.unregister)
    const names = (await discover(adapter)).map((c) => c.name)
    assert.ok(names.includes('Solana Only'))
    assert.ok(!names.includes('Evm Only'))
    assert.ok(!names.includes('No Connect'))
  })
})

describe('adapter contract', () => {
  for (const c of adapterContract(() => {
    const { dev, adapter } = setup()
    return {
      adapter,
      connectorId: dev.name,
      network: local.network,
      otherNetwork: solanaDevnet,
      verifySignature: async (params) => verifySolanaSignature(params),
      triggerAccountsChanged: () => dev.setAccounts([1]),
    }
  })) {
    test(c.name, c.run)
  }
})
