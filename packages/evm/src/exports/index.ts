// @openmodal/evm public API. The exports test snapshots this list.
export { type EvmAdapterOptions, evmAdapter } from '../adapter/evm-adapter.js'
export { addChainParameter } from '../adapter/switch-chain.js'
export {
  type Announcement,
  cleanName,
  isRdns,
  isSafeIcon,
  NAME_MAX_LENGTH,
  parseAnnouncement,
} from '../discovery/announcement.js'
export { INJECTED_CONNECTOR_ID } from '../discovery/discovery.js'
export { parseChainId } from '../provider/chain-id.js'
export { isUnrecognizedChain, isUnsupportedMethod } from '../provider/errors.js'
export { parseAccounts } from '../provider/parse.js'
export type { Eip1193Provider } from '../provider/types.js'
