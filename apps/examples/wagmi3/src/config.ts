import { evmAdapter } from '@openmodal/evm'
import { anvil } from '@openmodal/evm/networks'
import type { CaipNetwork } from '@openmodal/react'
import { createModal } from '@openmodal/react'
import { createConfig } from '@openmodal/wagmi'

// Two local anvil nodes (chains 31337 and 31338); VITE_RPC_URL and VITE_RPC_URL_2 point them
// elsewhere at build time.
const rpcUrl = import.meta.env.VITE_RPC_URL
const local = rpcUrl ? { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } } : anvil
const second: CaipNetwork = {
  ...anvil,
  id: 31_338,
  caipNetworkId: 'eip155:31338',
  name: 'Anvil 2',
  rpcUrls: { default: { http: [import.meta.env.VITE_RPC_URL_2 ?? 'http://127.0.0.1:8546'] } },
}
const networks = [local, second]

// The modal first, then wagmi's config on top of it: wagmi's hooks follow the modal.
export const modal = createModal({ projectId: 'example', networks, adapters: [evmAdapter()] })
export const config = createConfig({ modal, networks })

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}

/** An ERC-20 with a public `mint` (the kit's test token), deployed on chain 31337. */
export const token = {
  address: import.meta.env.VITE_TOKEN_ADDRESS as `0x${string}`,
  abi: [
    {
      type: 'function',
      name: 'balanceOf',
      stateMutability: 'view',
      inputs: [{ name: 'owner', type: 'address' }],
      outputs: [{ name: '', type: 'uint256' }],
    },
    {
      type: 'function',
      name: 'mint',
      stateMutability: 'nonpayable',
      inputs: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      outputs: [],
    },
  ],
} as const
