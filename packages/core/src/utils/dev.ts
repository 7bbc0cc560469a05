// Development-only warnings with a stable code, stripped from production builds (lit's
// `issueWarning`). `esm-env`'s `DEV` resolves through export conditions: `development` (Vite dev,
// web-test-runner, node --conditions=development) gives `true`, `production` (Vite build) gives
// `false`, which makes `issueWarning` an empty function whose calls (and their texts) are dropped;
// bundlers without conditions fall back to a replaceable `process.env.NODE_ENV` check.
import { DEV } from 'esm-env'

/** True in development builds and in tests (which resolve the `development` condition). */
export const DEV_MODE: boolean = DEV

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
