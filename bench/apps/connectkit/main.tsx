// ConnectKit on wagmi; the modal opens from a button through useModal. Built against React
// 18.3.1 (bench/run.mjs aliases react and react-dom): ConnectKit's peer range is 17.x || 18.x.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConnectKitProvider, getDefaultConfig, useModal } from 'connectkit'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { mainnet, optimism } from 'viem/chains'
import { createConfig, WagmiProvider } from 'wagmi'

const config = createConfig(
  getDefaultConfig({
    appName: 'bench',
    walletConnectProjectId: 'bench-dummy-project-id',
    chains: [mainnet, optimism],
  }),
)
const queryClient = new QueryClient()

function App() {
  const { setOpen } = useModal()
  return (
    <button type="button" id="open" onClick={() => setOpen(true)}>
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
        <ConnectKitProvider>
          <App />
        </ConnectKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
