import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { namespaceFixture } from '../walletconnect/namespace-fixture.js'
import { BIP122_WALLET_METHODS, bitcoinNamespaceWallet } from './bip122-namespace.js'
import { createBitcoinDevWallet } from './dev-wallet.js'
import { type BitcoinRegtest, startBitcoinRegtest } from './esplora-server.js'
import { bitcoinCaipId } from './networks.js'
import { bitcoinDevKeys } from './signing.js'

// A dapp-side sign-client and the harness on the local relay; the harness's bip122 namespace
// signs with the Bitcoin dev wallet and broadcasts to the regtest ledger.
const REGTEST = bitcoinCaipId('regtest')
const keys = bitcoinDevKeys(0)

describe('wallet harness: bip122 namespace', () => {
  let regtest: BitcoinRegtest
  const { session, request } = namespaceFixture({
    namespace: 'bip122',
    chain: REGTEST,
    methods: BIP122_WALLET_METHODS,
    async start() {
      regtest = await startBitcoinRegtest()
      regtest.faucet(keys.payment.address, 500_000)
      const dev = createBitcoinDevWallet({ esploraUrl: regtest.url })
      return { wallet: bitcoinNamespaceWallet({ wallet: dev }), stop: () => regtest.stop() }
    },
  })

  test('grants the regtest chain with the payment address; lists both addresses', async () => {
    assert.deepEqual(session().namespaces.bip122?.accounts, [`${REGTEST}:${keys.payment.address}`])
    const addresses = await request<Array<{ address: string; intention: string }>>(
      'getAccountAddresses',
      { account: keys.payment.address },
    )
    assert.deepEqual(
      addresses.map((a) => [a.address, a.intention]),
      [
        [keys.payment.address, 'payment'],
        [keys.ordinals.address, 'ordinal'],
      ],
    )
  })

  test('signMessage answers an ECDSA signature that bip322-js verifies', async () => {
    const message = 'Sign in over WalletConnect'
    const { address, signature } = await request<{ address: string; signature: string }>(
      'signMessage',
      { account: keys.payment.address, message },
    )
    assert.equal(address, keys.payment.address)
    assert.ok(Verifier.verifySignature(address, message, signature))
    assert.ok(!Verifier.verifySignature(address, `${message}?`, signature))
  })

  test('signPsbt signs and broadcasts; sendTransfer pays the recipient', async () => {
    const [utxo] = regtest.ledger.utxos(keys.payment.address)
    assert.ok(utxo)
    const tx = new Transaction()
    tx.addInput({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: keys.payment.script, amount: utxo.value },
    })
    const to = bitcoinDevKeys(4).payment.address
    tx.addOutputAddress(to, 100_000n, regtest.ledger.network)
    tx.addOutputAddress(keys.payment.address, utxo.value - 101_000n, regtest.ledger.network)
    const signed = await request<{ psbt: string; txid?: string }>('signPsbt', {
      account: keys.payment.address,
      psbt: base64.encode(tx.toPSBT()),
      signInputs: [{ address: keys.payment.address, index: 0, sighashTypes: [1] }],
      broadcast: true,
    })
    assert.ok(signed.txid && regtest.ledger.tx(signed.txid))
    regtest.mine(1)
    assert.equal(regtest.ledger.balance(to), 100_000n)
    const { txid } = await request<{ txid: string }>('sendTransfer', {
      account: keys.payment.address,
      recipientAddress: to,
      amount: '30000',
    })
    assert.ok(regtest.ledger.tx(txid))
    assert.equal(regtest.ledger.balance(to), 130_000n)
  })
})
