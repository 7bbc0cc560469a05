// The e-mail group's chunk (features/groups.ts): the embedded wallet's views, with the modal shell.
// The secure frame itself loads later still, with `embeddedWallet().load()`.
import '../../modal/w3m-modal/register.js'
import './w3m-approve-transaction-view/w3m-approve-transaction-view.js'
import './w3m-change-recovery-view/w3m-change-recovery-view.js'
import './w3m-email-login-view/w3m-email-login-view.js'
import './w3m-update-email-wallet-view/w3m-update-email-wallet-view.js'
