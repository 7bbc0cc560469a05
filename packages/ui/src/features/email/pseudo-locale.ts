// The email feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { openModal, push, reset, storage } from '@openmodal/core/internal'
import { embeddedStandIn } from '../../test/embedded-fixtures.js'
import { setupClient } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

export const scenarios: Scenarios = {
  async EmailLogin() {
    // The field holds what the visitor typed (a field scrolls its own text): a usual address.
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    storage.set('email', 'ada.lovelace@example.com')
    reset('Connect')
    push('EmailLogin')
    openModal()
  },
  async UpdateEmailWallet() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('Connect')
    push('UpdateEmailWallet', { email: 'a.rather.long.address.for.a.test@example.com' })
    openModal()
  },
  async ChangeRecovery() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('Connect')
    push('ChangeRecovery')
    openModal()
  },
  async ApproveTransaction() {
    setupClient({}, { embeddedWallet: embeddedStandIn().entry })
    reset('ApproveTransaction')
    openModal()
  },
}
