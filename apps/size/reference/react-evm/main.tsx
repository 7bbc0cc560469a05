// Reference app (a): React + OpenModal with the EVM adapter (EIP-6963 + legacy injected).
// TODO(walletconnect): add the WalletConnect connector once @openmodal/walletconnect exists;
// it must stay behind import() (the size check forbids @walletconnect/ in initial chunks).
import { evmAdapter } from '@openmodal/evm'
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks } from '../shared/networks.js'

createModal({ projectId: 'size-reference', networks: evmNetworks, adapters: [evmAdapter()] })

function App() {
  const { open } = useModal()
  return (
    <main>
      <W3mButton />
      <button type="button" id="open" onClick={() => open()}>
        Connect wallet
      </button>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
