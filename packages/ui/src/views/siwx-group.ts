// The sign-in group's chunk (see registry.ts): the SIWXSignMessage view, with the modal shell.
import '../modal/w3m-modal/register.js'
import './w3m-siwx-sign-message-view/w3m-siwx-sign-message-view.js'
