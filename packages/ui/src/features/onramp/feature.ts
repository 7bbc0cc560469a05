// The on-ramp feature's registration (issue 28). Its views ride in the account group's chunk
// (views.ts says why): the Buy button is on the Account view.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const onramp: Feature<typeof en> = {
  group: 'account',
  views: {
    OnRampProviders: { tag: 'w3m-onramp-providers-view' },
    BuyInProgress: { tag: 'w3m-buy-in-progress-view' },
  },
}
