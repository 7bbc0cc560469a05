// AppKit with its wagmi adapter, EVM networks; the modal opens from a button through useAppKit.

import { mainnet, optimism } from '@reown/appkit/networks'
import { createAppKit, useAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'bench-dummy-project-id'
const networks: [typeof mainnet, typeof optimism] = [mainnet, optimism]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'bench', description: 'bench', url: location.origin, icons: [] },
})
const queryClient = new QueryClient()

function App() {
  const { open } = useAppKit()
  return (
    <button type="button" id="open" onClick={() => open()}>
      Connect wallet
    </button>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
