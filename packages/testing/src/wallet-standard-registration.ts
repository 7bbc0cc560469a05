// How a dev wallet announces itself to a page by the Wallet Standard, with a way to take the
// announcement back (which `registerWallet` of @wallet-standard/wallet has not): tests register
// and unregister wallets on one page many times.
import type { Wallet } from '@wallet-standard/base'

type AppRegister = (...wallets: Wallet[]) => () => void

/**
 * Announces `wallet` on `target` (default `window`): to an app already listening at once
 * (`wallet-standard:register-wallet`), and to any app that announces itself later
 * (`wallet-standard:app-ready`). Returns what unregisters it everywhere.
 *
 * @example const unregister = registerStandardWallet(wallet)
 */
export function registerStandardWallet(
  wallet: Wallet,
  target = (globalThis as { window?: EventTarget }).window,
): () => void {
  if (!target) throw new Error('register: no window; pass an EventTarget')
  const unregisters: Array<() => void> = []
  const callback = ({ register }: { register: AppRegister }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent).detail)
  try {
    target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch (error) {
    // As @wallet-standard/wallet: a listener that throws must not stop the wallet's start.
    console.error('wallet-standard:register-wallet event could not be dispatched\n', error)
  }
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
