import assert from 'node:assert/strict'
import { beforeEach, describe, test } from 'node:test'
import { $canGoBack, $router, $view, goBack, isView, push, replace, reset } from './router.js'

describe('router', () => {
  beforeEach(() => reset('Connect'))

  test('push stacks views and goBack returns through them in order', () => {
    push('AllWallets')
    push('ConnectingExternal', { connectorId: 'io.test' })
    assert.equal($view.get().view, 'ConnectingExternal')
    assert.equal($view.get().data?.connectorId, 'io.test')
    assert.equal($canGoBack.get(), true)
    goBack()
    assert.equal($view.get().view, 'AllWallets')
    goBack()
    assert.equal($view.get().view, 'Connect')
    assert.equal($canGoBack.get(), false)
  })

  test('goBack on the first view keeps it', () => {
    goBack()
    assert.deepEqual($router.get().history, [{ view: 'Connect' }])
  })

  test('replace swaps the top view without growing history', () => {
    push('ConnectingExternal')
    replace('Account')
    assert.deepEqual(
      $router.get().history.map((e) => e.view),
      ['Connect', 'Account'],
    )
  })

  test('reset starts a new history with view data', () => {
    push('Networks')
    reset('SwitchActiveChain', {
      switchToChain: 'solana',
      navigateTo: 'Account',
      navigateWithReplace: true,
    })
    assert.equal($router.get().history.length, 1)
    assert.equal($view.get().data?.switchToChain, 'solana')
    assert.equal($view.get().data?.navigateWithReplace, true)
  })

  test('pushing the view already on screen does not duplicate it', () => {
    push('Networks')
    push('Networks')
    assert.equal($router.get().history.length, 2)
  })

  test('isView accepts spec view names only', () => {
    assert.equal(isView('SIWXSignMessage'), true)
    assert.equal(isView('ApproveTransaction'), true)
    assert.equal(isView('Nope'), false)
    assert.equal(isView(3), false)
  })
})
