// What picking a wallet of the registry does, shared by the Connect and AllWallets views.
import { $options, push, type Wallet } from '@openmodal/core/internal'
import { getRemoteWalletHandler, type RegistryWallet } from '@openmodal/core/registry'
import type { MessageKey } from '../i18n/en.js'
import { safeLinkUrl } from './safe-url.js'
import { startWalletConnect } from './walletconnect.js'

/**
 * Installed in this browser: connect it like the Connect view does. Otherwise a remote
 * wallet handler the host set may take it, then WalletConnect when it is configured; when
 * neither does, the caller shows the wallet's links (`walletLinks`).
 *
 * @example
 * if ((await selectRegistryWallet(wallet)) === 'links') showLinks(wallet)
 */
export async function selectRegistryWallet(
  wallet: RegistryWallet,
): Promise<'connector' | 'handled' | 'links'> {
  if (wallet.installed && wallet.connectorId) {
    push('ConnectingExternal', { connectorId: wallet.connectorId })
    return 'connector'
  }
  const handler = getRemoteWalletHandler()
  if (handler && (await handler(wallet))) return 'handled'
  // With WalletConnect configured: its QR code, with this wallet's icon and deep links.
  if ($options.get()?.walletConnect) {
    startWalletConnect(wallet)
    return 'handled'
  }
  return 'links'
}

export interface WalletLink {
  label: MessageKey
  href: string
}

/**
 * The wallet's web links, http(s) only (app deep links such as `wallet://` are left to the
 * WalletConnect flow), de-duplicated, in a fixed order.
 *
 * @example walletLinks(wallet) // [{ label: 'allWallets.homepage', href: 'https://rainbow.me' }]
 */
export function walletLinks(wallet: Wallet): WalletLink[] {
  const candidates: Array<[MessageKey, string | null]> = [
    ['allWallets.homepage', wallet.homepage],
    ['allWallets.webapp', wallet.webappLink],
    ['allWallets.desktop', wallet.desktopLink],
    ['allWallets.appStore', wallet.appStore],
    ['allWallets.playStore', wallet.playStore],
  ]
  const seen = new Set<string>()
  const links: WalletLink[] = []
  for (const [label, url] of candidates) {
    const href = safeLinkUrl(url)
    if (!href || seen.has(href)) continue
    seen.add(href)
    links.push({ label, href })
  }
  return links
}
