// The one place a view is declared. Adding a view = its folder (whose module defines its
// element), its catalog strings (en-views.ts and each shipped locale), a pseudo-locale
// scenario and one line here, plus, when it joins an existing group, one `import` in that
// group's chunk module (`*-group.ts`). Core's view names (`VIEWS`) are checked against this
// table by registry.test.ts.
import type { View } from '@openmodal/core/internal'
import type { MessageKey } from '../i18n/index.js'
import { views } from '../router/routes.js'

/**
 * Views that load together, as one file: the first navigation to one of a group's views loads
 * them all, so moving between them (Networks → SwitchNetwork) never waits for a fetch.
 */
export interface ViewGroup {
  name: string
  /** Imports the group's chunk module. Tests may replace it (e.g. with a failing one). */
  load: () => Promise<unknown>
}

/** How the modal shows one view of spec §2. */
export interface ViewEntry {
  /** The custom element; its own module defines it, and its group's chunk imports that. */
  tag: string
  group: ViewGroup
  /** The catalog key of the title the modal's header shows; `view.<name>` when not given. */
  title?: MessageKey
}

// One `import()` per group, of a module that imports the group's views and the modal shell:
// the shell loads with the first group (when the page is idle, or on open), never with the
// page. Measured with apps/size (Vite 8): one `import()` per view, or a separate one for the
// shell, makes the bundler split the page's entry into 8-10 initial files (+3.2 to +4.1 kB
// gzip of initial JS); one per group keeps it one file.
const connect: ViewGroup = { name: 'connect', load: () => import('./connect-group.js') }
const walletconnect: ViewGroup = {
  name: 'walletconnect',
  load: () => import('./walletconnect-group.js'),
}
const network: ViewGroup = { name: 'network', load: () => import('./network-group.js') }
const account: ViewGroup = { name: 'account', load: () => import('./account-group.js') }
const email: ViewGroup = { name: 'email', load: () => import('./email-group.js') }

/** Views that exist so far; navigating to any other shows the "not available yet" state. */
export const VIEW_REGISTRY: Partial<Record<View, ViewEntry>> = Object.assign(views, {
  Connect: { tag: 'w3m-connect-view', group: connect },
  ConnectingExternal: { tag: 'w3m-connecting-external-view', group: connect },
  AllWallets: { tag: 'w3m-all-wallets-view', group: connect },
  ConnectingWalletConnect: { tag: 'w3m-connecting-walletconnect-view', group: walletconnect },
  ConnectingWalletConnectBasic: {
    tag: 'w3m-connecting-walletconnect-basic-view',
    group: walletconnect,
  },
  Networks: { tag: 'w3m-networks-view', group: network },
  SwitchNetwork: { tag: 'w3m-switch-network-view', group: network },
  UnsupportedChain: { tag: 'w3m-unsupported-chain-view', group: network },
  SwitchActiveChain: { tag: 'w3m-switch-active-chain-view', group: network },
  Account: { tag: 'w3m-account-view', group: account },
  WalletReceive: { tag: 'w3m-wallet-receive-view', group: account },
  Transactions: { tag: 'w3m-transactions-view', group: account },
  RegisterAccountName: { tag: 'w3m-register-account-name-view', group: account },
  RegisterAccountNameSuccess: { tag: 'w3m-register-account-name-success-view', group: account },
  // The Send views load with the account group (views/send-group.ts says why).
  WalletSend: { tag: 'w3m-wallet-send-view', group: account },
  WalletSendSelectToken: { tag: 'w3m-wallet-send-select-token-view', group: account },
  WalletSendPreview: { tag: 'w3m-wallet-send-preview-view', group: account },
  SIWXSignMessage: { tag: 'w3m-siwx-sign-message-view', group: connect },
  EmailLogin: { tag: 'w3m-email-login-view', group: email },
  UpdateEmailWallet: { tag: 'w3m-update-email-wallet-view', group: email },
  ApproveTransaction: { tag: 'w3m-approve-transaction-view', group: email },
} satisfies Partial<Record<View, ViewEntry>>)
