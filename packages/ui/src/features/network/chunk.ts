// The network group's chunk (features/groups.ts): its views, with the modal shell.
import '../../modal/w3m-modal/register.js'
import './w3m-networks-view/w3m-networks-view.js'
import './w3m-switch-active-chain-view/w3m-switch-active-chain-view.js'
import './w3m-switch-network-view/w3m-switch-network-view.js'
import './w3m-unsupported-chain-view/w3m-unsupported-chain-view.js'
