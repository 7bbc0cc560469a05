// Loaded by `import()` from safe.ts once the parent origin is allowed: the Safe apps SDK and
// its EIP-1193 provider.
import { withTimeout } from '@openmodal/core/internal'
import { SafeAppProvider } from '@safe-global/safe-apps-provider'
import SafeAppsSDK from '@safe-global/safe-apps-sdk'
import type { Eip1193Provider } from '../provider/types.js'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Asks the parent at `origin` for its Safe and wraps it in an EIP-1193 provider; rejects when
 * the parent does not answer within `timeoutMs` (it does not speak the Safe apps protocol).
 */
export async function createSafeProvider(params: {
  origin: string
  timeoutMs: number
}): Promise<Eip1193Provider> {
  // The SDK accepts answers only from the parent window and from these origins.
  const sdk = new SafeAppsSDK({ allowedDomains: [new RegExp(`^${escapeRegExp(params.origin)}$`)] })
  const safe = await withTimeout(sdk.safe.getInfo(), {
    timeout: params.timeoutMs,
    errorInstance: new Error(`No Safe answered from ${params.origin}`),
  })
  return new SafeAppProvider(safe, sdk) as unknown as Eip1193Provider
}
