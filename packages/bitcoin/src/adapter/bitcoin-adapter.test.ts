import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { adapterContract } from '@openmodal/core/adapter-contract'
import type { AdapterEvent } from '@openmodal/core/internal'
import { bitcoinDevKeys, bitcoinStandardWallet } from '@openmodal/testing/bitcoin'
import { adapterFixture } from '@openmodal/testing/node'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { bitcoin, bitcoinTestnet } from '../networks/networks.js'
import {
  BTC,
  createRegistry,
  registerDevWallet,
  startLocalBitcoin,
  verifyBitcoinSignature,
} from '../testing/setup.js'
import { type BitcoinAdapter, bitcoinAdapter } from './bitcoin-adapter.js'

let local: Awaited<ReturnType<typeof startLocalBitcoin>>

const { setup, defer, discover } = adapterFixture({
  async start() {
    local = await startLocalBitcoin()
    for (const account of [0, 1, 2]) {
      local.regtest.faucet(bitcoinDevKeys(account).payment.address, BTC)
    }
    return local
  },
  register: (l, options: Parameters<typeof registerDevWallet>[0] = {}) =>
    registerDevWallet({ esploraUrl: l.regtest.url, ...options }),
  connectorId: (dev) => dev.id,
  createAdapter: () => bitcoinAdapter(),
  network: (l) => l.network,
})

describe('bitcoinAdapter with the sats-connect dev wallet on the regtest ledger', () => {
  test('connects: the payment account first, then the ordinals one, on the regtest CAIP id', async () => {
    const { connect, adapter } = setup()
    const { accounts, chainId } = await connect()
    assert.equal(local.network.caipNetworkId, 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    assert.equal(chainId, '0f9188f13cb7b2c71f2a335e3a4fc328')
    const keys = bitcoinDevKeys(0)
    assert.deepEqual(
      accounts.map((a) => [a.address, a.namespace, a.type, (a as { purpose?: string }).purpose]),
      [
        [keys.payment.address, 'bip122', 'payment', 'payment'],
        [keys.ordinals.address, 'bip122', undefined, 'ordinals'],
      ],
    )
    assert.equal(accounts[0]?.publicKey, keys.payment.publicKey)
    assert.deepEqual(adapter.getAccountAddresses(), accounts)
  })

  test('falls back to getAddresses for a wallet without getAccounts', async () => {
    const { connect, dev } = setup({ omitMethods: ['getAccounts'] })
    const { accounts } = await connect()
    assert.equal(accounts[0]?.address, bitcoinDevKeys(0).payment.address)
    assert.deepEqual(
      dev.calls.map((c) => c.method),
      ['getAccounts', 'getAddresses'],
    )
  })

  test('reads the balance from the ledger in sats with 8 decimals, mempool included', async () => {
    const { connect, adapter } = setup({ account: 1 })
    const [account] = (await connect()).accounts
    const address = account?.address ?? ''
    const before = await adapter.getBalance({ address, network: local.network })
    assert.deepEqual(
      [before.value, before.decimals, before.symbol],
      [local.regtest.ledger.balance(address), 8, 'rBTC'],
    )
    local.regtest.ledger.faucet(address, 12_345, { mine: false })
    const after = await adapter.getBalance({ address, network: local.network })
    assert.equal(after.value, before.value + 12_345n)
    await assert.rejects(
      adapter.getBalance({ address: 'bc1qnotregtest', network: local.network }),
      {
        code: 'INVALID_ADDRESS',
      },
    )
  })

  test('sends sats: the wallet broadcasts, the txid is in the ledger, balances move', async () => {
    const { connect, adapter, dev } = setup({ account: 2 })
    const [account] = (await connect()).accounts
    const from = account?.address ?? ''
    const to = bitcoinDevKeys(6).payment.address
    const fromBefore = local.regtest.ledger.balance(from)
    const txid = await adapter.sendTransfer({ to, value: 50_000n })
    const tx = local.regtest.ledger.tx(txid)
    assert.ok(tx, 'the ledger knows the txid')
    local.regtest.mine(1)
    assert.equal(local.regtest.ledger.balance(to), 50_000n)
    assert.equal(local.regtest.ledger.balance(from), fromBefore - 50_000n - tx.fee)
    assert.deepEqual(
      dev.calls.map((c) => c.method),
      ['getAccounts', 'sendTransfer'],
    )
    await assert.rejects(adapter.sendTransfer({ to: 'not-an-address', value: 1n }), {
      code: 'INVALID_ADDRESS',
    })
    await assert.rejects(adapter.sendTransfer({ to, value: 0n }), { code: 'INVALID_AMOUNT' })
    await assert.rejects(adapter.sendTransfer({ to, value: 1n, tokenAddress: 'rune' }), {
      code: 'UNSUPPORTED_TOKEN_TRANSFER',
    })
    await assert.rejects(adapter.sendTransfer({ to, value: 10n * BTC }), (error: Error) =>
      /Insufficient funds/.test(error.message),
    )
  })

  test('builds the PSBT itself for a sats-connect wallet without sendTransfer', async () => {
    const { connect, adapter, dev } = setup({ account: 12, omitMethods: ['sendTransfer'] })
    const from = bitcoinDevKeys(12).payment.address
    local.regtest.faucet(from, 90_000)
    await connect()
    const to = bitcoinDevKeys(13).payment.address
    const txid = await adapter.sendTransfer({ to, value: 40_000n })
    assert.ok(local.regtest.ledger.tx(txid))
    assert.equal(local.regtest.ledger.balance(to), 40_000n)
    assert.deepEqual(
      dev.calls.map((c) => c.method),
      ['getAccounts', 'sendTransfer', 'signPsbt'],
    )
  })

  test('signs messages with BIP-322 by default and ECDSA on request; bip322-js verifies both', async () => {
    const { connect, adapter } = setup()
    const [payment, ordinals] = (await connect()).accounts
    const message = 'OpenModal wants you to sign in\nNonce: 81'
    const address = payment?.address ?? ''
    const bip322 = await adapter.signMessage({ message, address })
    const ecdsa = await adapter.signMessage({ message, address, protocol: 'ECDSA' })
    assert.notEqual(bip322, ecdsa)
    for (const signature of [bip322, ecdsa]) {
      assert.ok(verifyBitcoinSignature({ address, message, signature }))
      assert.ok(!verifyBitcoinSignature({ address, message: `${message}!`, signature }))
    }
    const taproot = ordinals?.address ?? ''
    const answer = (await adapter.request({
      method: 'signMessage',
      params: { address: taproot, message, protocol: 'bip322' },
    })) as { address: string; signature: string }
    assert.equal(answer.address, taproot)
    assert.ok(verifyBitcoinSignature({ address: taproot, message, signature: answer.signature }))
  })

  test('signs a PSBT; the signed transaction verifies in the ledger', async () => {
    const { connect, adapter } = setup({ account: 4 })
    const [payment] = (await connect()).accounts
    const keys = bitcoinDevKeys(4)
    local.regtest.faucet(keys.payment.address, 80_000)
    const [utxo] = local.regtest.ledger.utxos(keys.payment.address)
    assert.ok(utxo)
    const unsigned = new Transaction()
    unsigned.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: keys.payment.script, amount: utxo.value },
    })
    unsigned.addOutputAddress(
      bitcoinDevKeys(7).payment.address,
      70_000n,
      local.regtest.ledger.network,
    )
    const { psbt, txid } = await adapter.signPsbt({
      psbt: base64.encode(unsigned.toPSBT()),
      signInputs: { [payment?.address ?? '']: [0] },
    })
    assert.equal(txid, undefined)
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    signed.finalize()
    assert.equal(local.regtest.ledger.broadcast(signed.hex), signed.id)
    await assert.rejects(adapter.signPsbt({ psbt: '' }), { code: 'INVALID_PARAMS' })
    await assert.rejects(
      adapter.signPsbt({ psbt, signInputs: { [payment?.address ?? '']: [-1] } }),
      { code: 'INVALID_PARAMS' },
    )
  })

  test('refuses a switch to the ordinals account with the spec’s text; a payment one is kept', async () => {
    const { connect, adapter } = setup()
    const [payment, ordinals] = (await connect()).accounts
    const seen: AdapterEvent[] = []
    adapter.on((e) => seen.push(e))
    await assert.rejects(adapter.switchAccount(ordinals?.address ?? ''), {
      code: 'NON_PAYMENT_ACCOUNT',
      shortMessage: 'Switching to non-payment accounts is not allowed',
      codeText: true,
    })
    await assert.rejects(adapter.switchAccount(''), { code: 'INVALID_PARAMS' })
    await assert.rejects(adapter.switchAccount(bitcoinDevKeys(9).payment.address), {
      code: 'CONNECTOR_ACCOUNT_NOT_FOUND',
    })
    await adapter.switchAccount(payment?.address ?? '')
    assert.equal((await adapter.getAccounts())[0]?.address, payment?.address)
    assert.deepEqual(seen, [])
  })

  test('passes a rejection as the kit’s codes: connect → Connection rejected, sign → declined', async () => {
    const { connect, adapter, dev } = setup()
    dev.rejectNext({ method: 'getAccounts' })
    await assert.rejects(connect(), {
      code: 'CONNECTION_REJECTED',
      shortMessage: 'Connection rejected',
    })
    await connect()
    dev.rejectNext()
    await assert.rejects(
      adapter.signMessage({ message: 'x', address: bitcoinDevKeys(0).payment.address }),
      { code: 'SIGNATURE_DECLINED' },
    )
  })

  test('reconnects silently only while the wallet still grants the app', async () => {
    const { connect, dev } = setup()
    const fresh = bitcoinAdapter()
    defer(() => fresh.disconnect())
    const params = { connectorId: dev.id, network: local.network }
    assert.equal(await fresh.reconnect(params), null, 'never granted')
    assert.deepEqual(
      dev.calls.map((c) => c.method),
      ['wallet_getAccount'],
    )
    await connect()
    const again = await fresh.reconnect(params)
    assert.equal(again?.accounts[0]?.address, bitcoinDevKeys(0).payment.address)
    await fresh.disconnect()
    assert.equal(await fresh.reconnect(params), null, 'disconnected by the user on this page')
  })

  test('turns accountChange into accountsChanged and the wallet’s disconnect into disconnect', async () => {
    const { connect, dev, adapter } = setup()
    await connect()
    const seen: AdapterEvent[] = []
    adapter.on((e) => seen.push(e))
    dev.setAccount(3)
    dev.emitRaw('accountChange', {
      type: 'accountChange',
      addresses: [{ address: '<img src=x>', purpose: 'payment' }],
    })
    assert.equal((await adapter.getAccounts()).length, 2, 'the malformed change is ignored')
    dev.revoke()
    assert.deepEqual(
      seen.map((e) => e.type),
      ['accountsChanged', 'disconnect'],
    )
    const first = seen[0]
    assert.ok(first?.type === 'accountsChanged')
    assert.equal(first.accounts[0]?.address, bitcoinDevKeys(3).payment.address)
    assert.deepEqual(await adapter.getAccounts(), [])
  })

  test('answers getAccountAddresses and refuses other methods and other namespaces', async () => {
    const { connect, adapter } = setup()
    await connect()
    assert.deepEqual(
      ((await adapter.request({ method: 'getAccountAddresses' })) as { intention: string }[]).map(
        (a) => a.intention,
      ),
      ['payment', 'ordinal'],
    )
    await assert.rejects(adapter.request({ method: 'eth_sendTransaction' }), {
      code: 'UNSUPPORTED_METHOD',
    })
    await assert.rejects(
      adapter.switchNetwork({ ...bitcoin, chainNamespace: 'eip155', caipNetworkId: 'eip155:1' }),
      { code: 'UNSUPPORTED_CHAIN' },
    )
  })
})

describe('discovery of sats-connect providers', () => {
  test('lists a hostile name as text and drops an unsafe icon', async () => {
    const { adapter } = setup({
      name: '<img src=x onerror=alert(1)>\u202eXverse',
      icon: 'javascript:alert(1)',
    })
    const connectors = await discover(adapter)
    const listed = connectors.find((c) => c.name.startsWith('<img'))
    assert.ok(listed)
    assert.equal(listed.name, '<img src=x onerror=alert(1)>Xverse')
    assert.equal(listed.imageUrl, undefined)
    for (const c of connectors) assert.deepEqual(c.namespaces, ['bip122'])
  })

  test('ignores entries whose id does not lead to a provider, or walks the prototype', async () => {
    const scope: Record<string, unknown> = {
      btc_providers: [
        { id: '__proto__.constructor', name: 'Proto' },
        { id: 'Missing.Provider', name: 'Missing' },
        { id: 'Good.Provider', name: 'Good' },
      ],
      Good: { Provider: { request: async () => ({ result: [] }) } },
    }
    const adapter = bitcoinAdapter({ scope })
    const names = (await discover(adapter)).map((c) => c.name)
    assert.deepEqual(names, ['Good'])
  })
})

describe('wallet-standard Bitcoin wallets', () => {
  function standardSetup(account = 0) {
    const dev = registerDevWallet({ esploraUrl: local.regtest.url, account })
    const registry = createRegistry()
    const { wallet } = bitcoinStandardWallet(dev, { name: `Standard ${dev.name}` })
    const unregister = registry.register(wallet)
    // The sats-connect face is not listed: only the registry's wallet is discovered.
    const adapter = bitcoinAdapter({ wallets: registry, scope: {} })
    defer(dev.unregister, unregister, () => adapter.disconnect())
    return { dev, wallet, adapter, connectorId: wallet.name }
  }

  test('discovers and connects one: the payment account first, ordinals after, by address type', async () => {
    const { adapter, connectorId } = standardSetup()
    const [connector] = await discover(adapter)
    assert.deepEqual(
      [connector?.id, connector?.type, connector?.namespaces],
      [connectorId, 'ANNOUNCED', ['bip122']],
    )
    const { accounts } = await adapter.connect({ connectorId, network: local.network })
    const keys = bitcoinDevKeys(0)
    assert.deepEqual(
      accounts.map((a) => [a.address, (a as { purpose?: string }).purpose]),
      [
        [keys.payment.address, 'payment'],
        [keys.ordinals.address, 'ordinals'],
      ],
    )
    assert.equal(accounts[0]?.publicKey, keys.payment.publicKey)
  })

  test('signs messages (BIP-322 and ECDSA) and PSBTs through its bitcoin: features', async () => {
    const { adapter, connectorId } = standardSetup(5)
    const [payment] = (await adapter.connect({ connectorId, network: local.network })).accounts
    const address = payment?.address ?? ''
    const message = 'Standard wallet message'
    for (const protocol of ['BIP322', 'ECDSA'] as const) {
      const signature = await adapter.signMessage({ message, address, protocol })
      assert.ok(verifyBitcoinSignature({ address, message, signature }), protocol)
    }
    const keys = bitcoinDevKeys(5)
    local.regtest.faucet(keys.payment.address, 40_000)
    const [utxo] = local.regtest.ledger.utxos(keys.payment.address)
    assert.ok(utxo)
    const build = () => {
      const tx = new Transaction()
      tx.addInput({
        txid: utxo.txid,
        index: utxo.vout,
        witnessUtxo: { script: keys.payment.script, amount: utxo.value },
      })
      tx.addOutputAddress(bitcoinDevKeys(7).payment.address, 30_000n, local.regtest.ledger.network)
      return base64.encode(tx.toPSBT())
    }
    const { psbt } = await adapter.signPsbt({ psbt: build(), signInputs: { [address]: [0] } })
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    signed.finalize()
    assert.equal(signed.id.length, 64)
    const sent = await adapter.signPsbt({
      psbt: build(),
      signInputs: { [address]: [0] },
      broadcast: true,
    })
    assert.equal(sent.txid, signed.id)
    assert.ok(local.regtest.ledger.tx(signed.id))
  })

  test('sends through one: the adapter builds the PSBT, the wallet signs and broadcasts it', async () => {
    const { adapter, connectorId, dev } = standardSetup(10)
    const from = bitcoinDevKeys(10).payment.address
    local.regtest.faucet(from, 200_000)
    await adapter.connect({ connectorId, network: local.network })
    const to = bitcoinDevKeys(11).payment.address
    const txid = await adapter.sendTransfer({ to, value: 70_000n })
    const tx = local.regtest.ledger.tx(txid)
    assert.ok(tx, 'broadcast to the ledger')
    assert.equal(local.regtest.ledger.balance(to), 70_000n)
    assert.equal(local.regtest.ledger.balance(from), 200_000n - 70_000n - tx.fee)
    assert.ok(tx.fee >= BigInt(Math.ceil(tx.weight / 4)) * 2n, `fee ${tx.fee} at 2 sat/vB`)
    assert.deepEqual(
      dev.calls.map((c) => c.method),
      ['getAccounts', 'signPsbt'],
    )
    await assert.rejects(adapter.sendTransfer({ to, value: BTC }), { code: 'INVALID_TRANSFER' })
  })

  test('Max: the fee of sending everything; balance less it sends and leaves 0 sats', async () => {
    const { adapter, connectorId } = standardSetup(14)
    const from = bitcoinDevKeys(14).payment.address
    const to = bitcoinDevKeys(15).payment.address
    // Three UTXOs: the fee grows with each input, so a one-input guess would be short.
    for (const sats of [120_000, 45_000, 8_000]) local.regtest.faucet(from, sats)
    await adapter.connect({ connectorId, network: local.network })
    const balance = local.regtest.ledger.balance(from)
    const fee = (await adapter.estimateTransferFee?.({ to, value: 0n }))?.value
    assert.ok(fee !== undefined && fee > 0n, `fee ${fee}`)
    // One sat more than Max cannot be paid: the estimate leaves exactly the fee.
    await assert.rejects(adapter.sendTransfer({ to, value: balance - fee + 1n }), {
      code: 'INVALID_TRANSFER',
    })
    const txid = await adapter.sendTransfer({ to, value: balance - fee })
    const tx = local.regtest.ledger.tx(txid)
    assert.equal(tx?.fee, fee)
    assert.equal(local.regtest.ledger.balance(from), 0n)
    assert.equal(local.regtest.ledger.balance(to), balance - fee)
    // A smaller amount: the fee of the transfer it builds (with change).
    local.regtest.faucet(from, 50_000)
    const partial = (await adapter.estimateTransferFee?.({ to, value: 10_000n }))?.value
    const sent = local.regtest.ledger.tx(await adapter.sendTransfer({ to, value: 10_000n }))
    assert.equal(sent?.fee, partial)
  })

  test('a user rejection is the kit’s; account changes and revocation become events', async () => {
    const { adapter, connectorId, dev } = standardSetup()
    dev.rejectNext({ method: 'getAccounts' })
    await assert.rejects(adapter.connect({ connectorId, network: local.network }), {
      code: 'CONNECTION_REJECTED',
    })
    await adapter.connect({ connectorId, network: local.network })
    const seen: AdapterEvent[] = []
    adapter.on((e) => seen.push(e))
    dev.setAccount(2)
    dev.revoke()
    assert.deepEqual(
      seen.map((e) => e.type),
      ['accountsChanged', 'disconnect'],
    )
    const first = seen[0]
    assert.ok(first?.type === 'accountsChanged')
    assert.equal(first.accounts[0]?.address, bitcoinDevKeys(2).payment.address)
  })
})

describe('adapter contract', () => {
  for (const c of adapterContract(() => {
    const { dev, adapter } = setup()
    return {
      adapter,
      connectorId: dev.id,
      network: local.network,
      otherNetwork: bitcoinTestnet,
      verifySignature: async (params) => verifyBitcoinSignature(params),
      triggerAccountsChanged: () => dev.setAccount(1),
    }
  })) {
    test(c.name, c.run)
  }
})

export type { BitcoinAdapter }
