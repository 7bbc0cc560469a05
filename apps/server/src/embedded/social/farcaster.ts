// Sign In With Farcaster (FIP-11): the wallet signs an EIP-4361 message with the custody key of
// the visitor's fid (EIP-191 personal_sign); the server checks the message against the channel
// it opened (domain, uri, nonce, time), then that the signer is the fid's custody address in
// Farcaster's IdRegistry (`custodyOf`), on Optimism by default or on the configured chain.
import { type Address, createPublicClient, type Hex, http, isAddressEqual, zeroAddress } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'

/** Optimism's IdRegistry (Farcaster's contracts documentation). */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** FIP-11: the statement and the chain of every Sign In With Farcaster message. */
export const SIWF_STATEMENT = 'Farcaster Auth'
export const SIWF_CHAIN_ID = 10
/** Where a Farcaster wallet opens a channel (the `url` of a new channel). */
export const SIWF_URL = 'https://farcaster.xyz/~/siwf'

const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d{0,19})\/?$/

const ID_REGISTRY_ABI = [
  {
    type: 'function',
    name: 'custodyOf',
    stateMutability: 'view',
    inputs: [{ name: 'fid', type: 'uint256' }],
    outputs: [{ name: 'custody', type: 'address' }],
  },
] as const

/** The server's Farcaster settings: the chain of the IdRegistry, and the relay's wallet key. */
export interface FarcasterOptions {
  /** JSON-RPC of the chain holding the IdRegistry (Optimism mainnet in production). */
  rpcUrl: string
  /** Default `ID_REGISTRY_ADDRESS`; a local chain's stand-in in tests. */
  idRegistry?: Address | undefined
  /**
   * The key a wallet app sends in `X-Farcaster-Auth-Relay-Key` (as at the open-source relay).
   * When set, only such a wallet completes a channel, and its username is trusted; when unset,
   * anyone holding a valid custody signature may, and the name shown is `fid:N`.
   */
  relayKey?: string | undefined
  /** Base of a channel's `url` (default `SIWF_URL`; the demo points it at its own page). */
  signInUrl?: string | undefined
  /**
   * An upstream relay (the open-source relay's API, e.g. `https://relay.farcaster.xyz`): when
   * set, a login's channel is opened there and its status read from there, since a Farcaster
   * wallet app posts to the relay it is set up for. Its answer is verified here all the same.
   */
  relayUrl?: string | undefined
  /** Deadline of each call to the upstream relay (default `UPSTREAM_TIMEOUT_MS`, 5 s). */
  relayTimeoutMs?: number | undefined
}

/** Why a Sign In With Farcaster message was refused (logged; the visitor reads the spec's text). */
export class FarcasterSignInError extends Error {
  override name = 'FarcasterSignInError'
}

/** What the channel expects of the message. */
export interface ExpectedSignIn {
  nonce: string
  domain: string
  siweUri: string
}

/** The custody reader and signature checker of one chain (kept per server). */
export type FarcasterChain = ReturnType<typeof farcasterChain>

/**
 * The IdRegistry reads and signature checks on `options.rpcUrl`.
 *
 * @example
 * const chain = farcasterChain({ rpcUrl: 'https://mainnet.optimism.io' })
 */
export function farcasterChain(options: FarcasterOptions) {
  const client = createPublicClient({ transport: http(options.rpcUrl, { timeout: 10_000 }) })
  const registry = options.idRegistry ?? ID_REGISTRY_ADDRESS
  return {
    custodyOf: (fid: bigint) =>
      client.readContract({
        address: registry,
        abi: ID_REGISTRY_ABI,
        functionName: 'custodyOf',
        args: [fid],
      }),
    // EIP-191 for an EOA; ERC-1271 / ERC-6492 for a contract custody (viem's universal check).
    verify: (address: Address, message: string, signature: Hex) =>
      client.verifyMessage({ address, message, signature }),
  }
}

/**
 * Checks a signed Sign In With Farcaster message for the channel `expected` and returns the fid
 * and its custody address; throws `FarcasterSignInError` for anything else: another domain, uri
 * or nonce (a message made for another channel or site), a statement or chain other than
 * FIP-11's, no or several fid resources, outside its validity, a signer that is not the fid's
 * custody, a signature that does not verify.
 *
 * @example
 * const { fid } = await verifySignIn(chain, { message, signature, fid: 3 }, expected, Date.now())
 */
export async function verifySignIn(
  chain: FarcasterChain,
  signed: { message: string; signature: Hex; fid: number },
  expected: ExpectedSignIn,
  now: number,
): Promise<{ fid: bigint; custody: Address }> {
  const message = parseSiweMessage(signed.message)
  const refuse = (why: string): never => {
    throw new FarcasterSignInError(why)
  }
  if (message.domain !== expected.domain) refuse('Invalid domain')
  if (message.uri !== expected.siweUri) refuse('Invalid uri')
  if (message.nonce !== expected.nonce) refuse('Invalid nonce')
  if (message.statement !== SIWF_STATEMENT) refuse(`Statement must be '${SIWF_STATEMENT}'`)
  if (message.chainId !== SIWF_CHAIN_ID) refuse(`Chain ID must be ${SIWF_CHAIN_ID}`)
  if (message.version !== '1') refuse('Version must be 1')
  const fids = (message.resources ?? []).flatMap((resource) => {
    const match = FID_RESOURCE.exec(resource)
    return match?.[1] ? [BigInt(match[1])] : []
  })
  if (fids.length !== 1) refuse('Exactly one fid resource is required')
  const fid = fids[0] as bigint
  if (fid !== BigInt(signed.fid)) refuse('The fid does not match the message')
  if (!message.address) refuse('No address')
  // Time bounds (issuedAt / notBefore / expirationTime) and the address's form.
  if (!validateSiweMessage({ message, time: new Date(now) })) refuse('Message not valid now')
  const custody = await chain.custodyOf(fid)
  if (isAddressEqual(custody, zeroAddress)) refuse(`No fid ${fid} in the IdRegistry`)
  if (!isAddressEqual(custody, message.address as Address)) {
    refuse(`Signer ${message.address} is not the custody address of fid ${fid}`)
  }
  if (!(await chain.verify(custody, signed.message, signed.signature))) {
    refuse('Signature does not verify')
  }
  return { fid, custody }
}
