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

/** The EVM dev wallet's icon: a white diamond on violet, 32 px; small enough to inline. */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#6d28d9"/><path d="M16 5l-7 11.3 7 4.1 7-4.1z" fill="#fff"/><path d="M16 22l-7-4.1L16 27l7-9.1z" fill="#ddd6fe"/></svg>',
)}`

/** The Solana dev wallet's icon: three slanted bars on teal (not the EVM wallet's diamond). */
export const SOLANA_DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M11 8h14l-4 4H7zM7 14h14l4 4H11zM11 20h14l-4 4H7z" fill="#fff"/></svg>',
)}`

/** The Bitcoin dev wallet's icon: a white coin on orange. */
export const BITCOIN_DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#c2410c"/><circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="3"/><path d="M14 10v12M18 10v12" stroke="#fff" stroke-width="2"/></svg>',
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
