// The share vault of the embedded wallet: PUT /v1/wallet, GET /v1/wallet/shares,
// POST /v1/wallet/recovery, POST /v1/wallet/rotate, and the lock link of the notice mails
// (GET/POST /v1/lock/:token). Shares are sealed under the vault key (embedded/vault.ts),
// released only to a session whose login is fresh, never both in one answer, and never written
// to the log. The recovery share goes only to a new device, and the visitor gets a mail; that
// device is then held (embedded/holds.ts): no factor change until the hold ends.
import { Hono } from 'hono'
import * as v from 'valibot'
import { getAddress, isAddress, isHex, recoverMessageAddress } from 'viem'
import { factorAllowed, RecoveryFactorSchema } from '../embedded/config.js'
import {
  authenticate,
  BODY_MAX_BYTES,
  type EmbeddedContext,
  readJson,
  secureOriginOnly,
} from '../embedded/context.js'
import { tokenHash } from '../embedded/crypto.js'
import { EmbeddedError, embeddedErrorAnswer, parseBody } from '../embedded/errors.js'
import { holdError, holdOf, keepsFactor, recoveryRequired, startHold } from '../embedded/holds.js'
import {
  createLockLink,
  mailTime,
  notYouLines,
  projectName,
  sendNotice,
} from '../embedded/notices.js'
import { deleteOtherSessions, type Session } from '../embedded/sessions.js'
import {
  authShareFor,
  type Commitment as CommittedAddresses,
  createWallet,
  readWallet,
  rotateWallet,
  rotationMessage,
  type StoredShares,
} from '../embedded/vault.js'
import type { AppEnv } from '../http/access.js'
import { limitBody } from '../http/middleware.js'
import { DEFAULT_RECOVERY_HOLD_MS } from '../projects/schema.js'
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

const RotateBody = v.pipe(
  v.object({
    version: v.pipe(v.number('Required'), v.integer('Invalid input'), v.minValue(2)),
    signature: v.pipe(
      v.string('Required'),
      v.check((value) => isHex(value) && value.length === 132, 'Expected a 65-byte signature'),
    ),
  }),
)

const sameCommitment = (a: CommittedAddresses, b: CommittedAddresses) =>
  (a.eip155?.toLowerCase() ?? '') === (b.eip155?.toLowerCase() ?? '') &&
  (a.solana ?? '') === (b.solana ?? '')

/** How a notice names what now recovers the wallet. */
const FACTOR_WORDS: Record<StoredShares['factor']['kind'], string> = {
  passkey: 'a passkey',
  passphrase: 'a passphrase',
  custodial: 'a new e-mail code alone (the app keeps the recovery share)',
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

const lockPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${title}</title></head><body style="font-family:system-ui;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
  `<h1>${title}</h1>${body}</body></html>`

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
  const noWallet = () => new EmbeddedError(404, 'WALLET_NOT_FOUND', 'This account has no wallet')

  app.put('/v1/wallet', bounded, async (c) => {
    const session = await authenticate(context, c)
    const shares: StoredShares = parseBody(SharesBody, await readJson(c))
    await requireFactorAllowed(session, shares)
    // One transaction: the wallet never exists without the device that holds its third share
    // (an instance killed in between left exactly that, refusing the retry with 409).
    const created = await db.transaction((tx) =>
      createWallet(tx, options.vaultKey, session.userId, session.jkt, shares, context.now()),
    )
    if (!created) {
      throw new EmbeddedError(409, 'WALLET_EXISTS', 'This account already has a wallet')
    }
    return c.json({ commitment: shares.commitment }, 201)
  })

  // The auth share only: to the device that holds the matching device share (of the current
  // version, or of a rotated one during the recovery window), or to a new device that fetched
  // the recovery share in this session (and so triggered the notice mail).
  app.get('/v1/wallet/shares', async (c) => {
    const session = await authenticate(context, c)
    requireFresh(session)
    const now = context.now()
    const found = await authShareFor(db, options.vaultKey, session.userId, session.jkt, now)
    if (found.kind === 'none') throw noWallet()
    if (found.kind === 'known') {
      return c.json({
        commitment: found.commitment,
        version: found.version,
        authShare: b64(found.authShare),
      })
    }
    if (session.recoveredAt === undefined) {
      throw found.kind === 'retired'
        ? new EmbeddedError(
            403,
            'SHARES_RETIRED',
            'The share on this device was replaced; recover the wallet on this device',
          )
        : recoveryRequired()
    }
    const wallet = await readWallet(db, options.vaultKey, session.userId)
    if (!wallet) throw noWallet()
    return c.json({
      commitment: wallet.commitment,
      version: wallet.version,
      authShare: b64(wallet.authShare),
    })
  })

  // New-device recovery: the recovery share (or its wrapped blob) alone, never with the auth
  // share, and a notice mail to the visitor with a link that locks the wallet.
  app.post('/v1/wallet/recovery', bounded, async (c) => {
    const session = await authenticate(context, c)
    requireFresh(session)
    const now = context.now()
    const found = await authShareFor(db, options.vaultKey, session.userId, session.jkt, now)
    if (found.kind === 'none') throw noWallet()
    if (found.kind === 'known') {
      throw new EmbeddedError(
        409,
        'BAD_REQUEST',
        'This device holds its share of the wallet; it needs no recovery',
      )
    }
    const project = await getProject(db, session.projectId)
    const holdMs = project?.recoveryHoldMs ?? DEFAULT_RECOVERY_HOLD_MS
    const answer = await db.transaction(async (tx) => {
      const wallet = await readWallet(tx, options.vaultKey, session.userId)
      if (!wallet) return undefined
      await tx.query('update embedded.sessions set recovered_at = $2 where id = $1', [
        session.id,
        new Date(now),
      ])
      await startHold(tx, session.userId, session.jkt, now, holdMs)
      return { wallet, lockLink: await createLockLink(tx, context, c, session.userId) }
    })
    if (!answer) throw noWallet()
    const name = project?.name ?? session.projectId
    sendNotice(context, {
      to: session.email,
      subject: `A new device recovered your wallet on ${name}`,
      text: [
        `A new device recovered your wallet on ${name} at ${mailTime(now)}.`,
        ...(holdMs > 0
          ? [
              `Until ${mailTime(now + holdMs)} that device cannot change what recovers your wallet`,
              'nor its e-mail: you have that long to lock the wallet if it was not you.',
            ]
          : []),
        ...notYouLines(answer.lockLink),
      ].join('\n'),
    })
    const { wallet } = answer
    return c.json({
      commitment: wallet.commitment,
      version: wallet.version,
      recoveryShare: b64(wallet.recoveryShare),
      factor: wallet.factor,
    })
  })

  // New shares for the same key: the commitment stays, the committed EVM address signs the next
  // version and the digests of the new shares, the old shares stay for the recovery window.
  app.post('/v1/wallet/rotate', bounded, async (c) => {
    const session = await authenticate(context, c)
    requireFresh(session)
    const raw = await readJson(c)
    const shares: StoredShares = parseBody(SharesBody, raw)
    const { version, signature } = parseBody(RotateBody, raw)
    await requireFactorAllowed(session, shares)
    const now = context.now()
    type Refusal = EmbeddedError
    const outcome = await db.transaction(async (tx): Promise<Refusal | { lockLink: string }> => {
      const wallet = await readWallet(tx, options.vaultKey, session.userId, { forUpdate: true })
      if (!wallet) return noWallet()
      if (!sameCommitment(wallet.commitment, shares.commitment)) {
        return new EmbeddedError(400, 'BAD_REQUEST', 'The commitment of a wallet never changes', {
          field: 'commitment',
        })
      }
      const address = wallet.commitment.eip155
      if (!address) {
        return new EmbeddedError(
          400,
          'BAD_REQUEST',
          'Rotation needs the EVM address in the commitment',
          { field: 'commitment' },
        )
      }
      // A Shamir share of the same secret has the same length as the current auth share; a
      // wrapped recovery share adds at least a 16-byte tag to it.
      const shareBytes = wallet.authShare.length
      if (shares.authShare.length !== shareBytes) {
        return new EmbeddedError(
          400,
          'BAD_REQUEST',
          'The auth share is not a share of this wallet',
          {
            field: 'authShare',
          },
        )
      }
      const recoveryOk =
        shares.factor.kind === 'custodial'
          ? shares.recoveryShare.length === shareBytes
          : shares.recoveryShare.length >= shareBytes + 16
      if (!recoveryOk) {
        return new EmbeddedError(
          400,
          'BAD_REQUEST',
          'The recovery share is not a share of this wallet',
          { field: 'recoveryShare' },
        )
      }
      if (version !== wallet.version + 1) {
        return new EmbeddedError(
          409,
          'VERSION_CONFLICT',
          `The next version of these shares is ${wallet.version + 1}`,
          { field: 'version' },
        )
      }
      // A device that holds no share of these shares' version rotates only to finish its own
      // recovery (the re-split); while it is held, that re-split keeps the wallet's factor,
      // and once it holds its share it changes nothing until the hold ends.
      const [device] = await tx.query<{ version: number }>(
        'select version from embedded.wallet_devices where user_id = $1 and jkt = $2',
        [session.userId, session.jkt],
      )
      const resplit = device?.version !== wallet.version
      const hold = await holdOf(tx, session.userId, session.jkt, now)
      if (resplit && session.recoveredAt === undefined && !hold.recovered) return recoveryRequired()
      if (hold.heldUntil !== undefined && !(resplit && keepsFactor(wallet.factor, shares.factor))) {
        return holdError(hold.heldUntil, 'recovery')
      }
      const message = rotationMessage({
        address,
        version,
        authShare: shares.authShare,
        recoveryShare: shares.recoveryShare,
      })
      let signer: string | undefined
      try {
        signer = await recoverMessageAddress({ message, signature: signature as `0x${string}` })
      } catch {}
      if (!signer || signer !== getAddress(address)) {
        return new EmbeddedError(
          403,
          'INVALID_SIGNATURE',
          'The new shares must be signed by the address of the wallet',
          { field: 'signature' },
        )
      }
      await rotateWallet(
        tx,
        options.vaultKey,
        session.userId,
        session.jkt,
        shares,
        version,
        now,
        now + limits.shareRecoveryWindowMs,
      )
      return { lockLink: await createLockLink(tx, context, c, session.userId) }
    })
    if (outcome instanceof EmbeddedError) throw outcome
    const name = await projectName(db, session.projectId)
    // A device that already held its share and did not recover in this session: the visitor
    // changed what recovers the wallet on a new device (the frame re-splits the key for it).
    if (session.recoveredAt === undefined) {
      sendNotice(context, {
        to: session.email,
        subject: `The recovery of your wallet on ${name} changed`,
        text: [
          `A device that holds your wallet on ${name} changed what recovers it on a new device`,
          `at ${mailTime(now)}: ${FACTOR_WORDS[shares.factor.kind]}.`,
          'The passkey or passphrase used before no longer recovers it. Your address did not',
          'change.',
          ...notYouLines(outcome.lockLink),
        ].join('\n'),
      })
      return c.json({ commitment: shares.commitment, version })
    }
    sendNotice(context, {
      to: session.email,
      subject: `The shares of your wallet on ${name} were replaced`,
      text: [
        `A device replaced the shares of your wallet on ${name} at ${mailTime(now)}.`,
        'Your address did not change. Other devices need a new code, and a recovery after',
        `${Math.round(limits.shareRecoveryWindowMs / 86_400_000)} days.`,
        ...notYouLines(outcome.lockLink),
      ].join('\n'),
    })
    return c.json({ commitment: shares.commitment, version })
  })

  // The lock link of a notice mail. GET shows a confirmation (mail scanners fetch links; only a
  // person presses the button); POST locks: every session ends, and logins, recoveries and
  // share reads are refused until the operator clears `locked_at`.
  app.get('/v1/lock/:token', (c) => {
    c.header('cache-control', 'no-store')
    c.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    )
    c.header('referrer-policy', 'no-referrer')
    return c.html(
      lockPage(
        'Lock your wallet?',
        '<p>Locking signs every device out and refuses every login and recovery of this wallet ' +
          'until the operator of the app unlocks it.</p><form method="post"><button type="submit">' +
          'Lock my wallet</button></form>',
      ),
    )
  })

  app.post('/v1/lock/:token', async (c) => {
    c.header('cache-control', 'no-store')
    c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    c.header('referrer-policy', 'no-referrer')
    const token = c.req.param('token')
    const locked = await db.transaction(async (tx) => {
      const [link] = await tx.query<{ user_id: string }>(
        'delete from embedded.lock_links where token_hash = $1 and expires_at > $2 returning user_id',
        [tokenHash(token), new Date(context.now())],
      )
      if (!link) return false
      await tx.query(
        'update embedded.users set locked_at = $2 where id = $1 and locked_at is null',
        [link.user_id, new Date(context.now())],
      )
      await deleteOtherSessions(tx, link.user_id)
      return true
    })
    if (!locked) {
      return c.html(
        lockPage('This link no longer works', '<p>It was used already or has expired.</p>'),
        404,
      )
    }
    return c.html(
      lockPage(
        'Your wallet is locked',
        '<p>Every device was signed out. Ask the operator of the app to unlock it.</p>',
      ),
    )
  })

  app.onError(embeddedErrorAnswer(context.logger))
  return app
}
