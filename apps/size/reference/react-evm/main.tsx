// Reference app (a): React + OpenModal with the EVM adapter (EIP-6963 + legacy injected) and
// the WalletConnect entry: only its small stub is initial; the client, sign-client and the QR
// encoder load with import() (the size check forbids them in initial chunks).
import { evmAdapter } from '@openmodal/evm'
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks } from '../shared/networks.js'

createModal({
  projectId: 'size-reference',
  networks: evmNetworks,
  adapters: [evmAdapter()],
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
