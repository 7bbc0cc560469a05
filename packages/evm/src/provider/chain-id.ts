// Validation of the chain ids wallets return or emit. Free of viem: discovery and the
// adapter's startup code use it.

/**
 * A chain id from a wallet: a hex string (EIP-1193), a number, or a decimal string (some
 * older wallets). Anything else, or not a positive safe integer, is `undefined`.
 *
 * @example parseChainId('0x7a69') // 31337
 */
export function parseChainId(value: unknown): number | undefined {
  let id = Number.NaN
  if (typeof value === 'number') id = value
  else if (typeof value === 'string' && /^0x[0-9a-f]{1,14}$/i.test(value)) id = Number(value)
  else if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}
