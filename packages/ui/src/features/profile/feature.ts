// The profile feature's registration: ProfileWallets (spec §2), reached from Account. It rides
// in the account group's chunk (account/chunk.ts), loaded already when the visitor gets here.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const profile: Feature<typeof en> = {
  group: 'account',
  views: {
    ProfileWallets: { tag: 'w3m-profile-wallets-view' },
  },
}
