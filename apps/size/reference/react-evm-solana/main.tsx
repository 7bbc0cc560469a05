// Reference app (b): React + OpenModal, EVM + Solana.
// TODO(solana): add the Solana adapter once @openmodal/solana exists; until then this app is
// app (a). TODO(walletconnect): as in app (a). The size check already forbids @solana/ and
// @walletconnect/ modules in initial chunks, so both must arrive behind import().
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
