// Spec §5/§6/§7: the RPC methods the embedded wallet knows. Safe ones run without approval;
// unsafe ones need the user's approval inside the frame; any other is refused.

/** Answered without approval (reads, and what the frame knows of the account). */
export const SAFE_METHODS = new Set([
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
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
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

export type MethodKind = 'safe' | 'unsafe' | 'unknown'

/** Which list `method` is on. */
export function methodKind(method: string): MethodKind {
  if (SAFE_METHODS.has(method)) return 'safe'
  if (UNSAFE_METHODS.has(method)) return 'unsafe'
  return 'unknown'
}
