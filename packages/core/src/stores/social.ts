// The social login under way (issue 26): the provider the visitor picked and the popup the
// click opened for it. The click opens the popup before anything awaits (a browser blocks a
// later one); ConnectingSocial then drives the login with actions/social.ts.
import { atom } from 'nanostores'
import type { EmbeddedSocialProvider } from '../adapters/embedded-wallet.js'
import { onReset } from './reset.js'

export interface SocialLoginStart {
  provider: EmbeddedSocialProvider
  /** The popup the click opened at the secure site's /loading; null when the browser blocked it. */
  popup: Window | null
}

/** The social login the visitor started last; undefined when none. */
export const $socialLogin = atom<SocialLoginStart | undefined>(undefined)
onReset(() => $socialLogin.set(undefined))
