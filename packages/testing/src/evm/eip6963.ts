// EIP-6963 on the wallet side: answer `eip6963:requestProvider` with `eip6963:announceProvider`.

/** The `info` of an EIP-6963 announcement. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  /** A `data:` URI (EIP-6963 asks for one). */
  icon: string
  /** Reverse-DNS id, e.g. `dev.openmodal.wallet`. */
  rdns: string
}

/** A 32 px violet square with "OM"; small enough to inline. */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#6d28d9"/><text x="16" y="21" font-family="sans-serif" font-size="12" font-weight="700" fill="#fff" text-anchor="middle">OM</text></svg>',
)}`

/**
 * A random UUIDv4 (`crypto.randomUUID` where the context allows it).
 *
 * @example uuidV4() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function uuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * Announces `provider` now and on every `eip6963:requestProvider` on `target` (default
 * `window`). The event detail and its info are frozen, as EIP-6963 requires. Returns a stop
 * function.
 *
 * @example
 * const stop = announceProvider({ uuid: uuidV4(), name: 'Dev', icon, rdns: 'dev.x' }, provider)
 */
export function announceProvider(
  info: Eip6963ProviderInfo,
  provider: unknown,
  target: EventTarget = globalThis as unknown as EventTarget,
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
