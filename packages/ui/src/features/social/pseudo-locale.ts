// The social feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { $socialLogin, openModal, push, reset } from '@openmodal/core/internal'
import { embeddedStandIn } from '../../test/embedded-fixtures.js'
import { setupClient } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

export const scenarios: Scenarios = {
  async ConnectingSocial() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    // A blocked popup: the longest line, with the button that opens it.
    $socialLogin.set({ provider: 'facebook', popup: null })
    reset('Connect')
    push('ConnectingSocial')
    openModal()
  },
  async ConnectingFarcaster() {
    // The channel's QR code, the hint and the link that opens the app.
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('Connect')
    push('ConnectingFarcaster')
    openModal()
  },
}
