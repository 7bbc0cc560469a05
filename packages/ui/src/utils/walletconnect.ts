// Starting WalletConnect from a list (Connect, AllWallets): tiny, so list views can import it.
import { $options, kitError, push, type RouterData } from '@openmodal/core/internal'

/** A registry wallet as the QR view needs it (the server's `Wallet` fits). */
export type WalletConnectTarget = NonNullable<RouterData['wallet']>

/**
 * Opens ConnectingWalletConnect for a registry wallet: its icon sits in the QR code's centre
 * and its mobile, desktop and web-app links open the pairing URI in the app. Without a wallet,
 * the plain QR flow. Throws "Failed to connect" when the host set no `walletConnect` entry.
 *
 * @example
 * // AllWallets, on a registry wallet's click:
 * startWalletConnect({ id, name, imageUrl, mobileLink, desktopLink, webappLink })
 */
export function startWalletConnect(wallet?: WalletConnectTarget): void {
  const entry = $options.get()?.walletConnect
  if (!entry) {
    throw kitError('FAILED_TO_CONNECT', { details: 'No walletConnect entry in the options' })
  }
  push(
    wallet ? 'ConnectingWalletConnect' : 'ConnectingWalletConnectBasic',
    wallet ? { connectorId: entry.id, wallet } : { connectorId: entry.id },
  )
}
