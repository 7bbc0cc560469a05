// Spec §5/§6/§7: the RPC methods the embedded wallet knows. Safe ones run without approval;
// unsafe ones need the user's approval inside the frame; unsupported ones are refused with a
// clear 4200; any other is refused.

/**
 * Node reads: the frame forwards these to the chain's RPC URL as they are. Never a `wallet_*`
 * method: a chain node cannot answer for the wallet (EIP-5792, EIP-3085, ERC-7811).
 */
export const NODE_METHODS = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_blockNumber',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getCode',
  'eth_getLogs',
  'eth_sendRawTransaction',
])

/** Answered without approval: the node reads, and what the frame knows of the account. */
export const SAFE_METHODS = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  ...NODE_METHODS,
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'solana_requestAccounts',
  'solana_getAccounts',
])

/** Need the user's approval in the frame's own UI. */
export const UNSAFE_METHODS = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData_v3',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

/**
 * Known and refused with 4200 until a standard settles: ERC-7715 permissions ship in one
 * wallet's development build only. (The host still takes EIP-2255's
 * `wallet_revokePermissions` of `eth_accounts` as the sign-out.)
 */
export const UNSUPPORTED_METHODS = new Set(['wallet_grantPermissions', 'wallet_revokePermissions'])

/** The message of the 4200 error for an unsupported method. */
export function unsupportedMessage(method: string): string {
  return `${method} is not supported by the embedded wallet: ERC-7715 permissions are not a settled standard yet`
}

export type MethodKind = 'safe' | 'unsafe' | 'unsupported' | 'unknown'

/** Which list `method` is on. */
export function methodKind(method: string): MethodKind {
  if (SAFE_METHODS.has(method)) return 'safe'
  if (UNSAFE_METHODS.has(method)) return 'unsafe'
  if (UNSUPPORTED_METHODS.has(method)) return 'unsupported'
  return 'unknown'
}

/** Whether the frame sends `method` to the chain node as it is (never a `wallet_*` method). */
export function forwardsToNode(method: string): boolean {
  return NODE_METHODS.has(method) && !method.startsWith('wallet_')
}
