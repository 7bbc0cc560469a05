// What picking a wallet of the registry does, shared by the Connect and AllWallets views.
import { push, type Wallet } from '@openmodal/core'
import { getRemoteWalletHandler, type RegistryWallet } from '@openmodal/core/registry'
import type { MessageKey } from '../i18n/en.js'
import { safeLinkUrl } from './safe-url.js'

/**
 * Installed in this browser: connect it like the Connect view does. Otherwise the remote
 * wallet handler (the WalletConnect integration sets it) may take it; when none does, the
 * caller shows the wallet's links (`walletLinks`).
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
