'use client'
import { evmAdapter } from '@openmodal/evm'
import { anvil } from '@openmodal/evm/networks'
import { type ModalOptions, ModalProvider } from '@openmodal/react'
import type { ReactNode } from 'react'

// The local anvil node (chain 31337); NEXT_PUBLIC_RPC_URL points it elsewhere at build time.
const rpcUrl = process.env.NEXT_PUBLIC_RPC_URL
const local = rpcUrl ? { ...anvil, rpcUrls: { default: { http: [rpcUrl] } } } : anvil

// At module level: ModalProvider creates the modal once per options object, in the browser.
// No `apiUrl`: the kit calls no server of its own.
const options: ModalOptions = {
  projectId: 'example',
  networks: [local],
  adapters: [evmAdapter()],
}

export function Providers({ children }: { children: ReactNode }) {
  return <ModalProvider options={options}>{children}</ModalProvider>
}
