import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'
import * as node from './node.js'
import * as solana from './solana.js'

test('@openmodal/testing exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'ANVIL_ADDRESSES',
    'ANVIL_MNEMONIC',
    'ANVIL_PRIVATE_KEYS',
    'DEV_WALLET_ICON',
    'ProviderRpcError',
    'RPC_ERROR_CODES',
    'TEST_MULTI_TOKEN_ABI',
    'TEST_MULTI_TOKEN_BYTECODE',
    'TEST_NFT_ABI',
    'TEST_NFT_BYTECODE',
    'TEST_SMART_WALLET_ABI',
    'TEST_SMART_WALLET_BYTECODE',
    'TEST_SMART_WALLET_FACTORY_ABI',
    'TEST_SMART_WALLET_FACTORY_BYTECODE',
    'TEST_TOKEN_ABI',
    'TEST_TOKEN_BYTECODE',
    'announceProvider',
    'createDevWallet',
    'deployTestMultiToken',
    'deployTestNft',
    'deployTestToken',
    'fundAccount',
    'uuidV4',
  ])
})

test('@openmodal/testing/node exports exactly its public API', () => {
  assert.deepEqual(Object.keys(node).sort(), [
    'EIP155_WALLET_EVENTS',
    'EIP155_WALLET_METHODS',
    'LOCALNET_GENESIS_HASH',
    'MemoryStorage',
    'SOLANA_COMMITMENTS',
    'SOLANA_WALLET_EVENTS',
    'SOLANA_WALLET_METHODS',
    'anvilBinaryPath',
    'createCounterfactualWallet',
    'createWalletHarness',
    'deployTestMultiToken',
    'deployTestNft',
    'deployTestSmartWallet',
    'deployTestToken',
    'devWalletScriptPath',
    'freePort',
    'fundAccount',
    'solanaNamespaceWallet',
    'startAnvil',
    'startChains',
    'startRelay',
    'startSolanaRpc',
  ])
})

test('@openmodal/testing/solana exports exactly its public API', () => {
  assert.deepEqual(Object.keys(solana).sort(), [
    'SOLANA_CHAINS',
    'SOLANA_DEV_ADDRESSES',
    'SOLANA_DEV_SEEDS',
    'SOLANA_DEV_WALLET_FEATURES',
    'createSignInMessageText',
    'createSolanaDevWallet',
    'verifySolanaSignature',
  ])
})
