// The send group's chunk (see registry.ts): the Send views, with the modal shell. Core's send
// action comes with them, so no page loads it before a visitor opens Send.
import '../modal/w3m-modal/register.js'
import './w3m-wallet-send-preview-view/w3m-wallet-send-preview-view.js'
import './w3m-wallet-send-select-token-view/w3m-wallet-send-select-token-view.js'
import './w3m-wallet-send-view/w3m-wallet-send-view.js'
