import assert from 'node:assert/strict'
import { test } from 'node:test'
import { base58Decode, base58Encode, base64Decode, base64Encode } from '@openmodal/core/internal'
import { SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { formatSol } from '../adapter/rent.js'
import {
  solana,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
  walletChain,
} from '../networks/networks.js'

test('base58 round-trips keys, leading zeros and refuses foreign characters', () => {
  for (const address of SOLANA_DEV_ADDRESSES) {
    const bytes = base58Decode(address)
    assert.equal(bytes?.length, 32)
    assert.equal(base58Encode(bytes ?? new Uint8Array()), address)
  }
  assert.equal(base58Encode(new Uint8Array(32)), '1'.repeat(32))
  assert.deepEqual(base58Decode('112'), new Uint8Array([0, 0, 1]))
  assert.equal(base58Decode('0OIl'), undefined)
})

test('base64 round-trips bytes and refuses non-base64', () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i)
  assert.deepEqual(base64Decode(base64Encode(bytes)), bytes)
  assert.equal(base64Decode('***'), undefined)
})

test('formats lamports as SOL without trailing zeros', () => {
  assert.equal(formatSol(890_880n), '0.00089088')
  assert.equal(formatSol(10_000_000_000n), '10')
  assert.equal(formatSol(1_500_000_001n), '1.500000001')
})

test('maps the clusters to wallet-standard chains, any other to localnet', () => {
  assert.deepEqual([solana, solanaDevnet, solanaTestnet].map(walletChain), [
    'solana:mainnet',
    'solana:devnet',
    'solana:testnet',
  ])
  const local = solanaLocalnet({
    rpcUrl: 'http://127.0.0.1:8899',
    genesisHash: 'HsAA1Wqa25WNXuVomYzh8y8n7FTobxNjZmovhGfACvKo',
  })
  assert.equal(local.caipNetworkId, 'solana:HsAA1Wqa25WNXuVomYzh8y8n7FTobxNj')
  assert.equal(walletChain(local), 'solana:localnet')
  assert.throws(() => solanaLocalnet({ rpcUrl: 'http://x', genesisHash: '<script>' }), {
    code: 'INVALID_GENESIS_HASH',
  })
})
