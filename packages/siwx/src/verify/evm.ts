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
import { call, verifyHash } from 'viem/actions'

/** ERC-1271's `isValidSignature(bytes32,bytes)` selector, also its answer for a valid one. */
const ERC1271_MAGIC_VALUE = '0x1626ba7e'

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
    // A revert ("Hash not approved") or no contract at the address (an empty answer): not
    // signed. An RPC that cannot be reached still throws.
    const answer = await call(client, {
      to: address,
      data: isValidEmptySignature(hashMessage(message)),
    }).catch((error: unknown) => {
      if (error instanceof BaseError && error.walk((e) => e instanceof ExecutionRevertedError)) {
        return undefined
      }
      throw error
    })
    return answer?.data?.slice(0, 10) === ERC1271_MAGIC_VALUE
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
