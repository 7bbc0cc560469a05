// The one key of an account on a network. Apart from the fetcher (utils/fetcher.ts) because the
// connection store, which every app loads up front, keys balances and profiles with it too, and
// the fetcher is loaded with import() (packages/core/README.md, "Fetching").

/**
 * The key of one account on one network, `caipNetworkId:address` with the address
 * lower-cased: what balances, NFTs, activity, the native balance and the profile are kept under.
 *
 * @example
 * accountKey('eip155:1', '0xAbC…') // 'eip155:1:0xabc…'
 */
export function accountKey(caipNetworkId: string, address: string): string {
  return `${caipNetworkId}:${address.toLowerCase()}`
}
