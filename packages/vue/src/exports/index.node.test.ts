import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as compiler from './compiler.js'
import * as api from './index.js'

test('the public API of @openmodal/vue does not change by accident', () => {
  assert.deepEqual(Object.keys(api).sort(), [
    'createModal',
    'isCustomElement',
    'useDisconnect',
    'useModal',
    'useModalAccount',
    'useModalEvents',
    'useModalNetwork',
    'useModalProvider',
    'useModalState',
    'useModalTheme',
    'useStore',
    'useWalletInfo',
  ])
  assert.deepEqual(Object.keys(compiler), ['isCustomElement'])
})
