// The spec §8 toasts of authentication (SIWX, WalletConnect one-click auth, the embedded
// wallet's refusals), by code. Only lazily loaded code shows them (the SIWX flow, the
// WalletConnect client, the embedded wallet), so they stay out of the page's initial JS: the
// toast codes of messages.ts name them by type only.

/** The texts, word for word from spec §8; UI catalogs translate them by code (`toast.CODE`). */
export const AUTH_TOAST_MESSAGES = {
  /** Loading toast while a wallet's sign-in is being checked and stored. */
  AUTHENTICATING: 'Authenticating...',
  /** The SIWX sessions could not be read: the wallet is disconnected and Connect shows again. */
  AUTH_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  /** The embedded wallet refused a method it does not know (the modal's words for it). */
  ACTION_NOT_ALLOWED: 'Action not allowed',
} as const
