// EVM signatures of SIWE messages through viem: with a client, viem's verifyHash (the ERC-6492
// universal validator in one deployless eth_call: EOAs, deployed ERC-1271 contract wallets and
// not-yet-deployed ERC-6492 ones); without a client, EOA recovery only. The empty signature
// (`0x`) of a message a contract wallet approved on chain (a Safe's SignMessageLib) goes to
// the wallet's ERC-1271 isValidSignature directly: the universal validator reverts on it.
import {
  type Address,
  BaseError,
  type Client,
  ExecutionRevertedError,
  type Hex,
  hashMessage,
  isHex,
  verifyMessage,
} from 'viem'
import { call, getCode, verifyHash } from 'viem/actions'

/** ERC-1271's `isValidSignature(bytes32,bytes)` selector, also its answer for a valid one. */
const ERC1271_MAGIC_VALUE = '0x1626ba7e'
/** The only answer that means "valid": the magic value ABI-encoded as one 32-byte `bytes4` word. */
const ERC1271_MAGIC_WORD = `${ERC1271_MAGIC_VALUE}${'0'.repeat(56)}`

/**
 * Addresses below 0x10000 hold the precompiles (0x01..0x11 of the EVM, 0x100 of RIP-7212 and
 * those chains add): the identity precompile 0x04 echoes the calldata, whose first 4 bytes are
 * the magic value. None is a wallet.
 */
const isPrecompileRange = (address: Address) => BigInt(address) < 0x10000n

/**
 * `isValidSignature(hash, 0x)` as calldata, by hand: the selector, the hash, the offset of the
 * bytes (64) and their length (0). viem's `call` is already in this chunk (verifyHash uses it),
 * its contract helpers are not.
 */
const isValidEmptySignature = (hash: Hex): Hex =>
  `${ERC1271_MAGIC_VALUE}${hash.slice(2)}${(64).toString(16).padStart(64, '0')}${'0'.repeat(64)}`

export interface VerifyEvmSignatureParameters {
  address: Address
  message: string
  signature: Hex
  /** A client of the message's chain: contract wallets verify by eth_call. Absent: EOA only. */
  client?: Client | undefined
}

/**
 * Whether `signature` is `address`'s EIP-191 signature of `message`. Malformed signatures are
 * `false`; an RPC that cannot be reached throws (that is not an invalid signature).
 *
 * @example
 * await verifyEvmSignature({ address, message, signature, client: createPublicClient({ transport: http(rpcUrl) }) })
 */
export async function verifyEvmSignature(
  parameters: VerifyEvmSignatureParameters,
): Promise<boolean> {
  const { address, message, signature, client } = parameters
  if (signature === '0x' && client) {
    // Only a contract can have approved a message on chain: no code, or a precompile, is not
    // signed. A revert ("Hash not approved") is not signed either. An RPC that cannot be
    // reached still throws.
    if (isPrecompileRange(address)) return false
    const code = await getCode(client, { address })
    if (!code || code === '0x') return false
    const answer = await call(client, {
      to: address,
      data: isValidEmptySignature(hashMessage(message)),
    }).catch((error: unknown) => {
      if (error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError)) {
        return undefined
      }
      throw error
    })
    return answer?.data?.toLowerCase() === ERC1271_MAGIC_WORD
  }
  if (!isHex(signature) || signature.length < 4) return false
  if (!client) {
    try {
      return await verifyMessage({ address, message, signature })
    } catch {
      return false
    }
  }
  return verifyHash(client, { address, hash: hashMessage(message), signature })
}
