// Reference app: (a) without the EVM adapter. Only the base of the budget that bounds what
// @openmodal/evm adds to a page's initial JS (issue #3: at most 25 kB gzip).
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks } from '../shared/networks.js'

createModal({ projectId: 'size-reference', networks: evmNetworks })

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
