// Development-only warnings with a stable code, stripped from production builds: bundlers
// replace `process.env.NODE_ENV` and drop the dead branch (as nanostores and lit do).
declare const process: { env: { NODE_ENV?: string } } | undefined

/** True in development builds (and in tests, whose pages shim `process.env.NODE_ENV`). */
export const DEV_MODE = typeof process !== 'undefined' && process.env.NODE_ENV !== 'production'

const issued = new Set<string>()

/**
 * Logs a development warning once per code.
 *
 * @example issueWarning('solana-invalid-wallet', 'Ignored a wallet-standard wallet without a name')
 */
export function issueWarning(code: string, message: string): void {
  if (!DEV_MODE || issued.has(code)) return
  issued.add(code)
  console.warn(`[openmodal/solana] ${message} (${code})`)
}
