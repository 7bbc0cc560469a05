// The AppKit compat entry: its names, and AppKit 1.7 options mapped to ones our validator
// takes. The hooks and elements run in the consumer test's appkit example (Chromium).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mainnet, optimism } from '@openmodal/core/adapter-contract'
import { parseOptions } from '@openmodal/core/internal'
import * as entry from '../exports/appkit.js'
import { toModalOptions } from './create-app-kit.js'

test('@openmodal/react/appkit exports AppKit’s names', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'APPKIT_IGNORED_OPTIONS',
    'createAppKit',
    'useAppKit',
    'useAppKitAccount',
    'useAppKitEvents',
    'useAppKitNetwork',
    'useAppKitProvider',
    'useAppKitState',
    'useAppKitTheme',
    'useDisconnect',
  ])
})

test('AppKit options become ours, and our validator takes them', () => {
  const options = toModalOptions({
    projectId: 'p',
    networks: [mainnet, optimism],
    defaultNetwork: optimism,
    metadata: { name: 'Dapp', description: 'd', url: 'https://dapp.example', icons: [] },
    includeWalletIds: ['metamask'],
    excludeWalletIds: ['trust'],
    allowUnsupportedChain: true,
    enableNetworkSwitch: false,
    themeMode: 'dark',
    themeVariables: { '--w3m-accent': '#ff0000' },
    termsConditionsUrl: 'https://dapp.example/terms',
    features: {
      analytics: true,
      email: false,
      history: false,
      connectMethodsOrder: ['wallet', 'email'],
      walletFeaturesOrder: ['send'],
    },
    debug: true,
    enableCoinbase: false,
    featuredWalletIds: ['x'],
  })
  assert.deepEqual(options, {
    projectId: 'p',
    networks: [mainnet, optimism],
    metadata: { name: 'Dapp', description: 'd', url: 'https://dapp.example', icons: [] },
    themeMode: 'dark',
    themeVariables: { '--w3m-accent': '#ff0000' },
    termsConditionsUrl: 'https://dapp.example/terms',
    connectMethodsOrder: ['wallet', 'email'],
    features: {
      analytics: true,
      email: false,
      activity: false,
      allowUnsupportedChain: true,
      networkSwitching: false,
    },
    defaultNetwork: 'eip155:10',
    allowWallets: ['metamask'],
    excludeWallets: ['trust'],
  })
  const resolved = parseOptions(options)
  assert.equal(resolved.defaultNetwork, 'eip155:10')
  assert.equal(resolved.features.activity, false)
  assert.equal(resolved.features.networkSwitching, false)
})

test('an AppKit option with a value ours refuses still throws with the field named', () => {
  assert.throws(
    () => parseOptions(toModalOptions({ networks: [mainnet], themeMode: 'blue' as 'dark' })),
    /themeMode/,
  )
})
