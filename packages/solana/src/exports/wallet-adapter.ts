// @openmodal/solana/wallet-adapter: the modal as a `@solana/wallet-adapter-base` wallet, for
// dapps on `@solana/wallet-adapter-react`. A separate entry: hosts that do not import it load
// neither wallet-adapter nor web3.js from here.
export {
  OpenModalWalletAdapter,
  type OpenModalWalletAdapterConfig,
  OpenModalWalletName,
} from '../wallet-adapter/wallet-adapter.js'
