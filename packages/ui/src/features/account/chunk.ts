// The account group's chunk (features/groups.ts): its views, with the modal shell. The name
// views share the account's core modules; Transactions is the Activity tab's element, and
// Receive shares the QR element with the WalletConnect group (the encoder loads on first draw).
// A group of their own would put the modules they share with this group (activity, QR) in
// chunks of their own that import initial modules, and the bundler then splits the page's
// entry: +0.2 kB initial gzip on (a) and a sixth initial file, measured with apps/size.
import '../../modal/w3m-modal/register.js'
import './w3m-account-view/w3m-account-view.js'
import './w3m-register-account-name-success-view/w3m-register-account-name-success-view.js'
import './w3m-register-account-name-view/w3m-register-account-name-view.js'
import './w3m-transactions-view/w3m-transactions-view.js'
import './w3m-wallet-receive-view/w3m-wallet-receive-view.js'
// The Send and Swap views ride in this chunk (see send/views.ts for why).
import '../send/views.js'
import '../swap/views.js'
// So do the OnRamp views (onramp/views.ts).
import '../onramp/views.js'
// So does ProfileWallets (profile/views.ts), reached from Account.
import '../profile/views.js'
