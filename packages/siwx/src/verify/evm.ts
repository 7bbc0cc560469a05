// EVM signatures of SIWE messages through viem: with a client, viem's verifyHash (the ERC-6492
// universal validator in one deployless eth_call: EOAs, deployed ERC-1271 contract wallets and
// not-yet-deployed ERC-6492 ones); without a client, EOA recovery only.
import { type Address, type Client, type Hex, hashMessage, isHex, verifyMessage } from 'viem'
import { verifyHash } from 'viem/actions'

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
