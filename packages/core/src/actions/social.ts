// Social login, the modal's half (spec §4 "social login"; issue 26): the click opens a
// 600×800 popup at the secure site's /loading before any await (Safari and Firefox block a
// later one), the secure frame gives the provider's URL and the popup goes there; the server
// completes the attempt and the frame polls it, so a blocked `opener`, partitioned storage or a
// closed popup cannot leave the login hanging. The popup is checked every second: closed by the
// visitor → "Popup closed". Only the lazily loaded ConnectingSocial view imports this module.

import { atom } from 'nanostores'
import type {
  EmbeddedSocialProvider,
  EmbeddedWalletEntry,
  EmbeddedWalletUser,
} from '../adapters/embedded-wallet.js'
import { BaseError } from '../errors/base.js'
import { frameError } from '../errors/frame-messages.js'
import { storage } from '../storage/storage.js'
import { $options } from '../stores/options.js'
import { connect } from './connect.js'

export interface SocialLoginStart {
  provider: EmbeddedSocialProvider
  /** The popup the click opened at the secure site's /loading; null when the browser blocked it. */
  popup: Window | null
  /**
   * In a Telegram mini app (spec §6): no popup, the page itself goes to the provider and comes
   * back with `result_uri` (spec §2), where the embedded wallet completes the login.
   */
  redirect?: true
}

/** Spec §6: the page runs in a Telegram mini app (`window.Telegram.WebApp`). */
export const isTelegram = (): boolean =>
  Boolean((globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp)

/**
 * The social login the visitor started last (the provider, and the popup its click opened);
 * undefined when none. Here rather than in stores/: only the lazily loaded Connect and
 * ConnectingSocial views use it, so it stays out of a page's initial JS (+0.1 kB there as a
 * store with a reset hook, measured with apps/size). `connectSocial` clears it when it ends.
 */
export const $socialLogin = /* @__PURE__ */ atom<SocialLoginStart | undefined>(undefined)

/** Spec §2: the social login popup's size. */
export const SOCIAL_POPUP = { width: 600, height: 800 } as const
/** Spec §9: how often the popup is checked for being closed. */
export const SOCIAL_POPUP_CHECK_MS = 1_000
/**
 * After the popup was found closed, how long the login may still finish: the frame polls the
 * server every second, so a visitor who closes the popup right after the provider sent it back
 * still logs in.
 */
const CLOSED_GRACE_MS = 1_200

/**
 * Where a social login stands (spec §4): the popup is being sent to the provider (`started`),
 * the visitor is at the provider (`popup_opened`), the server completed it and the wallet opens
 * (`connected`), the modal is connected (`success`).
 */
export type SocialLoginStatus = 'started' | 'popup_opened' | 'connected' | 'success'

/**
 * Starts a social login with `provider`: opens the 600×800 popup at the secure site's /loading.
 * Call it synchronously inside the click, before any await. The ConnectingSocial view then runs
 * `connectSocial()`.
 *
 * @example
 * button.onclick = () => { startSocialLogin('github'); push('ConnectingSocial') }
 */
export function startSocialLogin(provider: EmbeddedSocialProvider): void {
  // A Telegram mini app's web view has no popups: the page goes to the provider instead.
  if (isTelegram()) {
    $socialLogin.set({ provider, popup: null, redirect: true })
    return
  }
  const previous = $socialLogin.get()?.popup
  const url = $options.get()?.embeddedWallet?.socialPopupUrl
  let popup: Window | null = null
  if (url) {
    const { width, height } = SOCIAL_POPUP
    const left = Math.max(0, Math.round((window.screen.width - width) / 2))
    const top = Math.max(0, Math.round((window.screen.height - height) / 2))
    try {
      popup = window.open(
        url,
        'openmodal-social',
        `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
      )
    } catch {
      popup = null
    }
  }
  // The same window name reuses an earlier popup: it is this login's now.
  if (previous && previous !== popup && !previous.closed) previous.close()
  $socialLogin.set({ provider, popup })
}

/** Strips the `#0` Discord shows for accounts without a discriminator (spec §5). */
const usernameOf = (provider: string, name: string | undefined) =>
  provider === 'discord' && name?.endsWith('#0') ? name.slice(0, -2) : name

/**
 * Runs the social login `startSocialLogin` began: the frame starts it and the popup goes to the
 * provider, then waits until the wallet is open and connects the modal to it. Rejects with
 * "Popup closed" when the visitor closes the popup (or the browser blocked it), "Failed to
 * initiate social connection" when the provider or the server refused, and the modal's own
 * errors on connect. `signal` gives up (the view left). The popup is closed when it ends.
 *
 * @example await connectSocial({ onStatus: (status) => console.log(status) })
 */
export async function connectSocial({
  onStatus,
  signal,
}: {
  onStatus?: (status: SocialLoginStatus) => void
  signal?: AbortSignal
} = {}): Promise<EmbeddedWalletUser> {
  const start = $socialLogin.get()
  const entry = $options.get()?.embeddedWallet
  if (!entry) throw frameError('NO_AUTH_CONNECTOR')
  if (!start) throw frameError('FAILED_TO_INITIATE_SOCIAL')
  const { provider, popup } = start
  onStatus?.('started')
  if (start.redirect) return leaveForProvider(entry, provider)
  let stopWatching = () => {}
  try {
    if (!popup || popup.closed) throw frameError('POPUP_CLOSED')
    const loaded = await entry.load()
    let uri: string
    try {
      uri = await loaded.getSocialRedirectUri(provider)
    } catch (error) {
      // The kit's own errors say more (Rate Limited, Invalid App Configuration, a timeout);
      // anything else is the spec's initiation failure.
      if (error instanceof BaseError && error.code !== 'UNKNOWN') throw error
      throw frameError('FAILED_TO_INITIATE_SOCIAL', { cause: error })
    }
    if (popup.closed) throw frameError('POPUP_CLOSED')
    if (!/^https?:\/\//i.test(uri)) throw frameError('FAILED_TO_INITIATE_SOCIAL')
    popup.location.href = uri
    onStatus?.('popup_opened')
    const connected = loaded.connectSocial()
    // Spec §4: the popup is checked every second; closed → "Popup closed", after a last poll.
    const stopped = new Promise<never>((_, reject) => {
      const timer = setInterval(() => {
        if (signal?.aborted) {
          clearInterval(timer)
          reject(signal.reason ?? new BaseError('Modal closed'))
        } else if (popup.closed) {
          clearInterval(timer)
          setTimeout(() => reject(frameError('POPUP_CLOSED')), CLOSED_GRACE_MS)
        }
      }, SOCIAL_POPUP_CHECK_MS)
      stopWatching = () => clearInterval(timer)
    })
    let user: EmbeddedWalletUser
    try {
      user = await Promise.race([connected, stopped])
    } catch (error) {
      // The frame's wait ends with the next login; the page stops waiting now.
      connected.catch(() => undefined)
      loaded.abort()
      throw error
    }
    stopWatching()
    if (!popup.closed) popup.close()
    onStatus?.('connected')
    // Spec §3/§4: the login's flag, e-mail and social username, as after an e-mail code.
    storage.set('emailLoginUsed', true)
    storage.remove('lastEmailLoginTime')
    if (user.email) storage.set('email', user.email)
    else storage.remove('email')
    const username = usernameOf(provider, user.userName)
    if (username) storage.set('socialUsername', username)
    else storage.remove('socialUsername')
    storage.set('socialProvider', provider)
    await connect({ connectorId: entry.id })
    onStatus?.('success')
    return user
  } catch (error) {
    if (popup && !popup.closed) popup.close()
    throw error
  } finally {
    stopWatching()
    if ($socialLogin.get() === start) $socialLogin.set(undefined)
  }
}

/**
 * A Telegram mini app's social login: the provider's URL for this page to come back to, then
 * the page goes there (`_top`, as the web view has no popups). The embedded wallet completes
 * the login when the page comes back with `result_uri`; this never resolves.
 */
async function leaveForProvider(
  entry: EmbeddedWalletEntry,
  provider: EmbeddedSocialProvider,
): Promise<never> {
  const loaded = await entry.load()
  let uri: string
  try {
    uri = await loaded.getSocialRedirectUri(provider, { returnTo: location.href })
  } catch (error) {
    if (error instanceof BaseError && error.code !== 'UNKNOWN') throw error
    throw frameError('FAILED_TO_INITIATE_SOCIAL', { cause: error })
  }
  if (!/^https?:\/\//i.test(uri)) throw frameError('FAILED_TO_INITIATE_SOCIAL')
  storage.set('telegramSocialProvider', provider)
  location.assign(uri)
  return new Promise<never>(() => {})
}
