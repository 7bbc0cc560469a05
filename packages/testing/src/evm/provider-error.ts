// EIP-1193 errors as wallets throw them: an Error with a numeric `code` and optional `data`.
// The wallet side of the tests does not share the kit's ProviderRpcError (core): it stands in
// for third-party wallets, so a mistake in the kit's copy cannot hide on both sides.

/** EIP-1193 / EIP-1474 / EIP-3085 / EIP-3326 codes the dev wallet uses. */
export const RPC_ERROR_CODES = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** EIP-5792 */
  unsupportedChain: 5710,
  unknownBundle: 5730,
  atomicityNotSupported: 5760,
} as const

const DEFAULT_MESSAGES: Record<number, string> = {
  4001: 'User rejected the request.',
  4100: 'The requested account and/or method has not been authorized by the user.',
  4200: 'The requested method is not supported by this Ethereum provider.',
  4900: 'The provider is disconnected from all chains.',
  4901: 'The provider is disconnected from the specified chain.',
  4902: 'Unrecognized chain ID.',
  [-32600]: 'Invalid request.',
  [-32601]: 'The method does not exist / is not available.',
  [-32602]: 'Invalid method parameters.',
  [-32603]: 'Internal JSON-RPC error.',
  5710: 'Unsupported chain id',
  5730: 'Unknown bundle id',
  5760: 'Atomicity not supported',
}

/**
 * The error an EIP-1193 provider rejects with.
 *
 * @example
 * throw new ProviderRpcError(4001)
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message?: string, data?: unknown) {
    super(message ?? DEFAULT_MESSAGES[code] ?? `Provider error ${code}`)
    this.code = code
    this.data = data
  }
}
