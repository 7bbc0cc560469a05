// The connect group's chunk (features/groups.ts): its views, with the modal shell.
import '../../modal/w3m-modal/register.js'
import './w3m-all-wallets-view/w3m-all-wallets-view.js'
import './w3m-connect-view/w3m-connect-view.js'
import './w3m-connecting-external-view/w3m-connecting-external-view.js'
// The sign view follows a connect: it loads with the connect views, and so does core's SIWX
// flow, which createModal starts from here for hosts that set `siwx` or `siweConfig` (a group
// of its own split the page's entry into more initial files).
import '../siwx/views.js'
// So does ConnectingSocial: a social button's click goes straight to it.
import '../social/views.js'

export { startSiwx } from '../../siwx/start-siwx.js'
