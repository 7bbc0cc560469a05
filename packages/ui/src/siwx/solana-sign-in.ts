// Sign-In With Solana through a wallet's own `solana:signIn`, from @openmodal/siwx. Its own
// module so the SIWX flow loads it with import() only when it signs in on solana.
export { type SolanaSignInWallet, signInWithSolanaWallet } from '@openmodal/siwx'
