// The network feature's views in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { adapterError, connect, openModal, push, reset } from '@openmodal/core/internal'
import { mainnet, optimism, setupClient, setupConnected, solana } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'
import { switchActiveChainData } from './w3m-switch-active-chain-view/w3m-switch-active-chain-view.js'

export const scenarios: Scenarios = {
  async Networks() {
    await setupConnected()
    reset('Account')
    push('Networks')
    openModal()
  },
  async SwitchNetwork() {
    const adapter = await setupConnected()
    // The wallet's "no", the longest of core's texts, with Try again below it.
    adapter.switchNetwork = async () => {
      throw adapterError('NO_PROGRAMMATIC_SWITCH')
    }
    reset('Account')
    push('SwitchNetwork', { network: optimism })
    openModal()
  },
  async UnsupportedChain() {
    const adapter = await setupConnected()
    adapter.emit({ type: 'chainChanged', chainId: 999 })
  },
  async SwitchActiveChain() {
    setupClient({}, { networks: [mainnet, optimism, solana] })
    await connect({ connectorId: 'io.alpha' })
    reset('Account')
    push('SwitchActiveChain', switchActiveChainData(solana))
    openModal()
  },
}
