// Fixed ed25519 seeds for the Solana dev wallet, like anvil's well-known keys: public test
// keys, never for real funds. Seed i is sha256(`openmodal solana dev wallet ${i}`).

/** 32-byte ed25519 seeds (hex) of the dev accounts 0-3. */
export const SOLANA_DEV_SEEDS = [
  'ff061986771092f070bae352a404c1de9b3ef2d2677c5035e6894cc1e3a7a9e9',
  'b036887965d32fb1d70170b8bdbe60101190f690f0b3b01e60a21bb8adb4ceb5',
  '438057db68029858fd478c803f04bee73062e4dc4a664ea6b6e3ebf8016ac3f7',
  'c1a72b4e2238614c07a5b0f1720179b33fd4c56b1827349f3c152e533c4b5043',
] as const

/** The base58 addresses (public keys) of `SOLANA_DEV_SEEDS`, in the same order. */
export const SOLANA_DEV_ADDRESSES = [
  'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1',
  'vNhvoaqNiGb8vALZB7VXxkD2UjJbGTHRfvrNC7Cku4p',
  'HVJJg1a8LuDXASnvvp9xzijyrXbGvzPC7Ta8tkXa6ueP',
  '6AWbkyqn6s4ZARDPeZgGWXAKTbwTVVoeo1Z7mtR5yigr',
] as const
