// @openmodal/embedded: the host side of the embedded wallet. Import it only with import()
// when the visitor picks e-mail or social login: nothing of the initial page needs it.
export { FrameError, type FrameFailure, ProviderRpcError } from '../host/errors.js'
export {
  createSecureFrame,
  FRAME_Z_INDEX,
  type SecureFrame,
  type SecureFrameOptions,
} from '../host/frame.js'
export {
  type SwitchEmbeddedNetworkParameters,
  type SwitchEmbeddedNetworkReturnType,
  switchEmbeddedNetwork,
} from '../host/network.js'
export {
  createEmbeddedProvider,
  type EmbeddedEip1193Provider,
  type EmbeddedProviderEvents,
} from '../host/provider.js'
export {
  createEmbeddedSolanaWallet,
  type EmbeddedSolanaWalletOptions,
  SOLANA_WALLET_FEATURES,
} from '../host/solana-wallet.js'
export { DEFAULT_TIMEOUTS, type FrameTimeouts, timeoutOf } from '../host/timeouts.js'
