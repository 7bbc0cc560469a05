// Bitcoin keys and message signatures of the dev wallet: p2wpkh (payment) and p2tr (ordinals)
// keys from fixed seeds, BIP-322 "simple" signatures and legacy ECDSA (BIP-137) signatures.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { p2tr, p2wpkh, RawTx, RawWitness, Script, Transaction } from '@scure/btc-signer'
import { type BitcoinNetworkName, BTC_NETWORKS } from './networks.js'

export type AddressPurpose = 'payment' | 'ordinals'

export interface BitcoinDevKey {
  purpose: AddressPurpose
  addressType: 'p2wpkh' | 'p2tr'
  address: string
  /** Hex: the 33-byte compressed key (p2wpkh) or the 32-byte x-only internal key (p2tr). */
  publicKey: string
  privateKey: Uint8Array
  script: Uint8Array
}

/**
 * The dev wallet's two keys for account `index` on `network`: a p2wpkh payment key and a p2tr
 * ordinals key, from fixed seeds (test keys: never hold real value with them).
 *
 * @example bitcoinDevKeys(0, 'regtest').payment.address // 'bcrt1q…'
 */
export function bitcoinDevKeys(
  index = 0,
  network: BitcoinNetworkName = 'regtest',
): Record<AddressPurpose, BitcoinDevKey> {
  const net = BTC_NETWORKS[network]
  const seed = (purpose: string) => sha256(utf8ToBytes(`openmodal bitcoin dev ${purpose} ${index}`))
  const paymentKey = seed('payment')
  const ordinalsKey = seed('ordinals')
  const payment = p2wpkh(secp256k1.getPublicKey(paymentKey, true), net)
  const internal = schnorr.getPublicKey(ordinalsKey)
  const ordinals = p2tr(internal, undefined, net)
  return {
    payment: {
      purpose: 'payment',
      addressType: 'p2wpkh',
      address: payment.address as string,
      publicKey: bytesToHex(secp256k1.getPublicKey(paymentKey, true)),
      privateKey: paymentKey,
      script: payment.script,
    },
    ordinals: {
      purpose: 'ordinals',
      addressType: 'p2tr',
      address: ordinals.address as string,
      publicKey: bytesToHex(internal),
      privateKey: ordinalsKey,
      script: ordinals.script,
    },
  }
}

/** The message hash of BIP-322: a tagged hash of the message. */
export function bip322MessageHash(message: string): Uint8Array {
  return schnorr.utils.taggedHash('BIP0322-signed-message', utf8ToBytes(message))
}

/** BIP-322's virtual `to_spend` transaction id for `message` and the signer's output script. */
function toSpendTxid(message: string, script: Uint8Array): Uint8Array {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode([0, bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return sha256(sha256(raw)).reverse()
}

/**
 * A BIP-322 "simple" signature (base64 of the `to_sign` witness) of `message` by `key`.
 *
 * @example signBip322(keys.payment, 'Hello') // 'AkcwRAIg…'
 */
export function signBip322(key: BitcoinDevKey, message: string): string {
  const tx = new Transaction({ version: 0, allowUnknownOutputs: true })
  tx.addInput({
    txid: toSpendTxid(message, key.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.addressType === 'p2tr' ? { tapInternalKey: hexToBytes(key.publicKey) } : {}),
  })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  tx.signIdx(key.privateKey, 0)
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322: no witness')
  return base64.encode(RawWitness.encode(witness))
}

/** Bitcoin Core's signed-message hash: sha256d of the magic prefix and the message. */
export function legacyMessageHash(message: string): Uint8Array {
  const prefix = utf8ToBytes('\x18Bitcoin Signed Message:\n')
  const body = utf8ToBytes(message)
  const length = varint(body.length)
  return sha256(sha256(concatBytes(prefix, length, body)))
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

/**
 * A legacy ECDSA message signature (BIP-137, base64 of header + r + s) by a p2wpkh key: the
 * header 39 + recovery id marks a native segwit address.
 *
 * @example signEcdsaMessage(keys.payment, 'Hello') // 'J…' or 'K…'
 */
export function signEcdsaMessage(key: BitcoinDevKey, message: string): string {
  if (key.addressType !== 'p2wpkh') throw new Error('ECDSA message signatures need a p2wpkh key')
  const signature = secp256k1.sign(legacyMessageHash(message), key.privateKey, { lowS: true })
  return base64.encode(
    concatBytes(Uint8Array.of(39 + signature.recovery), signature.toCompactRawBytes()),
  )
}
