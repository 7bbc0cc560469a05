// The walletconnect feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import type { TestAdapter } from '@openmodal/core/adapter-contract'
import { getAdapter, openModal, reset, type WalletConnectEntry } from '@openmodal/core/internal'
import { setupClient, WALLETS, walletIcon } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'
import { startWalletConnect } from '../../utils/walletconnect.js'

const WC_ID = 'com.walletconnect'

/** A WalletConnect entry with a pairing URI ready, as the real client gives one. */
const walletConnect: WalletConnectEntry = {
  id: WC_ID,
  name: 'WalletConnect',
  namespaces: ['eip155'],
  async load() {
    ;(getAdapter('eip155') as TestAdapter).setWallets([
      ...WALLETS,
      { id: WC_ID, name: 'WalletConnect' },
    ])
    return {
      pairing: {
        uri: `wc:${'ab'.repeat(32)}@2?symKey=${'cd'.repeat(32)}`,
        expiresAt: Date.now() + 240_000,
      },
      onUri: () => () => {},
      cancelPairing() {},
    }
  },
}

export const scenarios: Scenarios = {
  async ConnectingWalletConnect() {
    setupClient({}, { walletConnect }).holdNextConnect()
    reset('Connect')
    openModal()
    startWalletConnect({
      id: 'rainbow',
      name: 'Rainbow',
      imageUrl: walletIcon,
      rdns: null,
      homepage: 'https://rainbow.example.org',
      mobileLink: 'rainbow:',
      desktopLink: 'rainbow:',
      webappLink: 'https://rainbow.example.org',
      appStore: null,
      playStore: null,
      chains: ['eip155:1'],
      featured: false,
    })
  },
  async ConnectingWalletConnectBasic() {
    setupClient({}, { walletConnect }).holdNextConnect()
    reset('Connect')
    openModal()
    startWalletConnect()
  },
}
