// Reference app (c): a plain HTML page with only the custom elements and createModal.
import { evmAdapter } from '@openmodal/evm'
import { createModal } from '@openmodal/ui'
import { evmNetworks } from '../shared/networks.js'

const modal = createModal({
  projectId: 'size-reference',
  networks: evmNetworks,
  adapters: [evmAdapter()],
})
document.querySelector('#open')?.addEventListener('click', () => modal.open())
