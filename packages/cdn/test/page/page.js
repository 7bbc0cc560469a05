// The test page's own script (same origin: the CSP allows no inline script). The chain's RPC
// URL and the WalletConnect relay come from the query (`?rpc=…&relay=…`); `?solana` adds
// Solana devnet through `loadSolana()`.
import {
  $activeAccount,
  anvil,
  createModal,
  evmAdapter,
  loadSolana,
  walletConnect,
} from './openmodal.js'

const query = new URLSearchParams(location.search)
const rpc = query.get('rpc')
const relay = query.get('relay')
const network = rpc ? { ...anvil, rpcUrls: { default: { http: [rpc] } } } : anvil

const solana = query.has('solana') ? await loadSolana() : undefined

window.__modal = createModal({
  projectId: 'csp-test',
  networks: solana ? [network, solana.solanaDevnet] : [network],
  adapters: solana ? [evmAdapter(), solana.solanaAdapter()] : [evmAdapter()],
  ...(relay ? { walletConnect: walletConnect({ relayUrl: relay, verify: false }) } : {}),
})

const status = document.querySelector('#status')
$activeAccount.subscribe((account) => {
  status.textContent =
    account.status === 'connected' ? `connected ${account.address}` : account.status
})
