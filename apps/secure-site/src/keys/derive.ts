// From 128 bits of entropy to the two accounts the embedded wallet holds: the BIP-39 mnemonic
// and seed, EVM m/44'/60'/0'/0/0 (BIP-32 secp256k1) and Solana m/44'/501'/0'/0' (SLIP-0010).
import { base58 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { deriveEd25519, ed25519PublicKey } from './slip10.js'

export const EVM_PATH = "m/44'/60'/0'/0/0"
export const SOLANA_PATH = "m/44'/501'/0'/0'"
/** 128 bits: a 12-word mnemonic. */
export const ENTROPY_BYTES = 16

/** The addresses derived from a wallet's entropy, stored by the server at creation. */
export interface Commitment {
  eip155: `0x${string}`
  solana: string
}

export interface DerivedKeys {
  commitment: Commitment
  /** secp256k1 private key of the EVM account. */
  evmPrivateKey: `0x${string}`
  /** 64-byte Solana secret key (ed25519 seed then public key), as Solana wallets hold it. */
  solanaSecretKey: Uint8Array
}

/** 128 bits from `crypto.getRandomValues`, the only source of a new wallet. */
export function createEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

/** The BIP-39 English mnemonic of `entropy`. */
export function toMnemonic(entropy: Uint8Array): string {
  return entropyToMnemonic(entropy, wordlist)
}

/**
 * Both accounts of a wallet from its entropy.
 *
 * @example
 * const { commitment } = deriveKeys(createEntropy())
 */
export function deriveKeys(entropy: Uint8Array): DerivedKeys {
  if (entropy.length !== ENTROPY_BYTES) {
    throw new Error(`Invalid entropy: expected ${ENTROPY_BYTES} bytes, got ${entropy.length}`)
  }
  const seed = mnemonicToSeedSync(toMnemonic(entropy))
  const evm = HDKey.fromMasterSeed(seed).derive(EVM_PATH)
  if (!evm.privateKey) throw new Error('EVM key derivation failed')
  const evmPrivateKey = bytesToHex(evm.privateKey)
  const solanaPrivate = deriveEd25519(seed, SOLANA_PATH).privateKey
  const solanaPublic = ed25519PublicKey(solanaPrivate)
  const solanaSecretKey = new Uint8Array(64)
  solanaSecretKey.set(solanaPrivate)
  solanaSecretKey.set(solanaPublic, 32)
  seed.fill(0)
  return {
    commitment: {
      eip155: privateKeyToAccount(evmPrivateKey).address,
      solana: base58.encode(solanaPublic),
    },
    evmPrivateKey,
    solanaSecretKey,
  }
}
