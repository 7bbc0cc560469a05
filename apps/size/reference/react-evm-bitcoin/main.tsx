// Reference app (f): React + OpenModal, EVM + Bitcoin: app (a) plus `bitcoinAdapter()` and the
// Bitcoin mainnet network. The adapter (sats-connect and wallet-standard discovery, connect,
// Esplora balances, signing through the wallet) is in the initial JS and loads no Bitcoin
// library, which the size check enforces (size-budgets.json). The WalletConnect entry as in (a).
import { bitcoin, bitcoinAdapter } from '@openmodal/bitcoin'
import { evmAdapter } from '@openmodal/evm'
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks } from '../shared/networks.js'

createModal({
  projectId: 'size-reference',
  networks: [...evmNetworks, bitcoin],
  adapters: [evmAdapter(), bitcoinAdapter()],
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
