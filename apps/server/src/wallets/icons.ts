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
