// The page the server-rendering tests render in Node and hydrate in Chromium: the provider,
// the button and every hook, as an App Router layout and page would combine them.
import { $locale, type CaipNetwork, type ModalOptions } from '@openmodal/core'
import { createTestAdapter } from '@openmodal/core/adapter-contract'
import {
  ModalProvider,
  useDisconnect,
  useModal,
  useModalAccount,
  useModalEvents,
  useModalNetwork,
  useModalProvider,
  useModalState,
  useModalTheme,
  useStore,
  useWalletInfo,
  W3mButton,
} from '../exports/index.js'

export const testnet: CaipNetwork = {
  id: 31337,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Local Testnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
}

// Module level, as the README shows: the provider creates the modal once per options object.
export const options: ModalOptions = {
  projectId: 'test',
  basic: true,
  networks: [testnet],
  themeMode: 'dark',
  locale: 'ar',
  adapters: [createTestAdapter({ chainId: 31337, knownChainIds: [31337] })],
}

/** Every hook's value, as JSON in an `<output>`. */
export function HookSummary() {
  const modal = useModal()
  const account = useModalAccount()
  const solana = useModalAccount('solana')
  const network = useModalNetwork()
  const state = useModalState()
  const theme = useModalTheme()
  const event = useModalEvents()
  const { disconnect } = useDisconnect()
  const { walletInfo } = useWalletInfo()
  const { provider, isConnected } = useModalProvider('eip155')
  const locale = useStore($locale, { serverSnapshot: 'en' })
  const summary = {
    isOpen: modal.isOpen,
    status: account.status,
    accountConnected: account.isConnected,
    solana: solana.status,
    network: network.caipNetworkId ?? null,
    networks: network.networks.length,
    view: state.view,
    open: state.open,
    selectedNetworkId: state.selectedNetworkId ?? null,
    themeMode: theme.themeMode,
    event: event?.event ?? null,
    disconnect: typeof disconnect,
    walletInfo: walletInfo ?? null,
    provider: provider ?? null,
    providerConnected: isConnected,
    locale,
  }
  return <output data-testid="summary">{JSON.stringify(summary)}</output>
}

/** A root layout's provider around a page with the button and the hooks. */
export function SsrApp() {
  return (
    <ModalProvider options={options}>
      <main>
        <h1>Server page</h1>
        <W3mButton label="Connect" />
        <HookSummary />
      </main>
    </ModalProvider>
  )
}
