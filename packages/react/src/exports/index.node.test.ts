import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as api from './index.js'

test('the public API of @openmodal/react does not change by accident', () => {
  assert.deepEqual(Object.keys(api).sort(), [
    'ModalProvider',
    'W3mAccountButton',
    'W3mButton',
    'W3mConnectButton',
    'W3mModal',
    'W3mNetworkButton',
    'createModal',
    'useDisconnect',
    'useModal',
    'useModalAccount',
    'useModalEvents',
    'useModalNetwork',
    'useModalProvider',
    'useModalState',
    'useModalTheme',
    'useSiwxSession',
    'useStore',
    'useWalletInfo',
  ])
})
