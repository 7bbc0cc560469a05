// Everything the EVM adapter needs once a wallet is used: account parsing with EIP-55
// checksums (keccak-256), balances over HTTP, transfers, chain switching and signing. The
// adapter loads this module with `import()` on first use (`loadWalletActions`), so listing
// wallets (EIP-6963 discovery) ships no viem code.

export { stringToHex } from 'viem/utils'
export { parseAccounts, toAddress } from '../provider/parse.js'
export { readNativeBalance } from './balance.js'
export { transactionStatus, transferFee } from './fee.js'
export { revertReason } from './revert-reason.js'
export { callsStatus, sendCalls } from './send-calls.js'
export { switchChain } from './switch-chain.js'
export { pricedTransferRequest, transactionRequest, transferRequest } from './transfer.js'
