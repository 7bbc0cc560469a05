import assert from 'node:assert/strict'
import { beforeEach, test } from 'node:test'
import { openView } from '../client/create-modal.js'
import type { BaseError } from '../errors/base.js'
import { $view } from '../stores/router.js'
import {
  $swapDraft,
  DEFAULT_SWAP_SLIPPAGE,
  flipSwapDraft,
  updateSwapDraft,
} from '../stores/swap.js'
import { resetStores } from '../testing/reset-stores.js'
import { isSwapNative, parseSwapAmount, SWAP_NATIVE_ADDRESS, swapBalanceError } from './swap.js'

const messageOf = (error: BaseError | undefined) => error?.shortMessage

beforeEach(() => resetStores())

test('parseSwapAmount: base units once, the decimals and zero refused with their texts', () => {
  assert.deepEqual(parseSwapAmount('1.5', 6), { value: 1_500_000n })
  assert.deepEqual(parseSwapAmount('  ', 6), {})
  assert.equal(messageOf(parseSwapAmount('0', 6).error), 'Enter an amount above 0')
  assert.ok(parseSwapAmount('1.0000001', 6).error, 'more decimals than the token has')
  assert.ok(parseSwapAmount('abc', 18).error)
})

test('swapBalanceError: the balance first, then the fee (with the amount when native is sold)', () => {
  const base = { amount: 10n, fromBalance: 100n, nativeBalance: 50n, fee: 5n, fromNative: false }
  assert.equal(swapBalanceError(base), undefined)
  assert.equal(messageOf(swapBalanceError({ ...base, amount: 101n })), 'Insufficient balance')
  assert.equal(
    messageOf(swapBalanceError({ ...base, fee: 51n })),
    'Insufficient funds for the network fee',
  )
  // Selling 48 of the native 50 leaves 2 for a fee of 5.
  assert.equal(
    messageOf(swapBalanceError({ ...base, amount: 48n, fromBalance: 50n, fromNative: true })),
    'Insufficient funds for the network fee',
  )
  assert.equal(swapBalanceError({ ...base, fee: undefined }), undefined)
})

test('the draft: default slippage 1 %, flip keeps the amount', () => {
  assert.equal($swapDraft.get().slippage, DEFAULT_SWAP_SLIPPAGE)
  updateSwapDraft({ fromToken: SWAP_NATIVE_ADDRESS, toToken: '0xabc', amount: '2' })
  flipSwapDraft()
  assert.equal($swapDraft.get().fromToken, '0xabc')
  assert.equal($swapDraft.get().toToken, SWAP_NATIVE_ADDRESS)
  assert.equal($swapDraft.get().amount, '2')
  assert.ok(isSwapNative($swapDraft.get().toToken))
})

test("open('Swap', arguments) routes to Swap with them", () => {
  const swap = { fromToken: SWAP_NATIVE_ADDRESS, toToken: '0xabc', amount: '0.1' }
  openView('Swap', swap)
  assert.deepEqual($view.get(), { view: 'Swap', data: { swap } })
  openView('Networks', swap)
  assert.deepEqual($view.get(), { view: 'Networks' })
})
