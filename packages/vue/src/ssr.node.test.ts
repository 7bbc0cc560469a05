// Vue server rendering (Node, no DOM): the composables give the stores' values and subscribe to
// nothing, since a server never unmounts what it renders.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { $activeAccount, $publicState } from '@openmodal/core/internal'
import { createSSRApp, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { useModal, useModalAccount, useModalEvents, useModalNetwork } from './exports/index.js'

test('renders on a server with the stores’ values and leaves no listener behind', async () => {
  const app = createSSRApp({
    setup() {
      const { status, isConnected } = useModalAccount()
      const { isOpen } = useModal()
      const { networks } = useModalNetwork()
      const event = useModalEvents()
      return () =>
        h(
          'p',
          `${status.value} ${isConnected.value} ${isOpen.value} ${networks.value.length} ${event.value}`,
        )
    },
  })
  assert.equal(await renderToString(app), '<p>disconnected false false 0 undefined</p>')
  assert.equal($activeAccount.lc, 0)
  assert.equal($publicState.lc, 0)
})
