// @openmodal/evm public API. The exports test snapshots this list.

export { cleanName, isSafeIcon, NAME_MAX_LENGTH, parseChainId } from '@openmodal/core/internal'
export { type EvmAdapterOptions, evmAdapter } from '../adapter/evm-adapter.js'
export { addChainParameter } from '../adapter/switch-chain.js'
export { type Announcement, isRdns, parseAnnouncement } from '../discovery/announcement.js'
export { INJECTED_CONNECTOR_ID } from '../discovery/discovery.js'
export { isUnrecognizedChain, isUnsupportedMethod } from '../provider/errors.js'
export { parseAccounts } from '../provider/parse.js'
export type { Eip1193Provider } from '../provider/types.js'
