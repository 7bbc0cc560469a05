// The wallet's life on the secure site, over the server contract's share vault: create,
// unlock on a known device, recover on a new device (rebuild, re-split, retire old shares).
// Keys exist only inside these functions' callers, for the time of one signature.
import { fromBase64, toBase64 } from './bytes.js'
import { type Commitment, createEntropy, type DerivedKeys, deriveKeys } from './derive.js'
import {
  type RecoveryFactor,
  type RecoverySecret,
  unwrapRecoveryShare,
  wrapRecoveryShare,
} from './recovery.js'
import { rebuildKeys, splitEntropy } from './shares.js'

/** `PUT /v1/wallet` and `POST /v1/wallet/rotate` bodies of the server contract. */
export interface VaultUpload {
  commitment: Commitment
  authShare: string
  /** Base64; wrapped under `factor` (an opaque blob to the server) unless it is `custodial`. */
  recoveryShare: string
  factor: RecoveryFactor
}

/** `GET /v1/wallet/shares` of the server contract. */
export interface VaultShares {
  authShare: string
  recoveryShare: string
  factor: RecoveryFactor
}

export interface NewShares {
  upload: VaultUpload
  /** To seal into this device's store once the server accepted `upload`. */
  deviceShare: Uint8Array
}

async function sharesFor(
  entropy: Uint8Array,
  commitment: Commitment,
  secret: RecoverySecret,
): Promise<NewShares> {
  const { device, auth, recovery } = await splitEntropy(entropy)
  const { wrapped, factor } = await wrapRecoveryShare(recovery, secret)
  recovery.fill(0)
  return {
    upload: { commitment, authShare: toBase64(auth), recoveryShare: toBase64(wrapped), factor },
    deviceShare: device,
  }
}

/**
 * A new wallet: fresh entropy, its commitment and its three shares, the recovery share locked
 * under `secret` (a passkey's PRF output, a passphrase, or `custodial`).
 *
 * @example
 * const { upload, deviceShare } = await createWallet({ kind: 'passphrase', passphrase })
 * await api.put('/v1/wallet', upload) // then storeDeviceShare(userId, deviceShare)
 */
export async function createWallet(secret: RecoverySecret): Promise<NewShares> {
  const entropy = createEntropy()
  try {
    return await sharesFor(entropy, deriveKeys(entropy).commitment, secret)
  } finally {
    entropy.fill(0)
  }
}

/**
 * The keys on a device that holds its share: device share + auth share, commitment-checked.
 *
 * @example
 * const keys = await unlockWallet(deviceShare, vault.authShare, me.wallet.commitment)
 */
export async function unlockWallet(
  deviceShare: Uint8Array,
  authShare: string,
  commitment: Commitment,
): Promise<DerivedKeys> {
  const { entropy, ...keys } = await rebuildKeys([deviceShare, fromBase64(authShare)], commitment)
  entropy.fill(0)
  return keys
}

/**
 * A new device: opens the recovery share with `secret`, rebuilds from it and the auth share,
 * checks the commitment, and makes a fresh split whose shares replace all old ones (old device
 * shares then rebuild nothing that passes the commitment check). The new recovery share is
 * locked under `next` (default: the same secret). Send `upload` to `POST /v1/wallet/rotate`,
 * then seal `deviceShare` here.
 *
 * @example
 * const { keys, upload, deviceShare } = await recoverWallet(vault, commitment, secret)
 */
export async function recoverWallet(
  vault: VaultShares,
  commitment: Commitment,
  secret: RecoverySecret,
  next: RecoverySecret = secret,
): Promise<NewShares & { keys: DerivedKeys }> {
  const recoveryShare = await unwrapRecoveryShare(
    fromBase64(vault.recoveryShare),
    vault.factor,
    secret,
  )
  const { entropy, ...keys } = await rebuildKeys(
    [fromBase64(vault.authShare), recoveryShare],
    commitment,
  )
  recoveryShare.fill(0)
  try {
    return { ...(await sharesFor(entropy, commitment, next)), keys }
  } finally {
    entropy.fill(0)
  }
}

/**
 * A known device changes the recovery factor: rebuilds from its device share and the auth
 * share, checks the commitment, and makes a fresh split whose recovery share is locked under
 * `next`. The old recovery share, and the factor that opened it, then rebuild nothing with the
 * new auth share. Send `upload` to `POST /v1/wallet/rotate`, then seal `deviceShare` here.
 *
 * @example
 * const { keys, upload, deviceShare } = await resplitWallet(share, vault.authShare, commitment, secret)
 */
export async function resplitWallet(
  deviceShare: Uint8Array,
  authShare: string,
  commitment: Commitment,
  next: RecoverySecret,
): Promise<NewShares & { keys: DerivedKeys }> {
  const { entropy, ...keys } = await rebuildKeys([deviceShare, fromBase64(authShare)], commitment)
  try {
    return { ...(await sharesFor(entropy, commitment, next)), keys }
  } finally {
    entropy.fill(0)
  }
}
