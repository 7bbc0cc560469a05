// The send feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import {
  loadSendTokens,
  openModal,
  push,
  reset,
  setReceiver,
  updateSendDraft,
} from '@openmodal/core/internal'
import { setupConnected } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

const ADDRESS = '0x7777777777777777777777777777777777777777'

export const scenarios: Scenarios = {
  async WalletSend() {
    await setupConnected()
    await loadSendTokens()
    // A name that resolved, and an amount too large: the longest lines the form shows.
    updateSendDraft({ sendTokenAmount: '123456.123456789' })
    setReceiver(ADDRESS, { name: 'a-rather-long-name-for-an-account' })
    reset('Account')
    push('WalletSend')
    openModal()
  },
  async WalletSendSelectToken() {
    await setupConnected()
    reset('Account')
    push('WalletSend')
    push('WalletSendSelectToken')
    openModal()
  },
  async WalletSendPreview() {
    await setupConnected()
    await loadSendTokens()
    updateSendDraft({ sendTokenAmount: '1.23456789' })
    setReceiver(ADDRESS, { name: 'a-rather-long-name-for-an-account' })
    reset('Account')
    push('WalletSend')
    push('WalletSendPreview')
    openModal()
  },
}
