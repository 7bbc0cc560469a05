// The share vault of the embedded wallet: PUT /v1/wallet, GET /v1/wallet/shares,
// POST /v1/wallet/rotate. Shares are sealed under the vault key (embedded/vault.ts), released
// only to a session whose login is fresh, and never written to the log.
import { Hono } from 'hono'
import * as v from 'valibot'
import { isAddress } from 'viem'
import { factorAllowed, RecoveryFactorSchema } from '../embedded/config.js'
import {
  authenticate,
  BODY_MAX_BYTES,
  type EmbeddedContext,
  readJson,
  secureOriginOnly,
} from '../embedded/context.js'
import { EmbeddedError, embeddedErrorAnswer, parseBody } from '../embedded/errors.js'
import type { Session } from '../embedded/sessions.js'
import {
  createWallet,
  readShares,
  rotateWallet,
  type StoredShares,
  walletCommitment,
} from '../embedded/vault.js'
import type { AppEnv } from '../http/access.js'
import { limitBody } from '../http/middleware.js'
import { getProject } from '../projects/store.js'

/** A Shamir share of a 32-byte secret is 33 bytes; wrapped ones add a salt, an IV and a tag. */
const MAX_SHARE_BYTES = 1024

const Share = v.pipe(
  v.string('Required'),
  v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected base64'),
  v.transform((text) => new Uint8Array(Buffer.from(text, 'base64'))),
  v.check(
    (bytes) => bytes.length > 0 && bytes.length <= MAX_SHARE_BYTES,
    'Share size out of range',
  ),
)
const Commitment = v.pipe(
  v.strictObject({
    eip155: v.optional(
      v.pipe(
        v.string(),
        v.check((a) => isAddress(a, { strict: false }), 'Invalid address'),
      ),
    ),
    solana: v.optional(
      v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid address')),
    ),
  }),
  v.check((c) => Boolean(c.eip155 || c.solana), 'The commitment names at least one address'),
)
const SharesBody = v.object({
  commitment: Commitment,
  authShare: Share,
  /** Opaque: wrapped in the frame under `factor`, or the share itself when `custodial`. */
  recoveryShare: Share,
  factor: RecoveryFactorSchema,
})

/**
 * The vault routes.
 *
 * @example
 * app.route('/', walletVaultRoutes(context))
 */
export function walletVaultRoutes(context: EmbeddedContext): Hono<AppEnv> {
  const { db, options, limits } = context
  const app = new Hono<AppEnv>()
  const bounded = limitBody(BODY_MAX_BYTES, () => {
    throw new EmbeddedError(413, 'PAYLOAD_TOO_LARGE', 'Body too large')
  })
  app.use('/v1/wallet', secureOriginOnly(context))
  app.use('/v1/wallet/*', secureOriginOnly(context))

  // A non-custodial project never takes a recovery share the operator could open.
  const requireFactorAllowed = async (session: Session, shares: StoredShares) => {
    const mode = (await getProject(db, session.projectId))?.recovery ?? 'non-custodial'
    if (!factorAllowed(mode, shares.factor)) {
      throw new EmbeddedError(
        403,
        'CUSTODIAL_RECOVERY_OFF',
        'This project keeps recovery with the visitor: lock the recovery share with a passkey or a passphrase',
        { field: 'factor' },
      )
    }
  }

  const requireFresh = (session: Session) => {
    if (context.now() - session.authenticatedAt > limits.freshSessionMs) {
      throw new EmbeddedError(
        403,
        'SESSION_NOT_FRESH',
        'Sign in again with a new code to use the wallet on this device',
      )
    }
  }

  app.put('/v1/wallet', bounded, async (c) => {
    const session = await authenticate(context, c)
    const shares: StoredShares = parseBody(SharesBody, await readJson(c))
    await requireFactorAllowed(session, shares)
    if (!(await createWallet(db, options.vaultKey, session.userId, shares, context.now()))) {
      throw new EmbeddedError(409, 'WALLET_EXISTS', 'This account already has a wallet')
    }
    return c.json({ commitment: shares.commitment }, 201)
  })

  app.get('/v1/wallet/shares', async (c) => {
    const session = await authenticate(context, c)
    requireFresh(session)
    const shares = await readShares(db, options.vaultKey, session.userId)
    if (!shares) throw new EmbeddedError(404, 'WALLET_NOT_FOUND', 'This account has no wallet')
    return c.json({
      commitment: shares.commitment,
      authShare: Buffer.from(shares.authShare).toString('base64'),
      recoveryShare: Buffer.from(shares.recoveryShare).toString('base64'),
      factor: shares.factor,
    })
  })

  app.post('/v1/wallet/rotate', bounded, async (c) => {
    const session = await authenticate(context, c)
    requireFresh(session)
    const shares: StoredShares = parseBody(SharesBody, await readJson(c))
    await requireFactorAllowed(session, shares)
    if (!(await rotateWallet(db, options.vaultKey, session.userId, shares, context.now()))) {
      throw new EmbeddedError(404, 'WALLET_NOT_FOUND', 'This account has no wallet')
    }
    return c.json({ commitment: (await walletCommitment(db, session.userId)) ?? shares.commitment })
  })

  app.onError(embeddedErrorAnswer(context.logger))
  return app
}
