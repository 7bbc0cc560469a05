// @openmodal/core/registry: the wallet registry of the project's server (WalletsController).
// Its own entry so that only the views that list registry wallets (loaded on demand) carry it.
// The exports test snapshots this list.

export {
  $connectList,
  $featuredWallets,
  $recommendedRegistryWallets,
  $recommendedWallets,
  $registryWallets,
  $searchedWallets,
  $walletList,
  $walletSearch,
  type ConnectListEntry,
  fetchRecommendedWallets,
  fetchSearchPage,
  fetchWalletPage,
  getRemoteWalletHandler,
  installedConnector,
  isWalletExcluded,
  RECOMMENDED_WALLETS,
  type RecommendedState,
  type RegistryStatus,
  type RegistryWallet,
  type RemoteWalletHandler,
  registryQuery,
  resetWalletRegistry,
  searchWallets,
  setRemoteWalletHandler,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_PAGE_SIZE,
  type WalletListState,
  type WalletSearchState,
} from '../stores/wallets.js'
