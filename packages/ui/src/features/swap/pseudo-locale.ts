// The swap feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { SWAP_NATIVE_ADDRESS } from '@openmodal/core/api'
import { openModal, push, reset, updateSwapDraft } from '@openmodal/core/internal'
import { setupConnected } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'
import { shown as swapShown } from './swap-state.js'

export const scenarios: Scenarios = {
  async Swap() {
    await setupConnected()
    // A long amount, so the quote and its details show at their widest.
    updateSwapDraft({ amount: '0.123456789' })
    reset('Account')
    push('Swap')
    openModal()
  },
  async SwapSelectToken() {
    await setupConnected()
    // A long token name, both sides' tokens listed, as Swap would have loaded them.
    swapShown.tokens = [
      {
        address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        symbol: 'ETH',
        name: 'Ether',
        decimals: 18,
        logoUri: null,
      },
      {
        address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        symbol: 'USDC',
        name: 'A rather long name for a stable coin',
        decimals: 6,
        logoUri: null,
      },
    ]
    reset('Account')
    push('Swap')
    push('SwapSelectToken', { swapSide: 'to' })
    openModal()
  },
  async SwapPreview() {
    await setupConnected()
    // A token sale (two wallet steps) of a long amount, as Swap would have quoted it.
    const usdc = {
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      logoUri: null,
    }
    const eth = {
      ...usdc,
      address: SWAP_NATIVE_ADDRESS,
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
    }
    swapShown.quote = {
      provider: 'uniswap-v2',
      from: usdc,
      to: eth,
      amount: '123456789123',
      toAmount: '41152263041000000000',
      priceImpact: 12.5,
      providerFee: null,
      gas: '120000',
    }
    reset('Account')
    push('Swap')
    push('SwapPreview')
    openModal()
  },
}
