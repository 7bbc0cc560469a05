import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as entry from './index.js'

test('@openmodal/siwx exports exactly its public API', () => {
  assert.deepEqual(Object.keys(entry).sort(), [
    'DEFAULT_SESSION_TTL_MS',
    'LOCAL_NONCE_TTL_MS',
    'SIWX_ACCOUNT_LABELS',
    'SOLANA_CLUSTERS',
    'SiwxError',
    'createSiweMessage',
    'createSiwxMessageData',
    'decodeSolanaSignature',
    'formatSiweMessage',
    'formatSiwxMessage',
    'fromSiweConfig',
    'fromSolanaSignInOutput',
    'generateNonce',
    'isSameAccount',
    'localSiwx',
    'parseDateTime',
    'parseSiweMessage',
    'parseSiwxMessage',
    'serverSiwx',
    'signInWithSolanaWallet',
    'toSolanaSignInInput',
    'verifyEvmSignature',
    'verifySiwxMessage',
    'verifySolanaSignature',
  ])
})
