// Reference app (b): React + OpenModal, EVM + Solana: app (a) plus `solanaAdapter()` and a
// Solana network. The adapter (wallet-standard discovery, connect, balances, signing over
// fetch) is in the initial JS; @solana/web3.js loads with import() on the first transfer only,
// which the size check enforces (size-budgets.json). The WalletConnect entry as in app (a).
import { evmAdapter } from '@openmodal/evm'
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { solana, solanaAdapter } from '@openmodal/solana'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks } from '../shared/networks.js'

createModal({
  projectId: 'size-reference',
  networks: [...evmNetworks, solana],
  adapters: [evmAdapter(), solanaAdapter()],
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
