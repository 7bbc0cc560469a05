// The older `siweConfig` option as a SIWXConfig, through @openmodal/siwx's adapter. Its own
// module so createModal loads it with import() only for a host that sets `siweConfig`; the
// package has no side effects, so this chunk carries the adapter alone, not the whole package.
export { fromSiweConfig, type SIWEConfig } from '@openmodal/siwx'
