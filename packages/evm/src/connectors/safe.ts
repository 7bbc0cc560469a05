// The Safe app connector: when the page runs in a frame of the Safe{Wallet} interface, the
// Safe itself is the wallet. Detection reads only the parent's origin; the Safe apps SDK and
// provider (safe-provider.ts) load by `import()` only when that origin is allowed.
import type { ConnectorEntry, ConnectorSource } from './source.js'
import { withSources } from './sources-discovery.js'

/** The Safe connector's id (what core stores and reconnects by). */
export const SAFE_CONNECTOR_ID = 'safe'

/** The origins of the Safe{Wallet} interface (the default `allowedOrigins`). */
export const SAFE_ORIGINS: readonly string[] = ['https://app.safe.global']

export interface SafeConnectorOptions {
  /** Parent origins the Safe connector answers to (exact origins); default SAFE_ORIGINS. */
  allowedOrigins?: readonly string[]
  /** How long the parent has to answer the Safe info request (default 1000 ms). */
  timeoutMs?: number
}

/**
 * The origin of the page framing this one, or `undefined` at the top level. Chromium and
 * WebKit expose `location.ancestorOrigins`; Firefox does not, so the referrer stands in.
 */
export function parentOrigin(): string | undefined {
  if (typeof window === 'undefined' || window.parent === window) return undefined
  const ancestors = window.location.ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0]
  try {
    return new URL(document.referrer).origin
  } catch {
    return undefined
  }
}

/**
 * A connector source for `evmAdapter({ connectors })`: inside a frame whose parent origin is
 * allowed and answers the Safe apps protocol, it lists the Safe ("Safe") and asks core to
 * connect it at once, showing the Safe's address. Transactions become Safe transactions
 * (`eth_sendTransaction` resolves the safeTxHash); messages are signed by the Safe (EIP-1271).
 * Anywhere else it lists nothing and loads nothing.
 *
 * @example
 * import { evmAdapter } from '@openmodal/evm'
 * import { safeConnector } from '@openmodal/evm/safe'
 *
 * createModalClient({ networks, adapters: [evmAdapter({ connectors: [safeConnector()] })] })
 */
export function safeConnector(options: SafeConnectorOptions = {}): ConnectorSource {
  const allowed = new Set(options.allowedOrigins ?? SAFE_ORIGINS)
  const timeoutMs = options.timeoutMs ?? 1_000
  let detection: Promise<ConnectorEntry | undefined> | undefined

  const detect = (): Promise<ConnectorEntry | undefined> => {
    detection ??= (async (): Promise<ConnectorEntry | undefined> => {
      const origin = parentOrigin()
      if (!origin || !allowed.has(origin)) return undefined
      const { createSafeProvider } = await import('./safe-provider.js')
      const provider = await createSafeProvider({ origin, timeoutMs })
      return {
        provider,
        accountType: 'smartAccount',
        connector: {
          id: SAFE_CONNECTOR_ID,
          type: 'EXTERNAL',
          name: 'Safe',
          namespaces: ['eip155'],
          installed: true,
        },
      }
    })().catch(() => undefined)
    return detection as Promise<ConnectorEntry | undefined>
  }

  return {
    discover: withSources,
    watch(listener) {
      let active = true
      listener([])
      void detect().then((entry) => {
        if (active && entry) listener([entry])
      })
      return () => {
        active = false
      }
    },
    async autoConnect() {
      return (await detect()) ? SAFE_CONNECTOR_ID : undefined
    },
  }
}
