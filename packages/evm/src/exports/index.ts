// @openmodal/evm public API: what a host passes to createModal. The exports test snapshots
// this list; the adapter's parsing and discovery helpers stay inside the package.

export { type EvmAdapterOptions, evmAdapter } from '../adapter/evm-adapter.js'
export { INJECTED_CONNECTOR_ID } from '../discovery/discovery.js'
export type { Eip1193Provider } from '../provider/types.js'
