import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as contract from './adapter-contract.js'
import * as api from './api.js'
import * as core from './index.js'
import * as internal from './internal.js'
import * as registry from './registry.js'

// The public API of @openmodal/core: what a host app imports. A change here is a change to the
// package's contract: update the list on purpose, never to make the test pass.
test('the main entry exports exactly the host API', () => {
  assert.deepEqual(Object.keys(core).sort(), [
    '$activeAccount',
    '$activeNetwork',
    '$isConnected',
    '$locale',
    '$modal',
    '$networks',
    '$publicState',
    '$theme',
    'AUTH_NAME_MAX_LENGTH',
    'BaseError',
    'DEFAULT_ACCOUNT_TYPES',
    'DEFAULT_ALLOWED_ANCESTORS',
    'InvalidOptionsError',
    'NAMESPACES',
    'SDK_TYPE',
    'SDK_VERSION',
    'base58Decode',
    'base58Encode',
    'base64Decode',
    'base64Encode',
    'createModalClient',
    'displayAuthName',
    'errorMessage',
    'formatBalance',
    'formatFiat',
    'formatUnits',
    'isAddressFor',
    'isCaipAddress',
    'isCaipNetworkId',
    'isChainNamespace',
    'isDecimalString',
    'isEip155Address',
    'isOriginAllowed',
    'isSolanaAddress',
    'isValidRegisteredName',
    'parseCaipAddress',
    'parseCaipNetworkId',
    'parseUnits',
    'setLocale',
    'setThemeMode',
    'setThemeVariables',
    'subscribeEvents',
    'toCaipAddress',
    'toCaipNetworkId',
    'truncateAddress',
    'truncateDecimals',
  ])
})

// What ui, react and the adapters share: the host API plus these names. Not a host contract,
// but listed so an internal name never leaks into the host entry or disappears by accident.
test('the internal entry exports the host API and the internal names', () => {
  const hostNames = new Set(Object.keys(core))
  for (const name of hostNames) assert.ok(name in internal, `internal lacks ${name}`)
  assert.deepEqual(
    Object.keys(internal)
      .filter((name) => !hostNames.has(name))
      .sort(),
    [
      '$accountNames',
      '$accounts',
      '$activeNamespace',
      '$adapters',
      '$alert',
      '$api',
      '$balances',
      '$canGoBack',
      '$chain',
      '$connections',
      '$connectorStatus',
      '$connectors',
      '$discovered',
      '$features',
      '$nfts',
      '$options',
      '$projectConfig',
      '$recentWallets',
      '$registeredName',
      '$remoteConfig',
      '$router',
      '$snack',
      '$transactions',
      '$transactionsByYear',
      '$view',
      'ACTIVITY_NAMESPACES',
      'ALERTS',
      'BALANCE_API_NAMESPACES',
      'BALANCE_RETRY_GAP_MS',
      'CONNECTOR_GROUPS',
      'DEFAULT_CAIP_NETWORK_ID',
      'ERROR_MESSAGES',
      'ERROR_REPORTS_PER_MINUTE',
      'INVALID_NAME_MESSAGE',
      'NAME_CACHE_MS',
      'NAME_NAMESPACES',
      'NFT_NAMESPACES',
      'REMOTE_FEATURE_KEYS',
      'TOAST_MESSAGES',
      'TOKEN_BALANCE_CACHE_MS',
      'TRANSACTIONS_POLL_MS',
      'VIEWS',
      'accountKey',
      'clearAlert',
      'closeModal',
      'connect',
      'connectorGroup',
      'createAdapterSession',
      'createEmitter',
      'createStorage',
      'disconnect',
      'emitEvent',
      'expireTokenBalances',
      'fetchBalances',
      'fetchNfts',
      'fetchTransactions',
      'findNetwork',
      'getAccountState',
      'getAdapter',
      'getNetworks',
      'goBack',
      'groupTransactionsByYear',
      'hideSnack',
      'isUnsupportedNetwork',
      'isView',
      'issueWarning',
      'kitError',
      'lookupAccountName',
      'mergeFeatures',
      'openModal',
      'openView',
      'parseOptions',
      'push',
      'reconnect',
      'refreshBalance',
      'refreshTransactions',
      'registerAccountName',
      'registerAdapter',
      'registerNameMessage',
      'replace',
      'requireAdapter',
      'reset',
      'resetStores',
      'resetTransactions',
      'setAccountName',
      'setCloseDisabled',
      'setModalLoading',
      'setProfile',
      'showAlert',
      'showSnack',
      'storage',
      'switchNetwork',
      'transactionMonthGroups',
      'unregisterAdapter',
      'untilModalCloses',
      'withTimeout',
    ],
  )
})

test('no test reset is part of the host API', () => {
  for (const name of Object.keys(core)) assert.doesNotMatch(name, /^(reset|clear)/)
})

test('the adapter-contract entry exports the suite and the test adapter', () => {
  assert.deepEqual(Object.keys(contract).sort(), [
    'ContractViolation',
    'adapterContract',
    'createTestAdapter',
    'mainnet',
    'optimism',
    'polygon',
    'sepolia',
    'solana',
  ])
})

test('the api entry exports the client and the constants of the HTTP shapes', () => {
  assert.deepEqual(Object.keys(api).sort(), [
    'API_LIMITS',
    'API_TIMEOUT_MS',
    'ApiRequestError',
    'DEFAULT_API_URL',
    'JSON_RPC_ERRORS',
    'createApiClient',
  ])
})

test('the registry entry exports the wallet-registry store', () => {
  assert.deepEqual(Object.keys(registry).sort(), [
    '$connectList',
    '$featuredWallets',
    '$recommendedRegistryWallets',
    '$recommendedWallets',
    '$registryWallets',
    '$searchedWallets',
    '$walletList',
    '$walletSearch',
    'RECOMMENDED_WALLETS',
    'WALLET_PAGE_SIZE',
    'WALLET_SEARCH_PAGE_SIZE',
    'fetchRecommendedWallets',
    'fetchSearchPage',
    'fetchWalletPage',
    'getRemoteWalletHandler',
    'installedConnector',
    'isWalletExcluded',
    'registryQuery',
    'resetWalletRegistry',
    'searchWallets',
    'setRemoteWalletHandler',
  ])
})
