// The sandbox provider: our own checkout page on this server (checkout.ts). Its Pay credits
// the address on a chain of this machine, for demos and tests; nothing real is bought.
import type { ProjectChainConfig } from '../projects/store.js'
import { isLoopbackChain } from './credit.js'
import type { OnrampProvider } from './provider.js'

/**
 * @example
 * const sandbox = sandboxProvider({ name: 'Sandbox checkout', feePercent: 1, fiatRates: { USD: 1, EUR: 1.08 } })
 */
export function sandboxProvider(options: {
  name: string
  feePercent: number
  /** USD per unit of each fiat currency it takes (a fixed table: nothing is bought). */
  fiatRates: Readonly<Record<string, number>>
}): OnrampProvider {
  return {
    usdPerUnit: (currency) => options.fiatRates[currency],
    id: 'sandbox',
    name: options.name,
    feePercent: options.feePercent,
    serves: (chain: ProjectChainConfig) =>
      (chain.caipNetworkId.startsWith('eip155:') || chain.caipNetworkId.startsWith('solana:')) &&
      isLoopbackChain(chain),
    async sessionUrl(purchase, context) {
      return `${context.baseUrl}/onramp/checkout/${encodeURIComponent(purchase.id)}`
    },
  }
}
