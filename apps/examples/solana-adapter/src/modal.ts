import { evmAdapter } from '@openmodal/evm'
import { anvil } from '@openmodal/evm/networks'
import { createModal } from '@openmodal/react'
import { solanaAdapter } from '@openmodal/solana'
import { solanaLocalnet } from '@openmodal/solana/networks'
import { OpenModalWalletAdapter } from '@openmodal/solana/wallet-adapter'

// A local anvil chain and a local Solana cluster (`pnpm --filter @openmodal/testing
// solana-devnet`, whose genesis hash is fixed); the VITE_* variables point them elsewhere.
const rpcUrl = import.meta.env.VITE_RPC_URL
const evmLocal = rpcUrl ? { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } } : anvil
export const solanaRpcUrl = import.meta.env.VITE_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899'
const solanaLocal = solanaLocalnet({
  rpcUrl: solanaRpcUrl,
  genesisHash:
    import.meta.env.VITE_SOLANA_GENESIS_HASH ?? 'HsAA1Wqa25WNXuVomYzh8y8n7FTobxNjZmovhGfACvKo',
})

export const modal = createModal({
  projectId: 'example',
  networks: [evmLocal, solanaLocal],
  adapters: [evmAdapter(), solanaAdapter()],
})

// The modal as the wallet of `@solana/wallet-adapter-react`: useWallet() follows it.
export const modalWallet = new OpenModalWalletAdapter({ modal })
