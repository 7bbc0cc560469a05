// One modal for the whole demo, created before React renders so the first paint has its state.
import { createModal } from '@openmodal/react'
import { networks } from './networks.js'

export const modal = createModal({
  projectId: 'demo',
  networks,
  metadata: {
    name: 'OpenModal demo',
    description: 'The OpenModal laboratory',
    url: location.origin,
    icons: [],
  },
})
