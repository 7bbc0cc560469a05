// The page's one script. It imports the CDN file of @openmodal/cdn (copied beside this file by
// `build`; from a CDN it would be https://unpkg.com/@openmodal/cdn@0.1.0/dist/openmodal.js).
import { $activeAccount, anvil, createModal, evmAdapter } from './openmodal/openmodal.js'

/** The chain's RPC URL: `?rpc=http://127.0.0.1:8545` overrides the anvil preset's. */
function rpcUrl() {
  const value = new URLSearchParams(location.search).get('rpc')
  if (!value) return anvil.rpcUrls.default.http[0]
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return url.href
  throw new Error(`The rpc parameter must be an http: or https: URL, not "${value}"`)
}

const network = { ...anvil, rpcUrls: { default: { http: [rpcUrl()] } } }

const modal = createModal({
  projectId: 'example',
  networks: [network],
  adapters: [evmAdapter()],
})

// The connection state, from core's store. textContent: an address is shown as text.
const status = document.querySelector('#status')
$activeAccount.subscribe((account) => {
  status.textContent =
    account.status === 'connected' ? `Connected: ${account.address}` : 'Not connected'
})

// For the browser console: `modal.open()`, `modal.getAccount()`, …
window.modal = modal
