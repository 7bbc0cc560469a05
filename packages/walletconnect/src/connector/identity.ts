// WalletConnect's connector id and icon: shared by the small entry (`walletConnect()`, in the
// host's initial bundle) and the connector it loads, so this module stays tiny.

/** The id the EVM adapter gives the connector (its EIP-6963 rdns). */
export const WALLETCONNECT_CONNECTOR_ID = 'com.walletconnect'

/** The Solana adapter's id for the session's Solana wallet: its wallet-standard name. */
export const WALLETCONNECT_SOLANA_ID = 'WalletConnect'

/** The Bitcoin adapter's id for the session's Bitcoin wallet: its wallet-standard name. */
export const WALLETCONNECT_BITCOIN_ID = 'WalletConnect'

/**
 * WalletConnect's logo mark, as a data URI (connectors may only carry data: or https: icons).
 * Only `<`, `>` and `#` are escaped and the quotes are single: `encodeURIComponent` made it half
 * as long again, in every host's initial bundle.
 */
export const WALLETCONNECT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'%3E%3Crect width='96' height='96' rx='24' fill='%233396ff'/%3E%3Cpath fill='%23fff' d='M30 36c10-10 26-10 36 0l1 1a1 1 0 0 1 0 2l-4 4a1 1 0 0 1-1 0l-2-1c-7-7-18-7-25 0l-2 1a1 1 0 0 1-1 0l-4-4a1 1 0 0 1 0-2zm44 8 4 4a1 1 0 0 1 0 2L60 67a1 1 0 0 1-2 0L47 56a0 0 0 0 0-1 0L35 67a1 1 0 0 1-2 0L18 50a1 1 0 0 1 0-2l4-4a1 1 0 0 1 2 0l11 11h1l11-11a1 1 0 0 1 2 0l11 11h1l11-11a1 1 0 0 1 2 0z'/%3E%3C/svg%3E"
