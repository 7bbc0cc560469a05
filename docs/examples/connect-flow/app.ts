// The dapp under test: a page with the connect button and a status line, as any dapp has
// them. Its chain's RPC URL comes from `?rpc=` so a test can point it at the anvil it started.
import { $activeAccount } from '@openmodal/core'
import { evmAdapter } from '@openmodal/evm'
import { anvil } from '@openmodal/evm/networks'
import { createModal } from '@openmodal/ui'

const rpc = new URL(location.href).searchParams.get('rpc') ?? anvil.rpcUrls.default.http[0]
createModal({
  projectId: 'example',
  networks: [{ ...anvil, rpcUrls: { default: { http: [rpc ?? ''] } } }],
  adapters: [evmAdapter()],
})
const status = document.querySelector('#status')
$activeAccount.subscribe((account) => {
  if (status)
    status.textContent = account.status === 'connected' ? (account.address ?? '') : 'Not connected'
})
