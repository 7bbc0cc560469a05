import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'

test('@openmodal/solana exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'SOLANA_COMMITMENTS',
    'fetchSolanaLocalnet',
    'parseWallet',
    'solana',
    'solanaAdapter',
    'solanaDevnet',
    'solanaLocalnet',
    'solanaTestnet',
    'walletChain',
  ])
})

test('@openmodal/solana/wallet-adapter exports the adapter and its name only', async () => {
  const adapterEntry = await import('./wallet-adapter.js')
  assert.deepEqual(Object.keys(adapterEntry).sort(), [
    'OpenModalWalletAdapter',
    'OpenModalWalletName',
  ])
})
