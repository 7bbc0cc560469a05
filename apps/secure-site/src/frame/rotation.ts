// The signature a share rotation needs: the wallet's EVM key signs (EIP-191) the next version
// and the SHA-256 of each new share, in the exact text the server rebuilds
// (apps/server/src/embedded/vault.ts `rotationMessage`).
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { fromBase64 } from '../keys/bytes.js'
import type { DerivedKeys } from '../keys/derive.js'
import type { VaultUpload } from '../keys/wallet.js'
import type { RotateBody } from './api.js'

/**
 * The text signed for version `version` of `upload`'s shares.
 *
 * @example
 * rotationMessage('0xAbc…', 2, upload)
 */
export function rotationMessage(address: string, version: number, upload: VaultUpload): string {
  const digest = (base64: string) => bytesToHex(sha256(fromBase64(base64))).slice(2)
  return [
    'OpenModal wallet rotation',
    `Address: ${address.toLowerCase()}`,
    `Version: ${version}`,
    `Auth share: sha256:${digest(upload.authShare)}`,
    `Recovery share: sha256:${digest(upload.recoveryShare)}`,
  ].join('\n')
}

/**
 * The `POST /v1/wallet/rotate` body of `upload` as version `version`, signed with `keys`.
 *
 * @example
 * await api.rotate(await signedRotation(keys, upload, vault.version + 1))
 */
export async function signedRotation(
  keys: DerivedKeys,
  upload: VaultUpload,
  version: number,
): Promise<RotateBody> {
  const account = privateKeyToAccount(keys.evmPrivateKey)
  const signature = await account.signMessage({
    message: rotationMessage(keys.commitment.eip155, version, upload),
  })
  return { ...upload, version, signature }
}
