// The account feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { $registeredName, connect, openModal, push, reset } from '@openmodal/core/internal'
import type { W3mModal } from '../../modal/w3m-modal/w3m-modal.js'
import { ALICE, openAccount } from '../../test/account-fixtures.js'
import { mainnet, optimism, setupClient, setupConnected, solana } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

const ADDRESS = '0x7777777777777777777777777777777777777777'

export const scenarios: Scenarios = {
  async Account() {
    await setupConnected()
    reset('Account')
    openModal()
  },
  async WalletReceive() {
    setupClient({}, { networks: [mainnet, optimism, solana] })
    await connect({ connectorId: 'io.alpha' })
    reset('Account')
    push('WalletReceive')
    openModal()
  },
  async Transactions() {
    await openAccount(document.querySelector('w3m-modal') as W3mModal, ALICE)
    push('Transactions')
  },
  async RegisterAccountName() {
    await setupConnected()
    reset('Account')
    push('RegisterAccountName')
    openModal()
  },
  async RegisterAccountNameSuccess() {
    await setupConnected()
    $registeredName.set({ name: 'a-rather-long-name-for-an-account', address: ADDRESS })
    reset('Account')
    push('RegisterAccountNameSuccess')
    openModal()
  },
}
