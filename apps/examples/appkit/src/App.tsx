import { EthersAdapter } from '@openmodal/evm/appkit'
import { anvil } from '@openmodal/evm/networks'
import {
  createAppKit,
  useAppKit,
  useAppKitAccount,
  useAppKitNetwork,
  useAppKitState,
  useDisconnect,
} from '@openmodal/react/appkit'

// 1. Get projectId
const projectId = 'example'

// 2. Set the networks (a local anvil chain; VITE_RPC_URL points it elsewhere)
const rpcUrl = import.meta.env.VITE_RPC_URL
const networks = [rpcUrl ? { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } } : anvil]

// 3. Create a metadata object - optional
const metadata = {
  name: 'My Website',
  description: 'My Website description',
  url: 'https://mywebsite.com', // origin must match your domain & subdomain
  icons: [],
}

// 4. Create a AppKit instance
createAppKit({
  adapters: [new EthersAdapter()],
  networks,
  metadata,
  projectId,
  features: {
    analytics: true, // Optional - defaults to your Cloud configuration
  },
})

export default function App() {
  const { open } = useAppKit()
  const { address, isConnected, status } = useAppKitAccount()
  const { chainId } = useAppKitNetwork()
  const { open: isOpen } = useAppKitState()
  const { disconnect } = useDisconnect()
  return (
    <main>
      <h1>AppKit app on OpenModal</h1>
      <appkit-button />
      <appkit-network-button />
      <p data-testid="account">{isConnected ? `Connected: ${address}` : `Status: ${status}`}</p>
      <p data-testid="network">chainId: {chainId}</p>
      <p data-testid="state">modal open: {String(isOpen)}</p>
      <button type="button" onClick={() => open({ view: 'Networks' })}>
        Open Networks
      </button>
      <button type="button" onClick={() => disconnect()}>
        Disconnect
      </button>
    </main>
  )
}
