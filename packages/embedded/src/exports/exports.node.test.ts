import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as connector from './connector.js'
import * as main from './index.js'
import * as protocol from './protocol.js'

// The public API of @openmodal/embedded: a change here is a change to the package's contract.
// Update a list on purpose, never to make the test pass.

test('the connector entry exports the embedded wallet entry and its id', () => {
  assert.deepEqual(Object.keys(connector).sort(), ['EMBEDDED_CONNECTOR_ID', 'embeddedWallet'])
})

test('the main entry exports the secure frame and the providers over it', () => {
  assert.deepEqual(Object.keys(main).sort(), [
    'DEFAULT_TIMEOUTS',
    'FRAME_Z_INDEX',
    'FrameError',
    'ProviderRpcError',
    'SOLANA_WALLET_FEATURES',
    'createEmbeddedProvider',
    'createEmbeddedSolanaWallet',
    'createSecureFrame',
    'switchEmbeddedNetwork',
    'timeoutOf',
  ])
})

test('the protocol entry exports the frame messages shared with the secure site', () => {
  assert.deepEqual(Object.keys(protocol).sort(), [
    'APP_EVENTS',
    'HANDSHAKE',
    'HANDSHAKE_ACCEPT',
    'HANDSHAKE_REFUSE',
    'MAX_MESSAGE_BYTES',
    'NODE_METHODS',
    'ProtocolError',
    'SAFE_METHODS',
    'UNSAFE_METHODS',
    'UNSUPPORTED_METHODS',
    'appRequest',
    'checkMessage',
    'embeddedUser',
    'forwardsToNode',
    'frameAction',
    'frameEvent',
    'frameMessage',
    'frameReply',
    'handshake',
    'handshakeAnswer',
    'methodKind',
    'rpcRequest',
    'tryMessage',
    'unsupportedMessage',
  ])
})
