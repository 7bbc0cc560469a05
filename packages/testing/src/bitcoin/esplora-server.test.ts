import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { p2pkh, RawTx, Transaction } from '@scure/btc-signer'
import { type BitcoinRegtest, startBitcoinRegtest } from './esplora-server.js'
import { BTC_NETWORKS } from './networks.js'
import { bitcoinDevKeys } from './signing.js'

const regtest = BTC_NETWORKS.regtest
const keys = bitcoinDevKeys(0)
const other = bitcoinDevKeys(1)
let node: BitcoinRegtest

before(async () => {
  node = await startBitcoinRegtest()
})
after(() => node.stop())

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${node.url}${path}`)
  assert.equal(response.status, 200, `${path}: ${response.status}`)
  const text = await response.text()
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T
}

async function post(path: string, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${node.url}${path}`, { method: 'POST', body })
  return { status: response.status, text: await response.text() }
}

type Utxo = { txid: string; vout: number; value: number; status: { confirmed: boolean } }

/** A signed spend of `utxo` (of `from`) paying `amount` to `to`, the rest back minus `fee`. */
function spend(
  from: typeof keys.payment | typeof keys.ordinals,
  utxo: Utxo,
  to: string,
  amount: bigint,
  fee = 500n,
) {
  const tx = new Transaction()
  tx.addInput({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: from.script, amount: BigInt(utxo.value) },
    ...(from.addressType === 'p2tr'
      ? { tapInternalKey: Uint8Array.from(Buffer.from(from.publicKey, 'hex')) }
      : {}),
  })
  tx.addOutputAddress(to, amount, regtest)
  const change = BigInt(utxo.value) - amount - fee
  if (change > 0n) tx.addOutputAddress(from.address, change, regtest)
  tx.sign(from.privateKey)
  tx.finalize()
  return tx
}

describe('the regtest ledger behind the Esplora API', () => {
  test('starts at the regtest genesis block and mines blocks on demand', async () => {
    const height = Number(await get<string>('/blocks/tip/height'))
    const genesis = await get<string>('/block-height/0')
    assert.equal(genesis, '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206')
    const { hashes } = JSON.parse(
      (await post('/regtest/mine', JSON.stringify({ blocks: 3 }))).text,
    ) as { hashes: string[] }
    assert.equal(hashes.length, 3)
    assert.equal(Number(await get<string>('/blocks/tip/height')), height + 3)
    assert.equal(await get<string>('/blocks/tip/hash'), hashes[2])
    const block = await get<{ previousblockhash: string; height: number }>(`/block/${hashes[2]}`)
    assert.deepEqual([block.previousblockhash, block.height], [hashes[1], height + 3])
  })

  test('the faucet funds an address: stats, UTXOs and txs in Esplora’s shapes', async () => {
    const { txid } = JSON.parse(
      (
        await post(
          '/regtest/faucet',
          JSON.stringify({ address: keys.payment.address, amount: 100_000_000 }),
        )
      ).text,
    ) as { txid: string }
    const stats = await get<{
      address: string
      chain_stats: { funded_txo_sum: number; tx_count: number }
      mempool_stats: { funded_txo_sum: number }
    }>(`/address/${keys.payment.address}`)
    assert.equal(stats.address, keys.payment.address)
    assert.equal(stats.chain_stats.funded_txo_sum, 100_000_000)
    assert.equal(stats.mempool_stats.funded_txo_sum, 0)
    const utxos = await get<Utxo[]>(`/address/${keys.payment.address}/utxo`)
    assert.deepEqual(
      utxos.map((u) => [u.txid, u.vout, u.value, u.status.confirmed]),
      [[txid, 0, 100_000_000, true]],
    )
    const tx = await get<{ vout: { scriptpubkey_address: string; scriptpubkey_type: string }[] }>(
      `/tx/${txid}`,
    )
    assert.deepEqual(
      [tx.vout[0]?.scriptpubkey_address, tx.vout[0]?.scriptpubkey_type],
      [keys.payment.address, 'v0_p2wpkh'],
    )
    const status = await get<{ confirmed: boolean; block_height: number }>(`/tx/${txid}/status`)
    assert.equal(status.confirmed, true)
    assert.equal(status.block_height, Number(await get<string>('/blocks/tip/height')))
  })

  test('accepts a signed p2wpkh spend, then refuses its double spend', async () => {
    const [utxo] = await get<Utxo[]>(`/address/${keys.payment.address}/utxo`)
    assert.ok(utxo)
    const tx = spend(keys.payment, utxo, other.payment.address, 10_000_000n)
    const sent = await post('/tx', tx.hex)
    assert.equal(sent.status, 200, sent.text)
    assert.equal(sent.text, tx.id)
    assert.deepEqual(await get(`/tx/${tx.id}/status`), { confirmed: false })
    assert.equal(
      (
        await get<{ mempool_stats: { funded_txo_sum: number } }>(
          `/address/${other.payment.address}`,
        )
      ).mempool_stats.funded_txo_sum,
      10_000_000,
    )

    const conflict = spend(keys.payment, utxo, other.ordinals.address, 20_000_000n)
    const refused = await post('/tx', conflict.hex)
    assert.equal(refused.status, 400)
    assert.equal(
      refused.text,
      'sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}',
    )
    node.mine(1)
    const again = await post('/tx', conflict.hex)
    assert.equal(again.status, 400)
    assert.match(again.text, /bad-txns-inputs-missingorspent/)
    const [received] = await get<Utxo[]>(`/address/${other.payment.address}/utxo`)
    assert.deepEqual([received?.value, received?.status.confirmed], [10_000_000, true])
    assert.equal(node.ledger.balance(keys.payment.address), 100_000_000n - 10_000_000n - 500n)
  })

  test('accepts a p2tr key-path spend and refuses one signed by another key', async () => {
    node.faucet(keys.ordinals.address, 50_000)
    const [utxo] = await get<Utxo[]>(`/address/${keys.ordinals.address}/utxo`)
    assert.ok(utxo)
    const forged = spend(
      {
        ...keys.ordinals,
        privateKey: other.ordinals.privateKey,
        publicKey: other.ordinals.publicKey,
      },
      utxo,
      other.payment.address,
      10_000n,
    )
    const refused = await post('/tx', forged.hex)
    assert.equal(refused.status, 400)
    assert.match(refused.text, /Invalid Schnorr signature/)
    const good = spend(keys.ordinals, utxo, other.payment.address, 10_000n)
    const sent = await post('/tx', good.hex)
    assert.equal(sent.text, good.id)
  })

  test('refuses a p2wpkh spend whose signature does not match, and one paying more than it spends', async () => {
    node.faucet(other.payment.address, 30_000)
    const utxo = (await get<Utxo[]>(`/address/${other.payment.address}/utxo`)).find(
      (u) => u.value === 30_000,
    )
    assert.ok(utxo)
    const tx = spend(other.payment, utxo, keys.payment.address, 10_000n)
    // Flip one byte of the DER signature's s value.
    const hex = tx.hex
    const at = hex.indexOf(
      Buffer.from(tx.getInput(0).finalScriptWitness?.[0] ?? []).toString('hex'),
    )
    const tampered = `${hex.slice(0, at + 80)}${hex[at + 80] === '0' ? '1' : '0'}${hex.slice(at + 81)}`
    const refused = await post('/tx', tampered)
    assert.equal(refused.status, 400)
    assert.match(refused.text, /mandatory-script-verify-flag-failed/)

    const greedy = RawTx.encode({
      version: 2,
      segwitFlag: true,
      inputs: [
        {
          txid: hexToBytes(utxo.txid),
          index: utxo.vout,
          finalScriptSig: new Uint8Array(),
          sequence: 0xffffffff,
        },
      ],
      outputs: [{ amount: 40_000n, script: keys.payment.script }],
      witnesses: [tx.getInput(0).finalScriptWitness ?? []],
      lockTime: 0,
    })
    assert.match((await post('/tx', bytesToHex(greedy))).text, /bad-txns-in-belowout/)
    assert.match((await post('/tx', 'zz')).text, /TX decode failed/)
  })

  test('refuses spends it cannot check (p2pkh) and p2wpkh witnesses of the wrong shape', async () => {
    const legacy = bitcoinDevKeys(7)
    const pubkey = secp256k1.getPublicKey(legacy.payment.privateKey, true)
    const legacyAddress = p2pkh(pubkey, regtest).address as string
    node.faucet(legacyAddress, 20_000)
    node.faucet(legacy.payment.address, 20_000)
    const spendRaw = (utxo: { txid: string; vout: number }, witness: Uint8Array[]) =>
      bytesToHex(
        RawTx.encode({
          version: 2,
          segwitFlag: true,
          inputs: [
            {
              txid: hexToBytes(utxo.txid),
              index: utxo.vout,
              finalScriptSig: new Uint8Array(),
              sequence: 0,
            },
          ],
          outputs: [{ amount: 10_000n, script: keys.payment.script }],
          witnesses: [witness],
          lockTime: 0,
        }),
      )
    const [p2pkhUtxo] = node.ledger.utxos(legacyAddress)
    const [p2wpkhUtxo] = node.ledger.utxos(legacy.payment.address)
    assert.ok(p2pkhUtxo && p2wpkhUtxo)
    assert.match((await post('/tx', spendRaw(p2pkhUtxo, []))).text, /not p2pkh/)
    assert.match(
      (await post('/tx', spendRaw(p2wpkhUtxo, [pubkey]))).text,
      /Witness program hash mismatch/,
    )
  })

  test('answers fee estimates, 404 for unknown txs and 400 for invalid addresses', async () => {
    const fees = await get<Record<string, number>>('/fee-estimates')
    assert.equal(fees['1'], 2)
    assert.equal((await fetch(`${node.url}/tx/${'ab'.repeat(32)}`)).status, 404)
    const invalid = await fetch(`${node.url}/address/bc1qnotregtest/utxo`)
    assert.equal(invalid.status, 400)
    assert.equal(await invalid.text(), 'Invalid Bitcoin address')
    const psbt = base64.encode(new Transaction().toPSBT())
    assert.ok(psbt.length > 0)
  })

  test('mines 1000 empty blocks, and 20 blocks of 10 spends each (blocks-per-second)', async () => {
    const started = performance.now()
    node.mine(1000)
    const empty = performance.now() - started
    const funder = bitcoinDevKeys(9)
    node.faucet(funder.payment.address, 1_000_000_000)
    let [utxo] = node.ledger.utxos(funder.payment.address)
    let spent = 0
    const withTxs = performance.now()
    for (let block = 0; block < 20; block++) {
      for (let i = 0; i < 10; i++) {
        assert.ok(utxo)
        const tx = spend(
          funder.payment,
          { ...utxo, value: Number(utxo.value), status: { confirmed: true } },
          other.payment.address,
          1_000n,
        )
        node.ledger.broadcast(tx.hex)
        spent++
        utxo = node.ledger.utxos(funder.payment.address)[0]
      }
      node.mine(1)
    }
    const full = performance.now() - withTxs
    const emptyRate = Math.round(1000 / (empty / 1000))
    const fullRate = Math.round(20 / (full / 1000))
    console.log(
      `# ledger: ${emptyRate} empty blocks/s; ${fullRate} blocks/s with 10 verified spends each (${spent} txs)`,
    )
    assert.equal(node.ledger.mempool.length, 0)
    assert.ok(emptyRate > 100, `${emptyRate} empty blocks/s`)
  })
})
