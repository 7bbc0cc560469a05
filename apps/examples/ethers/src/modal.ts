import { evmAdapter } from '@openmodal/evm'
import { anvil } from '@openmodal/evm/networks'
import { createModal } from '@openmodal/ui'

// The local anvil node (chain 31337); VITE_RPC_URL points it elsewhere at build time.
const rpcUrl = import.meta.env.VITE_RPC_URL
const local = rpcUrl ? { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } } : anvil

// Once, when the page loads. No `apiUrl`: the kit calls no server of its own.
export const modal = createModal({
  projectId: 'example',
  networks: [local],
  adapters: [evmAdapter()],
})
