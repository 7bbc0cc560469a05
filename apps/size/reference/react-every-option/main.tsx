// Reference app (e), every option on: app (b) (React, the EVM and Solana adapters, the
// WalletConnect entry with the projectId set) with every feature switch and every option of
// `createModal` set to its "on" value. What a host pays before a click when it turns
// everything on; the size check bounds it (size-budgets.json). `EveryOption` makes every
// option, feature switch and theme variable required, so a new one fails the typecheck until
// it is set here (apps/size/README.md).
// `siweConfig` is left out: it excludes `siwx`, the one set here (sign-in's flow, view and
// message code load with import() once a wallet connects).
import { embeddedWallet } from '@openmodal/embedded/connector'
import { evmAdapter } from '@openmodal/evm'
import {
  createModal,
  type ModalOptions,
  type ThemeVariables,
  useModal,
  W3mButton,
  W3mModal,
  W3mNetworkButton,
} from '@openmodal/react'
import { localSiwx } from '@openmodal/siwx'
import { solana, solanaAdapter } from '@openmodal/solana'
import { walletConnect } from '@openmodal/walletconnect/connector'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { evmNetworks, mainnet } from '../shared/networks.js'

type EveryOption = Required<Omit<ModalOptions, 'siweConfig'>> & {
  features: Required<NonNullable<ModalOptions['features']>>
  themeVariables: Required<ThemeVariables>
}

const options = {
  projectId: 'size-reference',
  networks: [...evmNetworks, solana],
  defaultNetwork: mainnet.caipNetworkId,
  metadata: {
    name: 'Size reference (e)',
    description: 'OpenModal with every option on',
    url: 'https://example.org',
    icons: ['https://example.org/icon.png'],
  },
  features: {
    receive: true,
    send: true,
    email: true,
    socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
    emailShowWallets: true,
    analytics: true,
    allWallets: true,
    swaps: true,
    onramp: true,
    activity: true,
    legalCheckbox: true,
    smartSessions: true,
    collapseWallets: true,
    pay: true,
    networkSwitching: true,
    allowUnsupportedChain: true,
    reownBranding: true,
  },
  // Registry ids (MetaMask, Phantom) and a wallet hidden by rdns and by name.
  allowWallets: [
    'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
    'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
  ],
  excludeWallets: ['io.example.hidden', { name: 'Hidden Wallet' }],
  tokens: {
    [mainnet.caipNetworkId]: { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    [solana.caipNetworkId]: { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  },
  termsConditionsUrl: 'https://example.org/terms',
  privacyPolicyUrl: 'https://example.org/privacy',
  defaultAccountTypes: { eip155: 'smartAccount', solana: 'smartAccount' },
  themeMode: 'dark',
  themeVariables: {
    '--w3m-font-family': 'system-ui, sans-serif',
    '--w3m-accent': '#3b82f6',
    '--w3m-color-mix': '#0f172a',
    '--w3m-color-mix-strength': 20,
    '--w3m-font-size-master': '10px',
    '--w3m-border-radius-master': '4px',
    '--w3m-z-index': 1000,
    '--w3m-qr-color': '#0f172a',
  },
  connectMethodsOrder: ['wallet', 'email', 'social'],
  // Shipped catalogs other than English load with import() on first use.
  locale: 'en',
  adapters: [evmAdapter(), solanaAdapter()],
  walletConnect: walletConnect({ name: 'WalletConnect', verify: true, telemetry: true }),
  // E-mail login: the secure frame and its provider load with import() when a visitor picks it.
  embeddedWallet: embeddedWallet({ secureOrigin: 'https://secure.example.org' }),
  // The host places the modal (<W3mModal /> below), inline and always open.
  enableEmbedded: true,
  disableAppendToBody: true,
  apiUrl: 'https://api.example.org',
  // Sign-In With X, required: the sign view opens after connect and the modal stays open.
  siwx: localSiwx({ statement: 'Sign in to the size reference', required: true }),
  // Basic mode turns the remote features off: "on" here is false.
  basic: false,
} satisfies EveryOption

createModal(options)

function App() {
  const { open } = useModal()
  return (
    <main>
      <W3mButton />
      <W3mNetworkButton />
      <button type="button" id="open" onClick={() => open()}>
        Connect wallet
      </button>
      {/* The Send feature (its views are a lazy group: nothing here before the click). */}
      <button type="button" id="send" onClick={() => open('WalletSend')}>
        Send
      </button>
      <W3mModal />
      {/* Views a host opens itself: they load with their lazy view group, on the click. */}
      <button type="button" id="receive" onClick={() => open({ view: 'WalletReceive' })}>
        Receive
      </button>
      <button type="button" id="transactions" onClick={() => open({ view: 'Transactions' })}>
        Activity
      </button>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
