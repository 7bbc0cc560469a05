// Reference app (i): app (a) with wagmi 2 on top through @openmodal/wagmi: wagmi's config on
// the modal, WagmiProvider and react-query's provider, and a line from useAccount. Its budget
// bounds what wagmi, react-query and the connector add to (a); (a) itself imports none of it
// (a forbidden rule checks).
import { evmAdapter } from '@openmodal/evm'
import { createModal, useModal, W3mButton } from '@openmodal/react'
import { createConfig } from '@openmodal/wagmi'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { useAccount, WagmiProvider } from 'wagmi'
import { evmNetworks } from '../shared/networks.js'

const modal = createModal({
  projectId: 'size-reference',
  networks: evmNetworks,
  adapters: [evmAdapter()],
  walletConnect: walletConnect(),
})
const config = createConfig({ modal, networks: evmNetworks })
const queryClient = new QueryClient()

function App() {
  const { open } = useModal()
  const { address } = useAccount()
  return (
    <main>
      <W3mButton />
      <button type="button" id="open" onClick={() => open()}>
        Connect wallet
      </button>
      <p>{address}</p>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
