// The heavy halves of the ready configs, loaded with import() on their first call, so a host
// that imports localSiwx / serverSiwx / fromSiweConfig pays ~1.5 kB gzip before a wallet
// connects: the message grammar (shared), and the verifiers (viem, ed25519), which only
// localSiwx needs (serverSiwx leaves verification to the server).
export const loadMessages = () => import('../message/siwx.js')
export const loadVerifier = () => import('../verify/verify.js')
