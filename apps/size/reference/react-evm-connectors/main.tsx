// Reference app (g): (a) with the Safe app and Coinbase Wallet SDK connectors. Only their
// stubs are initial: the Safe apps SDK loads when the page runs in an allowed parent frame,
// the Coinbase Wallet SDK when the wallet list is shown (the size check forbids both in
// initial chunks).
import { evmAdapter } from '@openmodal/evm'
import { coinbaseConnector } from '@openmodal/evm/coinbase'
import { safeConnector } from '@openmodal/evm/safe'
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks } from '../shared/networks.js'

createModal({
  projectId: 'size-reference',
  networks: evmNetworks,
  adapters: [evmAdapter({ connectors: [safeConnector(), coinbaseConnector()] })],
  walletConnect: walletConnect(),
})

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
