// The swap feature's registration. Its views ride in the account group's chunk (swap/views.ts
// says why).
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const swap: Feature<typeof en> = {
  group: 'account',
  views: {
    Swap: { tag: 'w3m-swap-view' },
    SwapPreview: { tag: 'w3m-swap-preview-view' },
    SwapSelectToken: { tag: 'w3m-swap-select-token-view' },
  },
}
