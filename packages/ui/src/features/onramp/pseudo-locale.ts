// The onramp feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import {
  openModal,
  push,
  reset,
  setOnrampPurchase,
  updateOnrampDraft,
} from '@openmodal/core/internal'
import { setupConnected } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

const ADDRESS = '0x7777777777777777777777777777777777777777'

export const scenarios: Scenarios = {
  async OnRampProviders() {
    await setupConnected()
    // Above the card maximum: the longest error line under the field.
    updateOnrampDraft({ amount: '7600' })
    reset('Account')
    push('OnRampProviders')
    openModal()
  },
  async BuyInProgress() {
    await setupConnected()
    // A blocked window: the waiting line is longest, with the new-tab link under it.
    setOnrampPurchase({
      providerName: 'Sandbox checkout',
      opened: false,
      url: 'https://checkout.example/onramp/checkout/onr_1',
      purchase: {
        id: 'onr_1',
        provider: 'sandbox',
        status: 'pending',
        chainId: 'eip155:1',
        address: ADDRESS,
        asset: 'ETH',
        currency: 'USD',
        method: 'card',
        amount: '100.00',
        cryptoAmount: '0.033',
        txHash: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        completedAt: null,
      },
    })
    reset('Account')
    push('BuyInProgress')
    openModal()
  },
}
