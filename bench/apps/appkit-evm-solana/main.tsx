// AppKit with its wagmi and Solana adapters; the modal opens from a button through useAppKit.

import { type AppKitNetwork, mainnet, optimism, solana } from '@reown/appkit/networks'
import { createAppKit, useAppKit } from '@reown/appkit/react'
import { SolanaAdapter } from '@reown/appkit-adapter-solana/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'bench-dummy-project-id'
const networks: [AppKitNetwork, ...AppKitNetwork[]] = [mainnet, optimism, solana]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })
createAppKit({
  adapters: [wagmiAdapter, new SolanaAdapter()],
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
