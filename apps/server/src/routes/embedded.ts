// The embedded wallet's routes (e-mail login, sessions, share vault) as one sub-app, empty when
// the server has no embedded wallet settings.
import { Hono } from 'hono'
import type { Db } from '../db/db.js'
import type { EmbeddedOptions } from '../embedded/config.js'
import { embeddedContext } from '../embedded/context.js'
import type { AppEnv } from '../http/access.js'
import type { Logger } from '../http/logger.js'
import { emailAuthRoutes } from './email-auth.js'
import { walletVaultRoutes } from './wallet-vault.js'

/**
 * The routes of `email-auth.ts` and `wallet-vault.ts` over one shared context, or no routes
 * when `embedded` is undefined.
 *
 * @example
 * app.route('/', embeddedRoutes({ db, logger, embedded: options.embedded }))
 */
export function embeddedRoutes(input: {
  db: Db
  logger: Logger
  embedded: EmbeddedOptions | undefined
  now?: (() => number) | undefined
  publicUrl?: string | undefined
  trustProxy?: boolean | undefined
}): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  if (!input.embedded) return app
  const context = embeddedContext({ ...input, options: input.embedded })
  return app.route('/', emailAuthRoutes(context)).route('/', walletVaultRoutes(context))
}
