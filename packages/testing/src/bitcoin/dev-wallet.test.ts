import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { withLocalStorage } from '../local-storage-stand-in.js'
import { createBitcoinDevWallet, type SatsConnectResponse } from './dev-wallet.js'
import { type BitcoinRegtest, startBitcoinRegtest } from './esplora-server.js'
import { BTC_NETWORKS } from './networks.js'
import { bitcoinDevKeys } from './signing.js'

let node: BitcoinRegtest
const recipient = bitcoinDevKeys(5)

before(async () => {
  node = await startBitcoinRegtest()
})
after(() => node.stop())

/** bip322-js's verdict; it throws, rather than answer false, on a witness of another shape. */
function verifies(address: string, message: string, signature: string): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}

function result<T>(response: SatsConnectResponse): T {
  if ('error' in response) throw new Error(`${response.error.code} ${response.error.message}`)
  return response.result as T
}

async function connected(account = 0) {
  const wallet = createBitcoinDevWallet({ esploraUrl: node.url, account })
  const accounts = result<Array<{ address: string; purpose: string; addressType: string }>>(
    await wallet.provider.request('getAccounts', { purposes: ['payment', 'ordinals'] }),
  )
  return { wallet, accounts }
}

describe('the sats-connect Bitcoin dev wallet', () => {
  test('persistKey keeps the grant across a reload; disconnect forgets it', () =>
    withLocalStorage(async () => {
      const first = createBitcoinDevWallet({ esploraUrl: node.url, persistKey: 'btc' })
      result(await first.provider.request('getAccounts', { purposes: ['payment'] }))
      // A reload: a new wallet reading the same storage answers without asking.
      const again = createBitcoinDevWallet({ esploraUrl: node.url, persistKey: 'btc' })
      assert.ok('result' in (await again.provider.request('wallet_getAccount')))
      const other = createBitcoinDevWallet({ esploraUrl: node.url, persistKey: 'other' })
      const denied = await other.provider.request('wallet_getAccount')
      assert.ok('error' in denied && denied.error.code === -32002)
      result(await again.provider.request('wallet_disconnect'))
      const after = createBitcoinDevWallet({ esploraUrl: node.url, persistKey: 'btc' })
      const forgotten = await after.provider.request('wallet_getAccount')
      assert.ok('error' in forgotten && forgotten.error.code === -32002)
    }))

  test('lists itself in window.btc_providers with its provider at its id path', () => {
    const scope: Record<string, unknown> = {}
    const wallet = createBitcoinDevWallet()
    const unregister = wallet.register(scope)
    const [info] = scope.btc_providers as Array<{ id: string; name: string; icon: string }>
    assert.equal(info?.id, 'OpenModalBitcoinDev.BitcoinProvider')
    const found = info?.id
      .split('.')
      .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], scope)
    assert.equal(found, wallet.provider)
    assert.ok(info?.icon.startsWith('data:image/svg+xml,'))
    unregister()
    assert.deepEqual(scope.btc_providers, [])
  })

  test('answers getAccounts with a p2wpkh payment and a p2tr ordinals address', async () => {
    const { accounts } = await connected()
    assert.deepEqual(
      accounts.map((a) => [a.purpose, a.addressType, a.address.slice(0, 6)]),
      [
        ['payment', 'p2wpkh', 'bcrt1q'],
        ['ordinals', 'p2tr', 'bcrt1p'],
      ],
    )
  })

  test('refuses reads before the app is connected, and rejects as the user would when asked', async () => {
    const wallet = createBitcoinDevWallet({ esploraUrl: node.url })
    const denied = await wallet.provider.request('wallet_getAccount')
    assert.ok('error' in denied && denied.error.code === -32002)
    wallet.rejectNext({ method: 'getAccounts' })
    const rejected = await wallet.provider.request('getAccounts', { purposes: ['payment'] })
    assert.ok('error' in rejected && rejected.error.code === -32000)
    const unknown = await wallet.provider.request('stx_transferStx', {})
    assert.ok('error' in unknown && unknown.error.code === -32601)
  })

  test('signs BIP-322 (payment and ordinals) and ECDSA messages that bip322-js verifies', async () => {
    const { wallet, accounts } = await connected()
    const message = 'Sign in to OpenModal\nNonce: 7'
    for (const [address, protocol] of [
      [accounts[0]?.address, 'BIP322'],
      [accounts[1]?.address, 'BIP322'],
      [accounts[0]?.address, 'ECDSA'],
    ] as const) {
      const { signature, protocol: used } = result<{ signature: string; protocol: string }>(
        await wallet.provider.request('signMessage', { address, message, protocol }),
      )
      assert.equal(used, protocol)
      assert.ok(Verifier.verifySignature(address as string, message, signature), `${protocol}`)
      assert.ok(!verifies(address as string, `${message}.`, signature))
      assert.ok(!verifies(recipient.payment.address, message, signature))
    }
    const ecdsaTaproot = await wallet.provider.request('signMessage', {
      address: accounts[1]?.address,
      message,
      protocol: 'ECDSA',
    })
    assert.ok('error' in ecdsaTaproot)
  })

  test('sends a transfer the ledger accepts: the recipient gains it, the sender pays a fee', async () => {
    const { wallet, accounts } = await connected(2)
    const from = accounts[0]?.address as string
    node.faucet(from, 1_000_000)
    const { txid } = result<{ txid: string }>(
      await wallet.provider.request('sendTransfer', {
        recipients: [{ address: recipient.payment.address, amount: 25_000 }],
      }),
    )
    const tx = node.ledger.tx(txid)
    assert.ok(tx && !tx.block, 'in the mempool')
    node.mine(1)
    assert.equal(node.ledger.balance(recipient.payment.address), 25_000n)
    assert.equal(node.ledger.balance(from), 1_000_000n - 25_000n - tx.fee)
    assert.ok(tx.fee >= BigInt(Math.ceil(tx.weight / 4)) * 2n, `fee ${tx.fee} at 2 sat/vB`)
    const poor = await wallet.provider.request('sendTransfer', {
      recipients: [{ address: recipient.payment.address, amount: 5_000_000 }],
    })
    assert.ok('error' in poor)
    const invalid = await wallet.provider.request('sendTransfer', {
      recipients: [{ address: recipient.payment.address, amount: -1 }],
    })
    assert.ok('error' in invalid && invalid.error.code === -32602)
  })

  test('signs a PSBT input of its payment address; the result verifies on broadcast', async () => {
    const { wallet, accounts } = await connected(3)
    const payment = bitcoinDevKeys(3).payment
    const ordinals = bitcoinDevKeys(3).ordinals
    node.faucet(payment.address, 100_000)
    node.faucet(ordinals.address, 50_000)
    const [utxo] = node.ledger.utxos(payment.address)
    const [taprootUtxo] = node.ledger.utxos(ordinals.address)
    assert.ok(utxo && taprootUtxo)
    const unsigned = new Transaction()
    unsigned.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: payment.script, amount: utxo.value },
    })
    unsigned.addInput({
      txid: taprootUtxo.txid,
      index: taprootUtxo.vout,
      witnessUtxo: { script: ordinals.script, amount: taprootUtxo.value },
    })
    unsigned.addOutputAddress(recipient.payment.address, 140_000n, BTC_NETWORKS.regtest)
    const { psbt, txid } = result<{ psbt: string; txid?: string }>(
      await wallet.provider.request('signPsbt', {
        psbt: base64.encode(unsigned.toPSBT()),
        signInputs: {
          [accounts[0]?.address as string]: [0],
          [accounts[1]?.address as string]: [1],
        },
      }),
    )
    assert.equal(txid, undefined)
    const signed = Transaction.fromPSBT(base64.decode(psbt))
    assert.ok(signed.getInput(0).partialSig?.length === 1)
    assert.ok(signed.getInput(1).tapKeySig)
    signed.finalize()
    assert.equal(node.ledger.broadcast(signed.hex), signed.id)

    const bad = await wallet.provider.request('signPsbt', { psbt: 'not base64!' })
    assert.ok('error' in bad && bad.error.code === -32602)
  })

  test('reports accountChange to listeners, and disconnect when revoked', async () => {
    const { wallet } = await connected()
    const seen: string[] = []
    const off = wallet.provider.addListener({
      eventName: 'accountChange',
      cb: (e) => seen.push(`${e.type}:${'addresses' in e ? e.addresses?.[0]?.address : ''}`),
    })
    wallet.provider.addListener({ eventName: 'disconnect', cb: (e) => seen.push(e.type) })
    wallet.setAccount(1)
    off()
    wallet.setAccount(2)
    wallet.revoke()
    assert.deepEqual(seen, [`accountChange:${bitcoinDevKeys(1).payment.address}`, 'disconnect'])
  })
})
