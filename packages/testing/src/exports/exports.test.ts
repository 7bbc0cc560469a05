import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as bitcoin from './bitcoin.js'
import * as entry from './index.js'
import * as node from './node.js'
import * as relay from './relay.js'
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
    'ASSOCIATED_TOKEN_PROGRAM_ID',
    'BIP122_WALLET_EVENTS',
    'BIP122_WALLET_METHODS',
    'BLOCK_SUBSIDY',
    'DETERMINISTIC_DEPLOYER',
    'EIP155_WALLET_EVENTS',
    'EIP155_WALLET_METHODS',
    'ENTRY_POINT_V07',
    'ENTRY_POINT_V08',
    'FARCASTER_ID_REGISTRY',
    'LOCALNET_GENESIS_HASH',
    'LedgerError',
    'MULTICALL3_ADDRESS',
    'MemoryStorage',
    'SAFE_4337_ADDRESSES',
    'SAFE_ABI',
    'SAFE_SINGLETON_FACTORY',
    'SAFE_STAND_IN_VERSION',
    'SIMPLE_7702_ACCOUNT',
    'SIMPLE_ACCOUNT_FACTORY_V07',
    'SOLANA_COMMITMENTS',
    'SOLANA_WALLET_EVENTS',
    'SOLANA_WALLET_METHODS',
    'TOKEN_2022_PROGRAM_ID',
    'TOKEN_PROGRAM_ID',
    'adapterFixture',
    'addVirtualAuthenticator',
    'anvilBinaryPath',
    'associatedTokenAddress',
    'bitcoinNamespaceWallet',
    'connectRawRelayClient',
    'createBitcoinLedger',
    'createCounterfactualWallet',
    'createTestDapp',
    'createWalletHarness',
    'deployEip7702',
    'deployErc4337',
    'deploySafe',
    'deploySafe4337',
    'deployTestIdRegistry',
    'deployTestMultiToken',
    'deployTestNft',
    'deployTestSmartWallet',
    'deployTestToken',
    'deployUniswapV2',
    'deployVerifyingPaymaster',
    'devWalletScriptPath',
    'esploraTx',
    'freePort',
    'fundAccount',
    'installMulticall3',
    'multicall3RuntimeCode',
    'paymasterDeposit',
    'solanaDevWalletScriptPath',
    'solanaNamespaceWallet',
    'startAnvil',
    'startBitcoinRegtest',
    'startBundler',
    'startChains',
    'startCoinbaseStandIn',
    'startPaymasterService',
    'startRelay',
    'startSafeStandIn',
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

test('@openmodal/testing/bitcoin exports exactly its public API', () => {
  assert.deepEqual(Object.keys(bitcoin).sort(), [
    'BITCOIN_DEV_WALLET_METHODS',
    'BITCOIN_GENESIS_HASHES',
    'SATS_CONNECT_ERROR_CODES',
    'bip322MessageHash',
    'bitcoinCaipId',
    'bitcoinDevKeys',
    'bitcoinStandardWallet',
    'createBitcoinDevWallet',
    'legacyMessageHash',
    'signBip322',
    'signEcdsaMessage',
  ])
})

test('@openmodal/testing/relay exports exactly its public API', () => {
  assert.deepEqual(Object.keys(relay).sort(), ['connectRawRelayClient', 'startRelay'])
})
