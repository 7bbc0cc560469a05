// The connect group's chunk (see registry.ts): its views, with the modal shell.
import '../modal/w3m-modal/register.js'
import './w3m-all-wallets-view/w3m-all-wallets-view.js'
import './w3m-connect-view/w3m-connect-view.js'
import './w3m-connecting-external-view/w3m-connecting-external-view.js'
