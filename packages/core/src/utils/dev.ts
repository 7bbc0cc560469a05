// Development-only warnings with a stable code, stripped from production builds (lit's
// `issueWarning`): bundlers replace `process.env.NODE_ENV`, which makes `DEV_MODE` the literal
// `false` and `issueWarning` an empty function whose calls (and their texts) are dropped.
declare const process: { env: { NODE_ENV?: string } } | undefined

/**
 * True in development builds (and in tests, whose pages shim `process.env.NODE_ENV`).
 * A ternary on purpose: `typeof process !== 'undefined' && …` leaves `typeof process<"u"&&!1`
 * after the replacement, which neither esbuild nor Rolldown folds, so nothing was stripped.
 */
export const DEV_MODE: boolean =
  typeof process !== 'undefined' ? process.env.NODE_ENV !== 'production' : false

const issued = new Set<string>()

/**
 * Logs a development warning, once per code and message; nothing in production builds.
 *
 * @example issueWarning('evm-invalid-chain', 'Ignored chainChanged with an invalid chain id')
 */
export function issueWarning(code: string, message: string): void {
  if (!DEV_MODE) return
  const key = `${code}\n${message}`
  if (issued.has(key)) return
  issued.add(key)
  console.warn(`[openmodal] ${message} (${code})`)
}
