// The wallet's life on the secure site, over the server contract's share vault: create,
// unlock on a known device, recover on a new device (rebuild, re-split, retire old shares).
// Keys exist only inside these functions' callers, for the time of one signature.
import { fromBase64, toBase64 } from './bytes.js'
import { type Commitment, createEntropy, type DerivedKeys, deriveKeys } from './derive.js'
import { type RecoveryMode, unwrapRecoveryShare, wrapRecoveryShare } from './recovery.js'
import { rebuildKeys, splitEntropy } from './shares.js'

/** `PUT /v1/wallet` and `POST /v1/wallet/rotate` bodies of the server contract. */
export interface VaultUpload {
  commitment: Commitment
  authShare: string
  recovery: RecoveryMode
  recoveryShare?: string
  recoveryShareWrapped?: string
}

/** `GET /v1/wallet/shares` of the server contract. */
export interface VaultShares {
  authShare: string
  recovery: RecoveryMode
  recoveryShare?: string
  recoveryShareWrapped?: string
}

export interface NewShares {
  upload: VaultUpload
  /** To seal into this device's store once the server accepted `upload`. */
  deviceShare: Uint8Array
}

async function sharesFor(
  entropy: Uint8Array,
  commitment: Commitment,
  recovery: RecoveryMode,
  passphrase?: string,
): Promise<NewShares> {
  const { device, auth, recovery: recoveryShare } = await splitEntropy(entropy)
  const upload: VaultUpload = { commitment, authShare: toBase64(auth), recovery }
  if (recovery === 'passphrase') {
    if (passphrase === undefined) throw new Error('The passphrase recovery mode needs a passphrase')
    upload.recoveryShareWrapped = toBase64(await wrapRecoveryShare(recoveryShare, passphrase))
  } else {
    upload.recoveryShare = toBase64(recoveryShare)
  }
  return { upload, deviceShare: device }
}

/**
 * A new wallet: fresh entropy, its commitment and its three shares.
 *
 * @example
 * const { upload, deviceShare } = await createWallet('automatic')
 * await api.put('/v1/wallet', upload) // then storeDeviceShare(userId, deviceShare)
 */
export async function createWallet(
  recovery: RecoveryMode,
  passphrase?: string,
): Promise<NewShares> {
  const entropy = createEntropy()
  try {
    return await sharesFor(entropy, deriveKeys(entropy).commitment, recovery, passphrase)
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
 * A new device: rebuilds from the auth and recovery shares, checks the commitment, and makes a
 * fresh split whose shares replace all old ones (old device shares then rebuild nothing that
 * passes the commitment check). Send `upload` to `POST /v1/wallet/rotate`, then seal
 * `deviceShare` here.
 *
 * @example
 * const { keys, upload, deviceShare } = await recoverWallet(vault, commitment)
 */
export async function recoverWallet(
  vault: VaultShares,
  commitment: Commitment,
  passphrase?: string,
): Promise<NewShares & { keys: DerivedKeys }> {
  let recoveryShare: Uint8Array
  if (vault.recovery === 'passphrase') {
    if (!vault.recoveryShareWrapped || passphrase === undefined) {
      throw new Error('The passphrase recovery mode needs the wrapped share and the passphrase')
    }
    recoveryShare = await unwrapRecoveryShare(fromBase64(vault.recoveryShareWrapped), passphrase)
  } else {
    if (!vault.recoveryShare) throw new Error('The server sent no recovery share')
    recoveryShare = fromBase64(vault.recoveryShare)
  }
  const { entropy, ...keys } = await rebuildKeys(
    [fromBase64(vault.authShare), recoveryShare],
    commitment,
  )
  try {
    const next = await sharesFor(entropy, commitment, vault.recovery, passphrase)
    return { ...next, keys }
  } finally {
    entropy.fill(0)
  }
}
