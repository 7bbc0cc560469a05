// The embedded wallet's place in core (spec connector type AUTH). Like WalletConnect it is not
// a chain adapter: the lazily loaded part announces an EIP-1193 provider over the secure frame
// (EIP-6963) that the EVM adapter drives. What core keeps is a small entry the host passes as
// the `embeddedWallet` option: the AUTH connector the Connect view offers as "Continue with
// email", and a `load()` that `import()`s the frame side only when the visitor picks e-mail,
// or on page load when a past e-mail login left its flag (spec §3 `emailLoginUsed`).

import type { SocialProvider } from '../api/types.js'
import type { ChainNamespace } from '../types/network.js'
import type { Connector } from './types.js'

/** What the login and update steps answer next (spec §5 "action results"). */
export type EmbeddedWalletAction =
  | 'VERIFY_DEVICE'
  | 'VERIFY_OTP'
  | 'CONNECT'
  | 'VERIFY_PRIMARY_OTP'
  | 'VERIFY_SECONDARY_OTP'

/**
 * Where the e-mail login stands while the visitor types the code in the secure frame: its code
 * entry shows and the mail is on its way (`waiting`), the mail left (`sent`) or could not be
 * sent (`mail_failed`), the code is being checked (`verifying`), the frame asks for the passkey
 * or passphrase (`recovery`), the wallet is open (`ready`).
 */
export type EmbeddedLoginStatus =
  | 'waiting'
  | 'sent'
  | 'mail_failed'
  | 'verifying'
  | 'recovery'
  | 'ready'

/**
 * What recovers the wallet on a new device: a passkey or a passphrase only the visitor holds,
 * or (a project's explicit opt-in) the operator's `custodial` recovery.
 */
export type EmbeddedRecoveryFactor = 'passkey' | 'passphrase' | 'custodial'

/** The embedded user as the modal needs it (spec §3 "Embedded user"). */
export interface EmbeddedWalletUser {
  email?: string | null | undefined
  address: string
  chainId: string | number
  /** The provider's username after a social login (Discord's `name#0` as given). */
  userName?: string | undefined
}

/** The embedded wallet's account types on EVM chains (spec §3). */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/**
 * The visitor's EVM accounts on the active chain (spec §2 ProfileWallets, §3 embedded user).
 * ERC-4337 (and a chain without smart accounts): the EOA always; the smart account at its own
 * address when the chain is smart-account-enabled (counterfactual until its first transaction
 * deploys it). EIP-7702 (`mode: 'eip7702'`): one account, since the EOA keeps its address when
 * it delegates to the smart-account implementation; `delegated` once its first transaction as a
 * smart account did so, `preferred` whether it acts as the smart account or as the plain EOA.
 * Balances in wei as decimal strings, when the chain answered.
 */
export type EmbeddedWalletAccounts =
  | {
      mode?: undefined
      preferred: EmbeddedAccountType
      eoa: { address: string; balance?: string | undefined }
      smartAccount?:
        | { address: string; deployed: boolean; balance?: string | undefined }
        | undefined
    }
  | {
      mode: 'eip7702'
      preferred: EmbeddedAccountType
      account: { address: string; delegated: boolean; balance?: string | undefined }
    }

/**
 * A social login provider through the popup (spec §5: one of six; and Telegram's login).
 * Farcaster has no popup: `getFarcasterUri` / `connectFarcaster`.
 */
export type EmbeddedSocialProvider = Exclude<SocialProvider, 'farcaster'>

/**
 * The loaded frame side: every step of the e-mail login and update (spec §4). Each rejects with
 * the frame's or server's own message (e.g. "Please try again after N seconds"), or with a
 * `FrameError` whose `shortMessage` is the spec §8 alert title.
 */
export interface EmbeddedWalletLoaded {
  /** Sends the code to `email`: `VERIFY_OTP`, or `VERIFY_DEVICE` first on a new device. */
  connectEmail(email: string): Promise<EmbeddedWalletAction>
  /** Waits until this device is approved (the `VERIFY_DEVICE` step). */
  connectDevice(): Promise<void>
  /**
   * Shows the secure frame's own code entry (the visitor types the code there; the page never
   * sees it) and resolves once the frame holds the session and the wallet. `onStatus` hears
   * where the login stands; it rejects when the visitor cancels in the frame.
   */
  connectOtp(options?: { onStatus?: (status: EmbeddedLoginStatus) => void }): Promise<void>
  /**
   * Starts a social login: the provider's authorization URL, for the popup the click opened
   * (spec §7 "get social redirect uri").
   */
  getSocialRedirectUri(
    provider: EmbeddedSocialProvider,
    options?: {
      /** Telegram mini apps (no popup): the page the provider sends the visitor back to. */
      returnTo?: string
    },
  ): Promise<string>
  /**
   * Waits until the server completed the social login the last `getSocialRedirectUri` started
   * (the frame polls it every second), then opens the wallet as after an e-mail code (a new
   * device asks for the recovery factor in the frame). Resolves with the user.
   */
  connectSocial(): Promise<EmbeddedWalletUser>
  /**
   * Starts a Sign In With Farcaster login (spec §7 "get farcaster uri"): the relay channel's
   * URL, for the QR code and the link the visitor opens on the phone.
   */
  getFarcasterUri(): Promise<string>
  /**
   * Waits until the Farcaster wallet signed in to the login the last `getFarcasterUri` started,
   * then opens the wallet (spec §7 "connect farcaster"). Resolves with the user.
   */
  connectFarcaster(): Promise<EmbeddedWalletUser>
  /** Gives the Farcaster login up at the server (the modal closed): a late signature is refused. */
  cancelFarcaster(): Promise<void>
  /** Rejects the steps waiting for the frame (a social login the visitor gave up). */
  abort(): void
  /** The signed-in user, or rejects when nobody is signed in. */
  getUser(): Promise<EmbeddedWalletUser>
  isConnected(): Promise<boolean>
  /** Update e-mail: starts with the new address; answers `VERIFY_PRIMARY_OTP`. */
  updateEmail(email: string): Promise<EmbeddedWalletAction>
  /**
   * Shows the frame's code entry for the code sent to the current address (the visitor types
   * it there, never in the page); answers `VERIFY_SECONDARY_OTP`. `onStatus` hears where the
   * step stands; it rejects when the visitor cancels in the frame.
   */
  updateEmailPrimaryOtp(options?: {
    onStatus?: (status: EmbeddedLoginStatus) => void
  }): Promise<EmbeddedWalletAction>
  /** The same for the code sent to the new address; resolves with the saved e-mail. */
  updateEmailSecondaryOtp(options?: {
    onStatus?: (status: EmbeddedLoginStatus) => void
  }): Promise<string>
  /**
   * Whether the secure frame can change the recovery factor (it said so when it got ready);
   * `false` for a frame that cannot. The modal offers the change only then.
   */
  canChangeRecovery(): Promise<boolean>
  /**
   * Changes what recovers the wallet on a new device, on this known device. The frame asks
   * for a new code in its own entry (`onStatus` hears where that stands), then for the new
   * passkey or passphrase; resolves with the new factor once the server swapped the shares.
   * Rejects when the visitor cancels in the frame (nothing changed).
   */
  changeRecovery(options?: {
    onStatus?: (status: EmbeddedLoginStatus) => void
  }): Promise<EmbeddedRecoveryFactor>
  /** The visitor's EOA and smart account on the active chain (spec §2 ProfileWallets). */
  getAccounts(): Promise<EmbeddedWalletAccounts>
  /**
   * Makes `type` the active account (spec §7 set preferred account); the page's provider
   * announces the new address. A smart account the frame cannot give falls back to the EOA
   * with "This application might not support Smart Accounts" (spec §4, §8). Resolves with the
   * account now active.
   */
  setPreferredAccount(
    type: EmbeddedAccountType,
  ): Promise<{ type: EmbeddedAccountType; address: string }>
  /** Ends the session in the frame (waits at most 3 000 ms, spec §9). Never rejects. */
  signOut(): Promise<void>
  /**
   * Whether the frame's storage lasts across visits: `false` when the browser gives the frame
   * no lasting storage (keys in memory: every visit is a new device); `undefined` until known.
   */
  readonly persistentStorage: boolean | undefined
  /** Listens for changes of `persistentStorage` (e.g. storage granted later); returns the stop. */
  onStorage(listener: (persistent: boolean) => void): () => void
}

/**
 * The host's `embeddedWallet` option: tiny and synchronous to create, so it costs nothing in
 * the initial bundle. `@openmodal/embedded/connector`'s `embeddedWallet({ … })` makes one.
 */
export interface EmbeddedWalletEntry {
  /** The connector id the namespace adapters know the announced provider by. */
  readonly id: string
  readonly name: string
  readonly imageUrl?: string
  readonly namespaces: readonly ChainNamespace[]
  /**
   * The secure site's page a social login popup opens at, inside the click (before anything
   * loads): `<secure origin>/loading`. No social login without it.
   */
  readonly socialPopupUrl?: string
  /** Loads the frame side (an `import()`); called again, resolves with the same object. */
  load(): Promise<EmbeddedWalletLoaded>
}

/**
 * The AUTH connector the Connect view offers for `entry`.
 *
 * @example authConnectorOf(options.embeddedWallet).type // 'AUTH'
 */
export function authConnectorOf(entry: EmbeddedWalletEntry): Connector {
  return {
    id: entry.id,
    type: 'AUTH',
    name: entry.name,
    namespaces: entry.namespaces,
    ...(entry.imageUrl ? { imageUrl: entry.imageUrl } : {}),
  }
}
