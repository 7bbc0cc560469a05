// The social login feature's registration (issue 26). ConnectingSocial follows a click on
// Connect: it rides in the connect group's chunk (connect/chunk.ts), already loaded then; so
// does ConnectingFarcaster, whose QR code loads with its first URL.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const social: Feature<typeof en> = {
  group: 'connect',
  views: {
    ConnectingSocial: { tag: 'w3m-connecting-social-view' },
    ConnectingFarcaster: { tag: 'w3m-connecting-farcaster-view' },
  },
}
