import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'
import * as networks from './networks.js'

test('@openmodal/bitcoin exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'BITCOIN_METHODS',
    'BITCOIN_REGTEST_ID',
    'NON_PAYMENT_ACCOUNT_MESSAGE',
    'SATS_CONNECT_CODES',
    'addressBalance',
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
