// The siwx feature's registration. The sign view follows a connect: it rides in the connect
// group's chunk (connect/chunk.ts).
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const siwx: Feature<typeof en> = {
  group: 'connect',
  views: {
    SIWXSignMessage: { tag: 'w3m-siwx-sign-message-view' },
  },
}
