/**
 * The ENS Universal Resolver on Ethereum mainnet (viem 2.57's
 * `mainnet.contracts.ensUniversalResolver`). Kept as a value so the ENS module does not import
 * `viem/chains`, which brings every chain definition into unbundled (test) pages.
 */
export const ENS_UNIVERSAL_RESOLVER = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee' as const
