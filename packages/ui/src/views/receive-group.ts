// The receive group's chunk (see registry.ts): Receive and Transactions, with the modal shell.
// The QR encoder loads later still, when the Receive view first draws its code.
import '../modal/w3m-modal/register.js'
import './w3m-transactions-view/w3m-transactions-view.js'
import './w3m-wallet-receive-view/w3m-wallet-receive-view.js'
