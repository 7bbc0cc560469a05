// The social login feature's registration (issue 26). ConnectingSocial follows a click on
// Connect: it rides in the connect group's chunk (connect/chunk.ts), already loaded then.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const social: Feature<typeof en> = {
  group: 'connect',
  views: {
    ConnectingSocial: { tag: 'w3m-connecting-social-view' },
  },
}
