// The one reader of the EVM chain ids wallets return or emit (the EVM adapter, its discovery,
// WalletConnect's EIP-1193 provider). Free of viem.

/**
 * A chain id from a wallet: a hex string (EIP-1193), a number, a decimal string (some older
 * wallets) or a CAIP-2 `eip155:<id>` (WalletConnect). Anything else, or not a positive safe
 * integer, is `undefined`.
 *
 * @example parseChainId('0x7a69') // 31337
 */
export function parseChainId(value: unknown): number | undefined {
  let id = Number.NaN
  if (typeof value === 'number') id = value
  else if (typeof value === 'string') {
    const text = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
    if (/^0x[0-9a-f]{1,14}$/i.test(text) || /^[1-9][0-9]{0,15}$/.test(text)) id = Number(text)
  }
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}
