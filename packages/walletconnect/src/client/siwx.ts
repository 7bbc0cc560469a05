// What one-click auth uses of @openmodal/siwx, in a module of its own: the client loads it with
// import() when a sign-in happens, so the chunk the modal's WalletConnect entry loads does not
// carry (or preload) the message grammar.
export { fromSiweConfig, parseSiwxMessage, type SIWEConfig } from '@openmodal/siwx'
