import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as api from './index.js'

test('the public API of @openmodal/svelte does not change by accident', () => {
  assert.deepEqual(Object.keys(api).sort(), [
    'accounts',
    'activeAccount',
    'activeNetwork',
    'createModal',
    'isConnected',
    'locale',
    'modalState',
    'networks',
    'theme',
  ])
})

test('no name starts with $, which Svelte 5 reserves for store subscriptions', () => {
  assert.deepEqual(
    Object.keys(api).filter((name) => name.startsWith('$')),
    [],
  )
})
