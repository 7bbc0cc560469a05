// The connect feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { openModal, push, reset, showAlert } from '@openmodal/core/internal'
import { setupClient } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

export const scenarios: Scenarios = {
  async Connect() {
    setupClient(
      {},
      {
        termsConditionsUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    )
    reset('Connect')
    openModal()
    // The longest alert title, in the banner above the view.
    showAlert('EMBEDDED_WALLET_LOAD_FAILED')
  },
  async ConnectingExternal() {
    setupClient().holdNextConnect()
    reset('Connect')
    push('ConnectingExternal', { connectorId: 'io.alpha' })
    openModal()
  },
  async AllWallets() {
    setupClient()
    reset('AllWallets')
    openModal()
  },
}
