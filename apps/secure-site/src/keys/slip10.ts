// SLIP-0010 for ed25519, the path scheme Solana wallets use (m/44'/501'/0'/0'). ed25519 has
// only hardened children: each step is one HMAC-SHA512 over the parent key and the index, so
// this file is the whole algorithm over audited primitives (@noble/hashes, @noble/curves).
// Written here rather than taking micro-key-producer: that package brings its own copies of
// @noble/* for PGP, SSH and Tor keys we do not use; the test checks SLIP-0010's own vectors.
import { ed25519 } from '@noble/curves/ed25519'
import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha2'

const HARDENED = 0x8000_0000
const SEED_KEY = new TextEncoder().encode('ed25519 seed')

export interface Ed25519Node {
  /** The 32-byte ed25519 private key (seed) of the node. */
  privateKey: Uint8Array
  chainCode: Uint8Array
}

/** Parses `m/44'/501'/0'/0'`: every index must be hardened, as SLIP-0010 ed25519 requires. */
function parsePath(path: string): number[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new Error(`Invalid derivation path: ${path}`)
  return parts.slice(1).map((part) => {
    const match = /^(\d+)'$/.exec(part)
    const index = match ? Number(match[1]) : Number.NaN
    if (!Number.isSafeInteger(index) || index >= HARDENED) {
      throw new Error(`Invalid derivation path: ${path} (ed25519 needs hardened indexes only)`)
    }
    return index + HARDENED
  })
}

/**
 * The SLIP-0010 ed25519 node at `path` from a BIP-39 seed.
 *
 * @example
 * const { privateKey } = deriveEd25519(seed, "m/44'/501'/0'/0'")
 */
export function deriveEd25519(seed: Uint8Array, path: string): Ed25519Node {
  let digest = hmac(sha512, SEED_KEY, seed)
  let node = { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) }
  for (const index of parsePath(path)) {
    const data = new Uint8Array(37)
    data.set(node.privateKey, 1)
    new DataView(data.buffer).setUint32(33, index)
    digest = hmac(sha512, node.chainCode, data)
    node = { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) }
  }
  return node
}

/** The 32-byte ed25519 public key of a private key. */
export const ed25519PublicKey = (privateKey: Uint8Array) => ed25519.getPublicKey(privateKey)
