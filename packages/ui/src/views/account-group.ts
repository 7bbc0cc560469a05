// The account group's chunk (see registry.ts): its views, with the modal shell. The name
// views share the account's core modules.
import '../modal/w3m-modal/register.js'
import './w3m-account-view/w3m-account-view.js'
import './w3m-register-account-name-success-view/w3m-register-account-name-success-view.js'
import './w3m-register-account-name-view/w3m-register-account-name-view.js'
// The Send views ride in this chunk (see send-group.ts for why).
import './send-group.js'
