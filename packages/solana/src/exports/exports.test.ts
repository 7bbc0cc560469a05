import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'

test('@openmodal/solana exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'NAME_MAX_LENGTH',
    'SOLANA_COMMITMENTS',
    'SOLANA_METHODS',
    'base58Decode',
    'base58Encode',
    'cleanName',
    'fetchSolanaLocalnet',
    'formatSol',
    'isSafeIcon',
    'parseWallet',
    'solana',
    'solanaAdapter',
    'solanaDevnet',
    'solanaLocalnet',
    'solanaTestnet',
    'walletChain',
    'walletCommitment',
  ])
})
