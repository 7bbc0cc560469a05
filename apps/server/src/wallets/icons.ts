// Real wallet icons from @web3icons/core (MIT; 48 wallets, 211 networks and 1,788 tokens in
// 4.0.56), served by the registry's image route instead of a monogram when the set has the
// wallet. Each icon is its own module in the package, loaded on the first request for it and
// cached; which icons exist is read once from the package's folder, so a request can only ever
// load one of those files (never a path built from input).
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** The icon set's three kinds this server serves. */
export type IconKind = 'wallets' | 'networks' | 'tokens'

/** The folder of the branded SVG modules of a kind. */
function folder(kind: IconKind): string {
  // The package exports no package.json: its main module sits in dist/.
  return join(dirname(require.resolve('@web3icons/core')), 'svgs', kind, 'branded')
}

const files = new Map<IconKind, Set<string>>()

/** The icon names of a kind (file names without `.svg.js`), read once. */
export function iconNames(kind: IconKind): ReadonlySet<string> {
  let names = files.get(kind)
  if (!names) {
    names = new Set()
    try {
      for (const file of readdirSync(folder(kind))) {
        const name = file.match(/^([A-Za-z0-9-]+)\.svg\.js$/)?.[1]
        if (name) names.add(name)
      }
    } catch {
      // The icon set is missing (a trimmed install): monograms and 404s only.
    }
    files.set(kind, names)
  }
  return names
}

/** Letters and digits only, lower case: "Trust Wallet" → "trustwallet". */
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Names in our registry that the icon set spells differently. */
const ALIASES: Record<string, string> = {
  ledgerlive: 'ledger',
  trezorsuite: 'trezor',
  mewwallet: 'my-ether-wallet',
  mew: 'my-ether-wallet',
}

let index: Map<string, string> | undefined

/** compact name → slug of the icon file, read once. */
function iconIndex(): Map<string, string> {
  if (index) return index
  index = new Map()
  for (const slug of iconNames('wallets')) index.set(compact(slug), slug)
  return index
}

/**
 * The icon file of a wallet, by its id or name ("Coinbase Wallet" → `coinbase`), or
 * `undefined` when the set has none.
 *
 * @example walletIconSlug({ id: 'metamask', name: 'MetaMask' }) // 'metamask'
 */
export function walletIconSlug(wallet: { id: string; name: string }): string | undefined {
  const icons = iconIndex()
  for (const candidate of [wallet.name, wallet.id]) {
    const key = compact(candidate)
    const alias = ALIASES[key]
    if (alias && icons.has(compact(alias))) return alias
    const exact = icons.get(key)
    if (exact) return exact
    // "Trust Wallet" → "trust", "Rabby Wallet" → "rabby".
    const bare = key.endsWith('wallet') ? icons.get(key.slice(0, -'wallet'.length)) : undefined
    if (bare) return bare
  }
  return undefined
}

const loaded = new Map<string, Promise<string | undefined>>()

/**
 * The SVG text of an icon of the set (cached for the process's life), or `undefined` when
 * the set has no icon of that name: only names read from the package folder are imported.
 *
 * @example await loadIcon('networks', 'ethereum') // '<svg …'
 */
export function loadIcon(kind: IconKind, name: string): Promise<string | undefined> {
  if (!iconNames(kind).has(name)) return Promise.resolve(undefined)
  const key = `${kind}/${name}`
  let svg = loaded.get(key)
  if (!svg) {
    svg = import(`@web3icons/core/svgs/${kind}/branded/${name}.svg.js`).then(
      (module: { default?: unknown }) =>
        typeof module.default === 'string' ? module.default : undefined,
      () => undefined,
    )
    loaded.set(key, svg)
  }
  return svg
}

/** A wallet's icon by its file name (see `walletIconSlug`). */
export const loadWalletIcon = (slug: string) => loadIcon('wallets', slug)

/**
 * The icon set's names of well-known networks by CAIP-2 id, so the kit can ask for a network's
 * image by its id when the host gave it no `assets.imageId` (spec §3).
 */
const NETWORK_ICONS: Readonly<Record<string, string>> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:56': 'binance-smart-chain',
  'eip155:100': 'gnosis',
  'eip155:137': 'polygon',
  'eip155:250': 'fantom',
  'eip155:324': 'zksync',
  'eip155:5000': 'mantle',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum-one',
  'eip155:42220': 'celo',
  'eip155:43114': 'avalanche',
  'eip155:59144': 'linea',
  'eip155:81457': 'blast',
  'eip155:534352': 'scroll',
  'eip155:7777777': 'zora',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin',
}

/**
 * The icon name of a network asked for by its icon name (`ethereum`) or its CAIP-2 id
 * (`eip155:1`), or `undefined` when the set has none.
 *
 * @example networkIconName('eip155:8453') // 'base'
 */
export function networkIconName(name: string): string | undefined {
  const icon = name.includes(':') ? NETWORK_ICONS[name] : name
  return icon && iconNames('networks').has(icon) ? icon : undefined
}

/**
 * The image URL of a token's symbol under `base` (the server's public URL) when the set has
 * that symbol, else `null`. Callers give it only tokens the operator or the host named: a
 * symbol is anyone's to pick, and an airdropped "USDC" must not wear USDC's icon.
 *
 * @example tokenIconUrl('https://api.example.com', 'ETH') // 'https://api.example.com/v1/assets/tokens/ETH'
 */
export function tokenIconUrl(base: string, symbol: string): string | null {
  return /^[A-Za-z0-9-]{1,64}$/.test(symbol) && iconNames('tokens').has(symbol)
    ? `${base}/v1/assets/tokens/${symbol}`
    : null
}
