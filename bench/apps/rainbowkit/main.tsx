// RainbowKit on wagmi; the modal opens from a button through useConnectModal.
import '@rainbow-me/rainbowkit/styles.css'
import { getDefaultConfig, RainbowKitProvider, useConnectModal } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { mainnet, optimism } from 'viem/chains'
import { WagmiProvider } from 'wagmi'

const config = getDefaultConfig({
  appName: 'bench',
  projectId: 'bench-dummy-project-id',
  chains: [mainnet, optimism],
})
const queryClient = new QueryClient()

function App() {
  const { openConnectModal } = useConnectModal()
  return (
    <button type="button" id="open" onClick={() => openConnectModal?.()}>
      Connect wallet
    </button>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <RainbowKitProvider>
          <App />
        </RainbowKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
