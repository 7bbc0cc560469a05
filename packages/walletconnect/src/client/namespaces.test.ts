import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mainnet, optimism } from '@openmodal/core/adapter-contract'
import { EIP155_EVENTS, EIP155_METHODS, SOLANA_METHODS } from './constants.js'
import { isPairingExpired } from './create-client.js'
import { buildNamespaces } from './namespaces.js'

test('asks for every configured chain of a namespace with its methods and events', () => {
  const solana = {
    ...mainnet,
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chainNamespace: 'solana' as const,
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const,
  }
  const polkadot = {
    ...mainnet,
    chainNamespace: 'polkadot' as const,
    caipNetworkId: 'polkadot:x' as const,
  }
  const namespaces = buildNamespaces([mainnet, optimism, solana, polkadot, mainnet])
  assert.deepEqual(Object.keys(namespaces), ['eip155', 'solana'])
  assert.deepEqual(namespaces.eip155?.chains, ['eip155:1', 'eip155:10'])
  assert.deepEqual(namespaces.eip155?.methods, [...EIP155_METHODS])
  // Spec §7: typed data v4, and v3 asked for too.
  for (const method of ['personal_sign', 'eth_signTypedData_v4', 'eth_signTypedData_v3']) {
    assert.ok(new Set<string>(namespaces.eip155?.methods).has(method), method)
  }
  assert.deepEqual(namespaces.eip155?.events, [...EIP155_EVENTS])
  assert.deepEqual(namespaces.eip155?.rpcMap, {
    '1': 'http://127.0.0.1:8545',
    '10': 'http://127.0.0.1:8546',
  })
  assert.deepEqual(namespaces.solana?.methods, [...SOLANA_METHODS])
})

test('a pairing counts as expired once under 10 s of it are left', () => {
  const pairing = { uri: 'wc:x@2', expiresAt: 100_000 }
  assert.equal(isPairingExpired(pairing, 89_999), false)
  assert.equal(isPairingExpired(pairing, 90_000), false)
  assert.equal(isPairingExpired(pairing, 90_001), true)
})
