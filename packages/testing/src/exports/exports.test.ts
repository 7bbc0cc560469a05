import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'
import * as node from './node.js'

test('@openmodal/testing exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'ANVIL_ADDRESSES',
    'ANVIL_MNEMONIC',
    'ANVIL_PRIVATE_KEYS',
    'DEV_WALLET_ICON',
    'ProviderRpcError',
    'RPC_ERROR_CODES',
    'TEST_TOKEN_ABI',
    'TEST_TOKEN_BYTECODE',
    'announceProvider',
    'createDevWallet',
    'deployTestToken',
    'fundAccount',
    'uuidV4',
  ])
})

test('@openmodal/testing/node exports exactly its public API', () => {
  assert.deepEqual(Object.keys(node).sort(), [
    'anvilBinaryPath',
    'deployTestToken',
    'devWalletScriptPath',
    'freePort',
    'fundAccount',
    'startAnvil',
    'startChains',
  ])
})
