// Multicall3 settings shared by the server's batched contract reads (balances, token metadata).

/** Where Multicall3 lives on every chain it was deployed to (mds1/multicall). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11'
/** Spec §9 "Multicall batch 1024": bytes of calldata per Multicall3 call (viem's unit). */
export const MULTICALL_BATCH_SIZE = 1024
