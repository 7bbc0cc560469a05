// EVM signatures of SIWE messages through viem: with a client, viem's verifyHash (the ERC-6492
// universal validator in one deployless eth_call: EOAs, deployed ERC-1271 contract wallets and
// not-yet-deployed ERC-6492 ones); without a client, EOA recovery only. The empty signature
// (`0x`) of a message a contract wallet approved on chain (a Safe's SignMessageLib) goes to
// the wallet's ERC-1271 isValidSignature directly: the universal validator reverts on it.
import {
  type Address,
  type Client,
  type Hex,
  hashMessage,
  isHex,
  parseAbi,
  verifyMessage,
} from 'viem'
import { readContract, verifyHash } from 'viem/actions'

const ERC1271_ABI = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
/** What isValidSignature answers for a valid signature (ERC-1271). */
const ERC1271_MAGIC_VALUE = '0x1626ba7e'

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
    // A revert ("Hash not approved") or no contract at the address: not signed.
    const answer = await readContract(client, {
      address,
      abi: ERC1271_ABI,
      functionName: 'isValidSignature',
      args: [hashMessage(message), '0x'],
    }).catch(() => undefined)
    return answer === ERC1271_MAGIC_VALUE
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
