// The logged-in user's session and wallet inside the frame: the session token (kept in this
// origin's IndexedDB so a reload needs no new code), the wallet's commitment, and the keys,
// rebuilt from the device and auth shares only for the time of one signature. A device that
// holds its share asks for the auth share only; a new device asks for the recovery share (the
// server mails the visitor), then the auth share, rebuilds, and rotates to fresh shares signed
// by the wallet's address.
import type { Commitment, DerivedKeys } from '../keys/derive.js'
import {
  deleteDeviceShare,
  deleteValue,
  loadDeviceShare,
  readValue,
  storeDeviceShare,
  writeValue,
} from '../keys/device-store.js'
import type { RecoveryFactor, RecoveryMode, RecoverySecret } from '../keys/recovery.js'
import { createWallet, recoverWallet, resplitWallet, unlockWallet } from '../keys/wallet.js'
import { type ApiClient, ApiError, createApi, type Me } from './api.js'
import type { chooseRecovery, unlockRecovery } from './om-passkey.js'
import { signedRotation } from './rotation.js'
import { checkStoredSession, type StoredSession, sessionKey } from './stored-session.js'

/**
 * A factor change re-splits the key: the new device share waits here (as `${userId}#next`,
 * with its version) until the server took the new shares, so a frame closed between the
 * server's answer and the swap still holds the share the server expects.
 */
const pendingOf = (userId: string) => `${userId}#next`
const pendingVersionKey = (userId: string) => `device-share-next-version:${userId}`
/** The server's answers to a device key that holds no current share of the wallet. */
const MUST_RECOVER = new Set(['RECOVERY_REQUIRED', 'SHARES_RETIRED'])

export interface WalletSession {
  api: ApiClient
  user: { id: string; email: string | null } | undefined
  commitment: Commitment | undefined
  /** After a verified code: makes the wallet (first login) or recovers it (new device). */
  open(): Promise<void>
  /**
   * Restores a stored session on load; false when there is none or it expired. `checked`: the
   * check of that session already under way on this session's `api` (`checkStoredSession`).
   */
  restore(checked?: Promise<Me | undefined>): Promise<boolean>
  /** Fails with 4100 "Session Expired" when the auth share cannot be had (stale login). */
  prepareSigning(): Promise<void>
  /**
   * A known device changes the recovery factor (after a fresh login): rebuilds, asks the
   * visitor for the new passkey or passphrase, re-splits, and has the server swap the shares
   * in one step signed by the wallet's address. Answers the new factor.
   */
  changeRecovery(): Promise<RecoveryFactor>
  /** Stores the current session token (after a new code) so a reload keeps it. */
  keepSession(): Promise<void>
  /** Rebuilds the keys, runs `fn`, and wipes them. */
  withKeys<T>(fn: (keys: DerivedKeys) => Promise<T>): Promise<T>
  signOut(): Promise<void>
}

/**
 * The wallet session against the server at `apiUrl`, for the frame of project `projectId`.
 *
 * @example
 * const session = createWalletSession(apiUrl, projectId)
 * await session.restore()
 */
export function createWalletSession(
  apiUrl: string,
  projectId: string,
  options: {
    /** The project's recovery mode (from `/frame-config`); default `non-custodial`. */
    recovery?: () => Promise<RecoveryMode>
    /** Asks the visitor for a new recovery factor (passkey or passphrase) until `use` succeeds. */
    chooseRecovery?: typeof chooseRecovery
    /** Asks the visitor for the wallet's passkey or passphrase until `use` succeeds. */
    unlockRecovery?: typeof unlockRecovery
    /** The API client to use (default: a new one for `apiUrl` and `projectId`). */
    api?: ApiClient
  } = {},
): WalletSession {
  const mode = options.recovery ?? (async () => 'non-custodial' as const)
  const noPrompt = () => Promise.reject(new Error('This wallet needs a recovery prompt'))
  const choose = options.chooseRecovery ?? noPrompt
  const unlock = options.unlockRecovery ?? noPrompt
  /** How a new recovery share is locked: by the project's mode, the visitor's factor if not custodial. */
  const newSecret = async <T>(
    who: { id: string; email: string | null },
    use: (secret: RecoverySecret) => Promise<T>,
  ): Promise<T> =>
    (await mode()) === 'custodial'
      ? use({ kind: 'custodial' })
      : // A social user without e-mail: the passkey is named after the wallet's id.
        choose({ userId: who.id, email: who.email ?? `wallet ${who.id.slice(0, 8)}` }, use)
  // The server releases the auth share only to a login at most 5 minutes old. It is kept in
  // this frame's memory (never on disk) for the frame's life: a stolen disk holds one share.
  let authShare: string | undefined
  /**
   * The recovery share fetched by this login (kept while the visitor may still cancel and try
   * the factor again): a second try neither fetches it again nor mails a second notice.
   */
  let rescued: { token: string; answer: Awaited<ReturnType<ApiClient['recovery']>> } | undefined
  /** Takes the waiting device share of a factor change when the server is at its version. */
  async function settlePending(userId: string, version: number): Promise<void> {
    const waiting = await readValue<number>(pendingVersionKey(userId))
    if (waiting === undefined) return
    const share = waiting === version ? await loadDeviceShare(pendingOf(userId)) : null
    if (share) await storeDeviceShare(userId, share)
    await deleteDeviceShare(pendingOf(userId))
    await deleteValue(pendingVersionKey(userId))
  }
  async function currentAuthShare(): Promise<string> {
    if (authShare) return authShare
    try {
      const answer = await session.api.shares()
      if (session.user) await settlePending(session.user.id, answer.version)
      authShare = answer.authShare
      return authShare
    } catch (cause) {
      // `errorCode` names it for the host, which raises the spec §8 "Session Expired" alert.
      throw Object.assign(new Error('Session Expired'), {
        code: 4100,
        errorCode: 'SESSION_EXPIRED',
        cause,
      })
    }
  }
  const SESSION = sessionKey(projectId)
  const session: WalletSession = {
    api: options.api ?? createApi(apiUrl, projectId),
    user: undefined,
    commitment: undefined,
    async open() {
      const me = await session.api.me()
      session.user = me.user
      if (!me.wallet) {
        // The wallet is stored inside `use`: a refusal by the server shows in the dialog.
        const { upload, deviceShare } = await newSecret(me.user, async (secret) => {
          const made = await createWallet(secret)
          await session.api.putWallet(made.upload)
          return made
        })
        await storeDeviceShare(me.user.id, deviceShare)
        authShare = upload.authShare
        session.commitment = upload.commitment
      } else {
        const commitment = me.wallet.commitment as Commitment
        let deviceShare = await loadDeviceShare(me.user.id)
        // The server gives the auth share to the device key that holds the matching share;
        // another key (a new device, or a share a rotation retired) must recover.
        const known = deviceShare
          ? await session.api.shares().catch((error: unknown) => {
              if (error instanceof ApiError && MUST_RECOVER.has(error.code)) return undefined
              throw error
            })
          : undefined
        if (deviceShare && known) {
          await settlePending(me.user.id, known.version)
          deviceShare = (await loadDeviceShare(me.user.id)) ?? deviceShare
          // Checks the device share against the commitment now, not at the first signature.
          await unlockWallet(deviceShare, known.authShare, commitment)
          authShare = known.authShare
        } else {
          // A new device: the recovery share and its factor (the visitor gets a notice mail),
          // then the auth share; the recovery share is opened with the visitor's passkey or
          // passphrase, the key rebuilt and re-split; the server swaps in the new shares only
          // with the address's signature, and keeps the old ones for its recovery window.
          const token = session.api.token ?? ''
          const rescue = rescued?.token === token ? rescued.answer : await session.api.recovery()
          rescued = { token, answer: rescue }
          const vault = { ...(await session.api.shares()), ...rescue }
          // A custodial wallet in a project that is no longer custodial gets a visitor factor.
          const upgrade = vault.factor.kind === 'custodial' && (await mode()) !== 'custodial'
          const {
            upload,
            deviceShare: fresh,
            keys,
          } = await unlock(vault.factor, async (secret) =>
            upgrade
              ? newSecret(me.user, (next) => recoverWallet(vault, commitment, secret, next))
              : recoverWallet(vault, commitment, secret),
          )
          try {
            await session.api.rotate(await signedRotation(keys, upload, vault.version + 1))
          } finally {
            keys.solanaSecretKey.fill(0)
          }
          await storeDeviceShare(me.user.id, fresh)
          rescued = undefined
          authShare = upload.authShare
        }
        session.commitment = commitment
      }
      session.user = me.user
      await session.keepSession()
    },
    async keepSession() {
      const { user } = session
      if (!session.api.token || !user) return
      const stored: StoredSession = { token: session.api.token, userId: user.id, email: user.email }
      await writeValue(SESSION, stored)
    },
    async restore(checked = checkStoredSession(session.api, projectId)) {
      const me = await checked
      if (!me?.wallet) return false
      session.user = me.user
      session.commitment = me.wallet.commitment as Commitment
      return true
    },
    async prepareSigning() {
      await currentAuthShare()
    },
    async changeRecovery() {
      const { user, commitment } = session
      if (!user || !commitment)
        throw Object.assign(new Error('Not connected to email or social'), { code: 4100 })
      if ((await mode()) === 'custodial') {
        throw new Error(
          'This project keeps the recovery share itself: there is no factor to change',
        )
      }
      // Each try first asks the server where the shares stand (a login at most 5 minutes old
      // is needed) and settles a share left waiting by a try cut off after the server took it.
      const changed = await choose(
        // Both kinds are offered (the page's passphrase preference is for a new wallet).
        {
          userId: user.id,
          email: user.email ?? `wallet ${user.id.slice(0, 8)}`,
          preferPassphrase: false,
          cancellable: true,
        },
        async (secret) => {
          const current = await session.api.shares()
          await settlePending(user.id, current.version)
          const held = await loadDeviceShare(user.id)
          if (!held) throw new Error('This device holds no share of the wallet')
          const version = current.version + 1
          const next = await resplitWallet(held, current.authShare, commitment, secret)
          try {
            const body = await signedRotation(next.keys, next.upload, version)
            await storeDeviceShare(pendingOf(user.id), next.deviceShare)
            await writeValue(pendingVersionKey(user.id), version)
            try {
              await session.api.rotate(body)
            } catch (error) {
              // A refusal: the server kept the old shares. A cut-off answer may hide a commit:
              // the waiting share stays until the server's version settles it.
              if (error instanceof ApiError && error.status < 500) {
                await deleteDeviceShare(pendingOf(user.id))
                await deleteValue(pendingVersionKey(user.id))
              }
              throw error
            }
          } finally {
            next.keys.solanaSecretKey.fill(0)
          }
          await settlePending(user.id, version)
          return next
        },
      )
      authShare = changed.upload.authShare
      return changed.upload.factor
    },
    async withKeys(fn) {
      const { user, commitment } = session
      if (!user || !commitment)
        throw Object.assign(new Error('Not connected to email or social'), { code: 4100 })
      const deviceShare = await loadDeviceShare(user.id)
      if (!deviceShare)
        throw Object.assign(new Error('No device share on this device'), { code: 4100 })
      const keys = await unlockWallet(deviceShare, await currentAuthShare(), commitment)
      try {
        return await fn(keys)
      } finally {
        keys.solanaSecretKey.fill(0)
      }
    },
    async signOut() {
      try {
        if (session.api.token) await session.api.signOut()
      } finally {
        session.api.token = undefined
        authShare = undefined
        rescued = undefined
        session.user = undefined
        session.commitment = undefined
        await deleteValue(SESSION)
      }
    },
  }
  return session
}
