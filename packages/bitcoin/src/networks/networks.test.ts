import assert from 'node:assert/strict'
import { test } from 'node:test'
import { BITCOIN_GENESIS_HASHES, bitcoinCaipId } from '@openmodal/testing/bitcoin'
import { isBitcoinAddress, isTaprootAddress } from '../utils/address.js'
import { bitcoin, bitcoinNetworkName, bitcoinRegtest, bitcoinTestnet } from './networks.js'

test('CAIP-2 ids are the first 32 hex characters of each genesis block hash', () => {
  const regtest = bitcoinRegtest('http://127.0.0.1:3002/')
  for (const [network, name] of [
    [bitcoin, 'mainnet'],
    [bitcoinTestnet, 'testnet'],
    [regtest, 'regtest'],
  ] as const) {
    assert.equal(network.caipNetworkId, bitcoinCaipId(name))
    assert.equal(String(network.id), BITCOIN_GENESIS_HASHES[name].slice(0, 32))
    assert.equal(bitcoinNetworkName(network), name)
    assert.equal(network.nativeCurrency.decimals, 8)
  }
  assert.deepEqual(regtest.rpcUrls.default.http, ['http://127.0.0.1:3002'])
})

test('bitcoinRegtest refuses a URL that is not http(s)', () => {
  assert.throws(() => bitcoinRegtest('javascript:alert(1)'), { code: 'INVALID_OPTIONS' })
  assert.throws(() => bitcoinRegtest('not a url'), { code: 'INVALID_OPTIONS' })
})

test('address shapes per network', () => {
  const mainnet = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
  assert.ok(isBitcoinAddress(mainnet, 'mainnet'))
  assert.ok(!isBitcoinAddress(mainnet, 'regtest'))
  assert.ok(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet'))
  assert.ok(isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'))
  assert.ok(isBitcoinAddress('bcrt1q0rt509n2jgs79dm28r04hfpf3nlugqt2796ph3', 'regtest'))
  assert.ok(!isBitcoinAddress('bc1q ar0s', 'mainnet'))
  assert.ok(!isBitcoinAddress('0x0000000000000000000000000000000000000000'))
  assert.ok(isTaprootAddress('bcrt1pz22cd7s9a48nkcr4wx5a4q4v03f86l7ytfx34lj383ya8j3srulq93j803'))
  assert.ok(!isTaprootAddress(mainnet))
})
