import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as small from './connector.js'
import * as entry from './index.js'

test('@openmodal/walletconnect exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'BIP122_EVENTS',
    'BIP122_METHODS',
    'DEFAULT_RELAY_URL',
    'DEFAULT_REQUEST_TIMEOUT_MS',
    'EIP155_EVENTS',
    'EIP155_METHODS',
    'MemoryStorage',
    'PAIRING_EXPIRY_MARGIN_MS',
    'PAIRING_EXPIRY_MS',
    'ProviderRpcError',
    'SOLANA_EVENTS',
    'SOLANA_METHODS',
    'WALLETCONNECT_CONNECTOR_ID',
    'buildNamespaces',
    'createEip1193Provider',
    'createWalletConnectClient',
    'isPairingExpired',
    'toRpcError',
    'walletConnectConnector',
  ])
})

test('importing the entry does not load sign-client', async () => {
  // The entry is what a host loads on "WalletConnect" clicks; sign-client loads on first use.
  const { readFileSync } = await import('node:fs')
  const { fileURLToPath } = await import('node:url')
  const files = ['../client/create-client.ts', '../connector/walletconnect-connector.ts']
  for (const file of files) {
    const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8')
    assert.doesNotMatch(source, /^import [^t].*from '@walletconnect\/sign-client'/m, file)
  }
})

test('@openmodal/walletconnect/connector exports exactly the small entry', () => {
  assert.deepEqual(Object.keys(small).sort(), ['WALLETCONNECT_CONNECTOR_ID', 'walletConnect'])
})

test('the small entry imports the client only with import()', async () => {
  const { readFileSync } = await import('node:fs')
  const { fileURLToPath } = await import('node:url')
  const files = ['./connector.ts', '../entry/wallet-connect-entry.ts', '../connector/identity.ts']
  for (const file of files) {
    const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8')
    const statics = [...source.matchAll(/^(?:import|export) (?!type)[^;]*? from '([^']+)'/gms)]
    for (const [, from] of statics) {
      assert.ok(
        from === '@openmodal/core/internal' || /identity|wallet-connect-entry/.test(from ?? ''),
        `${file} imports ${from} statically`,
      )
    }
  }
})
