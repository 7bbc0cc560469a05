// What the generated options reference (docs/options.md) says about each option: a valibot
// `description` + `metadata` pipe per schema entry. Development builds only: the schema calls
// `documented` behind esm-env's DEV, a constant the bundler inlines, so production builds drop
// this module, its texts included (apps/size checks it).
import * as v from 'valibot'
import type { Features, ModalOptions, ThemeVariables } from './schema.js'

/**
 * What the options reference says about one option: valibot `description` and `metadata`.
 * (A type, not an interface: valibot's `metadata` takes a record.)
 */
export type OptionDoc = {
  description: string
  /** The spec's own words about the option, with its section. */
  spec?: string
  /** The default in words, where the parsed value alone would not say it. */
  default?: string
}

// Attaches each entry's doc as a valibot `description` + `metadata` pipe (no effect on
// validation). Called as `DEV ? documented(entries, optionDocs()) : entries`, with esm-env's
// DEV, a constant the bundler inlines: production builds drop the call, the docs functions
// and their texts (apps/size checks it), so the docs cost the page nothing.
export function documented<T extends v.ObjectEntries>(
  entries: T,
  docs: Record<keyof T, OptionDoc>,
): T {
  return Object.fromEntries(
    Object.entries(entries).map(([key, schema]) => {
      const doc = docs[key as keyof T]
      return [key, v.pipe(schema, v.description(doc.description), v.metadata(doc))]
    }),
  ) as unknown as T
}

// The docs of the options, the feature switches and the theme variables (development builds
// only: see `documented`).
export function optionDocs(): Record<keyof ModalOptions, OptionDoc> {
  return {
    projectId: {
      description:
        "Your project's id on the OpenModal server: the key of its remote config, wallet registry, balances and analytics. Missing or blank, the modal shows the Project ID Not Configured alert.",
      spec: '§5: "Missing projectId raises the Project ID Not Configured alert."',
    },
    networks: {
      description:
        'The networks the dapp supports, at least one, each `caipNetworkId` once. Presets: `@openmodal/evm/networks` and `@openmodal/solana/networks`; any other chain is an object of the same shape.',
    },
    defaultNetwork: {
      description: 'The CAIP-2 id of the network to start on; must be one of `networks`.',
      default: '`eip155:1` when it is in `networks`, else the first network',
      spec: '§9: "Default chain eip155:1."',
    },
    metadata: {
      description:
        "The dapp's name, description, http(s) URL and icons (https or `data:image/`), shown to wallets (WalletConnect). Extra keys are kept.",
    },
    features: {
      description:
        'Feature switches, each optional: see [feature switches](#feature-switches). Email, socials, swaps, onramp, activity and reownBranding are remote features.',
      default: "each switch's own default",
      spec: '§1: "Remote project configuration controls feature flags: email, socials, swaps, onramp, activity, reownBranding."',
    },
    allowWallets: {
      description:
        "Registry wallet ids to show; the registry's other wallets are hidden. Never hides a wallet the browser announces (installed).",
      spec: '§1: "allowed wallet ids"',
    },
    excludeWallets: {
      description:
        'Wallets to hide, by rdns or name (case-insensitive): `{ rdns }`, `{ name }`, or a string that matches either. A string that looks like a registry id also hides that registry wallet.',
      spec: '§1: "excluded wallets (by rdns or name)"',
    },
    tokens: {
      description:
        "A token per network (keyed by CAIP-2 id) whose address must be valid for that namespace. On an EVM network the kit asks the OpenModal server for it with the account's balances (`tokens=` on `/v1/account/:address/balance`), and the server lists it even at zero, so it shows in Account's Tokens tab and in Send's token picker. A Solana mint shows when the account holds it (as every held mint does): the server cannot list a mint at zero without its decimals.",
      spec: '§1: "configure … tokens"',
    },
    termsConditionsUrl: {
      description: "http(s) link to the dapp's terms, shown in the legal footer of Connect.",
    },
    privacyPolicyUrl: {
      description:
        "http(s) link to the dapp's privacy policy, shown in the legal footer of Connect.",
    },
    defaultAccountTypes: {
      description:
        'Account type per namespace, merged over the defaults: `eoa` or `smartAccount`; `bip122` is `payment` only.',
      spec: '§3: "Default account type per namespace: bip122 payment, eip155 smartAccount, polkadot eoa, solana eoa."',
    },
    themeMode: {
      description: 'Light or dark theme; change it later with `modal.setThemeMode()`.',
      spec: '§1: "theme (themeMode light or dark, themeVariables)"',
    },
    themeVariables: {
      description:
        'Theme variables, written as `--w3m-*` custom properties on the modal and the buttons: see [theme variables](#theme-variables). Change them later with `modal.setThemeVariables()`.',
    },
    connectMethodsOrder: {
      description:
        'The order of the connection methods on Connect (`email`, `social`, `wallet`), each once.',
      default:
        'email, social, wallet; wallet first when an installed or announced wallet is visible',
      spec: '§2: "Connection methods default: email, social, wallet. If an injected or announced wallet is visible: wallet, email, social. The host may override."',
    },
    locale: {
      description:
        "The modal's language, a BCP 47 tag (`de`, `pt-BR`); catalogs: en, ar, es, fr, de, pt-BR, zh-CN, ja. Change it later with `modal.setLocale()`.",
      default:
        "`@openmodal/ui`'s `createModal`: the page's `<html lang>`, then `navigator.languages`, then `en`",
    },
    adapters: {
      description:
        'The chain adapters (`evmAdapter()`, `solanaAdapter()`), one per namespace: they find the wallets and connect them.',
    },
    walletConnect: {
      description:
        'WalletConnect: `walletConnect({ relayUrl, … })` from `@openmodal/walletconnect/connector`, a small entry whose client loads with `import()` when a visitor picks it.',
    },
    embeddedWallet: {
      description:
        'E-mail login: `embeddedWallet({ secureOrigin })` from `@openmodal/embedded/connector`, a small entry whose secure frame loads with `import()` when a visitor picks e-mail (or on load after a past e-mail login). Shown when the `email` feature is on.',
    },
    enableEmbedded: {
      description:
        'Render the modal inline where you place `<w3m-modal>`, always open, instead of a dialog.',
      spec: '§2: "The modal element is appended to the page body unless appending is disabled or it is embedded."',
    },
    disableAppendToBody: {
      description: 'Do not append `<w3m-modal>` to `document.body`: place it yourself.',
      spec: '§2: "The modal element is appended to the page body unless appending is disabled or it is embedded."',
    },
    siwx: {
      description:
        'Sign in with a wallet signature (SIWX): a SIWXConfig such as `localSiwx()` or `serverSiwx()` from @openmodal/siwx.',
      spec: '§5: "Setting both siweConfig and siwx throws \'Cannot set both `siweConfig` and `siwx` options\'."',
    },
    siweConfig: {
      description:
        'Sign in with Ethereum, the older SIWE-only option ({ getNonce, createMessage, verifyMessage, getSession, signOut, … }): `createModal` turns it into a SIWXConfig with `fromSiweConfig` of @openmodal/siwx, loaded with import(). Excludes `siwx`.',
      spec: '§5: "Setting both siweConfig and siwx throws \'Cannot set both `siweConfig` and `siwx` options\'."',
    },
    apiUrl: {
      description:
        'Base URL of your OpenModal server (`apps/server`, see [self-hosting](self-hosting.md)). Without it the kit runs in local mode: no request to any server (no wallet registry, remote config, balances API or analytics).',
    },
    basic: {
      description:
        'Basic mode: no remote project config, wallet registry or analytics is fetched or sent, and the remote features (email, socials, swaps, onramp, activity, reownBranding) are off.',
      spec: '§5: "basic mode disables all remote features."',
    },
  }
}

export function featureDocs(): Record<keyof Features, OptionDoc> {
  return {
    receive: {
      description:
        "The Account's Receive button and view (eip155, solana and bip122). An OpenModal server may set it in the project config (an extension beyond the spec's remote keys): then the project decides it.",
    },
    send: {
      description:
        "The Account's Send button and view (eip155, solana and bip122: Bitcoin pays through the wallet's own transfer, or a PSBT the adapter builds; the preview's fee reads \"Set by your wallet\"). An OpenModal server may set it in the project config (an extension beyond the spec's remote keys): then the project decides it, and `open('WalletSend')` says why Send is off.",
    },
    email: {
      description:
        'E-mail login on Connect, shown only when an embedded-wallet (`AUTH`) connector exists. A remote feature: the project config decides it once loaded, and it is off in local and basic mode.',
    },
    socials: {
      description:
        "Social login providers on Connect, in this order, or `false` for none. A provider's button shows only with an `AUTH` connector and when the project's server reports that provider working (`socialProviders` in the project config: its client credentials set and its login flow built: Google, Apple, GitHub, Discord, X, Facebook; and Telegram, which only the project's server can turn on, its remote `socials` replacing this list). The click opens a 600×800 popup at the secure site. `farcaster` (Sign In With Farcaster: a QR code, no popup) shows only when the host names it and the server reports it working; see [Social login](social-login.md). A remote feature (as `email`).",
      spec: '§1: "social login (google, github, apple, facebook, x, discord; the modal logic also lists farcaster)"',
    },
    emailShowWallets: {
      description:
        'Show the wallet list on the first screen of Connect beside e-mail login. With `false`, whenever e-mail login shows, the wallets wait behind the "All Wallets" button (unless `allWallets` is `false`: then the list stays, the only way to the wallets).',
    },
    analytics: {
      description:
        'Send usage events to the OpenModal server (`apiUrl`). Off unless set: the kit sends no analytics by default, and never in local or basic mode.',
      default: "`false` (the spec's default is on; here it is opt-in)",
    },
    allWallets: {
      description: 'The "All Wallets" button on Connect, which opens the registry\'s full list.',
    },
    swaps: { description: 'Token swaps. A remote feature. No view reads it yet.' },
    onramp: {
      description:
        'Buying crypto through on-ramp providers. A remote feature. No view reads it yet.',
    },
    activity: {
      description:
        'The Activity tab of Account (transactions from the OpenModal server). A remote feature.',
    },
    legalCheckbox: {
      description:
        'A checkbox on Connect ("I agree to the Terms of Service and the Privacy Policy", with the links) that every connect method waits for: e-mail, social, a wallet and "All Wallets" do nothing but move the focus to the checkbox until it is ticked, and the methods say why ("Tick the box above to connect", their `aria-describedby`). Needs `termsConditionsUrl` or `privacyPolicyUrl`: without a link there is nothing to accept and Connect works as without it. The tick holds until the page reloads.',
      spec: '§9: "legal checkbox … off" (feature default)',
    },
    smartSessions: {
      description:
        'Smart sessions (ERC-7715 permissions). Not supported yet: the embedded wallet answers `wallet_grantPermissions` and `wallet_revokePermissions` with 4200 (not supported) until a standard settles, whatever this option says.',
    },
    collapseWallets: {
      description:
        'Connect shows no wallet list, only the "All Wallets" button, which opens the full list (installed wallets first). Ignored when `allWallets` is `false` (the list is then the only way to the wallets).',
      spec: '§9: "collapse wallets … off" (feature default)',
    },
    pay: {
      description:
        "Not offered: OpenModal has no Pay flow. Accepted (and `false` by default) so options written for the spec's kit still parse; `true` changes nothing and logs a development warning (`pay-not-offered`).",
      spec: '§9: "pay off" (feature default)',
    },
    networkSwitching: {
      description:
        'With `allowUnsupportedChain` false, a wallet on a network the dapp does not list opens the UnsupportedChain view.',
      spec: '§2: "The unsupported-chain view shows if network switching is enabled and unsupported chains are not allowed."',
    },
    allowUnsupportedChain: {
      description:
        'Let a wallet stay on a network the dapp does not list, without the UnsupportedChain view.',
    },
    reownBranding: {
      description:
        'The "UX by OpenModal" line at the foot of Connect (the spec\'s `reownBranding` remote flag; the line names this kit). A remote feature: the project config decides it once loaded (the server\'s config file calls it `branding`), off in local and basic mode.',
    },
  }
}

export function themeVariableDocs(): Record<keyof ThemeVariables, OptionDoc> {
  return {
    '--w3m-font-family': {
      description: 'Font family of the modal and the buttons.',
      default: 'the system UI font stack',
    },
    '--w3m-accent': {
      description: 'Accent colour: primary buttons, links, the focus ring.',
      default: '`#1769d1` (light), `#5aa5ff` (dark)',
    },
    '--w3m-color-mix': {
      description:
        'A colour mixed into the backgrounds and surfaces, by `--w3m-color-mix-strength`.',
    },
    '--w3m-color-mix-strength': {
      description: 'How much of `--w3m-color-mix`, in percent.',
      default: '`0`',
      spec: '§2: "default colour-mix strength 0"',
    },
    '--w3m-font-size-master': {
      description: 'Base of the type scale (titles 1.6×, body 1.4×, small 1.2×).',
      default: '`10px`',
      spec: '§2: "font size master 10px"',
    },
    '--w3m-border-radius-master': {
      description: 'Base of the radius scale (1×, 2×, 4×, 9×, 25× for pills).',
      default: '`4px`',
      spec: '§2: "radius master 4px"',
    },
    '--w3m-z-index': {
      description: 'Stacking order of the modal.',
      default: '`999`',
      spec: '§2: "z-index 999"',
    },
    '--w3m-qr-color': {
      description: "Colour of the WalletConnect QR code's modules (on white).",
      default: '`#141414`',
    },
  }
}
