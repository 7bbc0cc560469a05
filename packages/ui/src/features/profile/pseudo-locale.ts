// The profile feature's view in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { openModal, reset } from '@openmodal/core/internal'
import { embeddedStandIn } from '../../test/embedded-fixtures.js'
import { setupClient } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

export const scenarios: Scenarios = {
  async ProfileWallets() {
    // Both accounts, the smart one not deployed: the longest lines.
    setupClient({}, { embeddedWallet: embeddedStandIn({ smartAccount: 'available' }).entry })
    reset('ProfileWallets')
    openModal()
  },
}
