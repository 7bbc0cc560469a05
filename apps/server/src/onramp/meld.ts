// Meld (spec §9: eip155 and solana): its hosted widget, opened with the project's public key
// and the purchase prefilled. The public key is meant to be in that URL; no secret is used.
// Meld reports outcomes only to an account's webhooks or its secret-key API: with a webhook
// secret configured, `meld-webhook.ts` settles the purchase; without one it stays `pending`.
import type { ProjectChainConfig } from '../projects/store.js'
import type { MeldConfig } from './config.js'
import type { OnrampProvider } from './provider.js'

/**
 * @example
 * const meld = meldProvider({ publicKey: 'pk', widgetUrl: 'https://sb.meldcrypto.com' }, { name: 'Meld', feePercent: 1.5 })
 */
export function meldProvider(
  config: MeldConfig,
  options: { name: string; feePercent: number },
): OnrampProvider {
  return {
    id: 'meld',
    name: options.name,
    feePercent: options.feePercent,
    // Meld prices other currencies on its widget, through the service provider it picks.
    usdPerUnit: (currency) => (currency === 'USD' ? 1 : undefined),
    serves: (chain: ProjectChainConfig) =>
      chain.caipNetworkId.startsWith('eip155:') || chain.caipNetworkId.startsWith('solana:'),
    async sessionUrl(purchase) {
      const url = new URL(`${config.widgetUrl}/`)
      url.search = new URLSearchParams({
        publicKey: config.publicKey,
        destinationCurrencyCode: purchase.asset,
        walletAddress: purchase.address,
        sourceAmount: purchase.amount,
        sourceCurrencyCode: purchase.currency,
        paymentMethodType: purchase.method === 'card' ? 'CREDIT_DEBIT_CARD' : 'BANK_TRANSFER',
        externalSessionId: purchase.id,
      }).toString()
      return url.toString()
    },
  }
}
