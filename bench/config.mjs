// What `pnpm bench` compares. Ours come from apps/size (its reference apps, built by its
// build.mjs); the competitors' apps live in bench/apps/<name>/ and are built here with the same
// Vite and the same options (apps/size/build.mjs `buildApp`).
//
// rowSelector: a wallet row, matched in the document and in every open shadow root.
// contentSelector: the modal's first view has content (a fallback when no row ever shows).
import { join } from 'node:path'

const BENCH = import.meta.dirname
const NODE_MODULES = join(BENCH, 'node_modules')

/** ConnectKit's peer range is react 17.x || 18.x: its app is bundled with React 18.3.1. */
const react18 = {
  resolve: {
    alias: [
      { find: /^react-dom(\/.*)?$/, replacement: `${join(NODE_MODULES, 'react-dom-18')}$1` },
      { find: /^react(\/.*)?$/, replacement: `${join(NODE_MODULES, 'react-18')}$1` },
    ],
  },
}

const OPENMODAL = {
  rowSelector: 'wui-wallet-list button[part="item"], button[part="item"][data-id]',
  // Inside w3m-connect-view's shadow root (selectors do not cross shadow boundaries).
  contentSelector: 'section[part="method"]',
}

export const APPS = [
  {
    key: 'a',
    label: '(a) OpenModal React EVM',
    kind: 'ours',
    reference: 'react-evm',
    note: 'EVM adapter (EIP-6963 + injected) and WalletConnect (its client loads on a pick)',
    ...OPENMODAL,
    // Also measured: Account → click Send → Send view visible (issue 15), after connecting
    // the dev wallet through this row.
    send: {
      walletSelector: 'w3m-modal dialog w3m-connect-view button[data-id="dev.openmodal.wallet"]',
    },
  },
  {
    key: 'b',
    label: '(b) OpenModal React EVM+Sol',
    kind: 'ours',
    reference: 'react-evm-solana',
    note: '(a) + solanaAdapter(), WalletConnect as in (a); @solana/web3.js lazy (first transfer)',
    ...OPENMODAL,
  },
  {
    key: 'c',
    label: '(c) OpenModal plain HTML',
    kind: 'ours',
    reference: 'html',
    note: 'custom elements + createModal, EVM adapter and WalletConnect, no framework',
    ...OPENMODAL,
  },
  {
    key: 'd',
    label: '(d) floor',
    kind: 'floor',
    reference: 'floor',
    note: 'React + a hand-written <dialog> listing EIP-6963 wallets',
    rowSelector: 'dialog[open] button[data-wallet-row]',
    contentSelector: 'dialog[open]',
  },
  {
    key: 'appkit',
    label: 'AppKit EVM',
    kind: 'competitor',
    app: 'appkit-evm',
    packages: ['@reown/appkit', '@reown/appkit-adapter-wagmi', 'wagmi'],
    rowSelector: 'button[data-all-wallets="false"]',
    contentSelector: 'w3m-connect-view',
  },
  {
    key: 'appkit-sol',
    label: 'AppKit EVM+Sol',
    kind: 'competitor',
    app: 'appkit-evm-solana',
    packages: ['@reown/appkit', '@reown/appkit-adapter-wagmi', '@reown/appkit-adapter-solana'],
    rowSelector: 'button[data-all-wallets="false"]',
    contentSelector: 'w3m-connect-view',
  },
  {
    key: 'rainbowkit',
    label: 'RainbowKit',
    kind: 'competitor',
    app: 'rainbowkit',
    packages: ['@rainbow-me/rainbowkit', 'wagmi'],
    rowSelector: '[data-testid^="rk-wallet-option-"]',
    contentSelector: '[role="dialog"]',
  },
  {
    key: 'connectkit',
    label: 'ConnectKit',
    kind: 'competitor',
    app: 'connectkit',
    packages: ['connectkit', 'wagmi', 'react-18'],
    viteConfig: react18,
    // ConnectKit's connector buttons carry no test id; each holds one icon box with
    // data-background (always rendered, "true" or "false").
    rowSelector: 'button:has(> [data-background])',
    contentSelector: '[role="dialog"]',
  },
]

/** Which of our apps is compared with which competitors in the ratio table. */
export const RATIOS = [
  { ours: 'a', competitors: ['appkit', 'appkit-sol', 'rainbowkit', 'connectkit'] },
  { ours: 'b', competitors: ['appkit-sol'] },
]
