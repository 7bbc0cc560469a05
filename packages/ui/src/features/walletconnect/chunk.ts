// The WalletConnect group's chunk (features/groups.ts): its views, with the modal shell. The QR
// encoder loads later still, with the first URI.
import '../../modal/w3m-modal/register.js'
import './w3m-connecting-walletconnect-view/w3m-connecting-walletconnect-view.js'
