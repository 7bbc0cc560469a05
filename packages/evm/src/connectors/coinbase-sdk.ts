// Loaded by `import()` from coinbase.ts: the Coinbase Wallet SDK and its provider.
import { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk'
import type { Eip1193Provider } from '../provider/types.js'
import type { CoinbaseConnectorOptions, CoinbasePreference } from './coinbase.js'

export function createCoinbaseProvider(
  params: CoinbaseConnectorOptions & { preference: CoinbasePreference; appChainIds: number[] },
): Eip1193Provider {
  const sdk = createCoinbaseWalletSDK({
    appName: params.appName ?? (document.title || 'Dapp'),
    appLogoUrl: params.appLogoUrl ?? null,
    appChainIds: params.appChainIds,
    preference: {
      options: params.preference,
      ...(params.keysUrl ? { keysUrl: params.keysUrl } : {}),
    },
  })
  return sdk.getProvider() as unknown as Eip1193Provider
}
