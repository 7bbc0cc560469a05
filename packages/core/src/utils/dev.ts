// Development-only warnings with a stable code, stripped from production builds: bundlers
// replace `process.env.NODE_ENV` and drop the dead branch (as nanostores and lit do).
declare const process: { env: { NODE_ENV?: string } } | undefined

/** True in development builds (and in tests, whose pages shim `process.env.NODE_ENV`). */
export const DEV_MODE = typeof process !== 'undefined' && process.env.NODE_ENV !== 'production'

/**
 * Logs a development warning; a warning with the same code and message is logged once.
 *
 * @example issueWarning('remote-config-override', 'features.swaps is set by the project')
 */
export function issueWarning(code: string, message: string): void {
  if (!DEV_MODE) return
  const key = `${code}\n${message}`
  if (issued.has(key)) return
  issued.add(key)
  console.warn(`[openmodal] ${message} (${code})`)
}

const issued = new Set<string>()
