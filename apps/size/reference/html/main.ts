// Reference app (c): a plain HTML page with only the custom elements and createModal (EVM adapter
// and the WalletConnect entry, whose client loads with import()).
import { evmAdapter } from '@openmodal/evm'
import { createModal } from '@openmodal/ui'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { evmNetworks } from '../shared/networks.js'

const modal = createModal({
  projectId: 'size-reference',
  networks: evmNetworks,
  adapters: [evmAdapter()],
  walletConnect: walletConnect(),
})
document.querySelector('#open')?.addEventListener('click', () => modal.open())
