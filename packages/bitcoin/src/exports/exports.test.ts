import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'
import * as networks from './networks.js'

test('@openmodal/bitcoin exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'BITCOIN_REGTEST_ID',
    'bitcoin',
    'bitcoinAdapter',
    'bitcoinNetworkName',
    'bitcoinRegtest',
    'bitcoinTestnet',
    'isBitcoinAddress',
    'isTaprootAddress',
  ])
})

test('@openmodal/bitcoin/networks exports exactly the networks', () => {
  assert.deepEqual(Object.keys(networks).sort(), [
    'BITCOIN_REGTEST_ID',
    'bitcoin',
    'bitcoinNetworkName',
    'bitcoinRegtest',
    'bitcoinTestnet',
  ])
})
