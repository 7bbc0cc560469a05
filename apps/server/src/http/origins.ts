// Which origins a project allows, per use. A project's origins are its own list: the spec's
// default ancestors (spec §5: `localhost:*`, `*.vercel.app`, `*.pages.dev`, `*.ngrok-free.app`,
// the mobile hosts) are hosts anyone can register a name under, so no project trusts them
// unless it lists them. Local development opts in per project with `allowDevOrigins`, and
// that adds loopback only, for the public reads only.
import { isOriginAllowed } from '@openmodal/core'

/** What `allowDevOrigins: true` adds for the public reads: loopback pages on any port. */
export const DEV_ORIGINS: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
]

/**
 * What an origin may do:
 * - `public`: read-only, cookie-less answers (config, registry, balances, RPC proxy, analytics);
 *   the development origins count when the project opts in.
 * - `credentialed`: answers that set or read a session (Sign-In With X, its CORS with
 *   credentials), and the embedded wallet (e-mail login, the frame): the project's own list only.
 */
export type OriginUse = 'public' | 'credentialed'

export interface OriginPolicy {
  allowedOrigins: readonly string[]
  allowDevOrigins: boolean
}

/**
 * The patterns `project` allows for `use`.
 *
 * @example
 * projectOrigins({ allowedOrigins: ['https://app.example'], allowDevOrigins: true }, 'credentialed')
 * // ['https://app.example']
 */
export function projectOrigins(project: OriginPolicy, use: OriginUse): readonly string[] {
  return use === 'public' && project.allowDevOrigins
    ? [...project.allowedOrigins, ...DEV_ORIGINS]
    : project.allowedOrigins
}

/**
 * Whether `origin` may act for `project` in `use` (core's grammar: a `*` host label is exactly
 * one DNS label, a `*` port any port).
 *
 * @example
 * isProjectOrigin(project, body.dappOrigin, 'credentialed')
 */
export function isProjectOrigin(project: OriginPolicy, origin: string, use: OriginUse): boolean {
  return isOriginAllowed(origin, projectOrigins(project, use))
}
