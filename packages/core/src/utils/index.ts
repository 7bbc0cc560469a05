export { isAddressFor, isEip155Address, isSolanaAddress, truncateAddress } from './address.js'
export {
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.js'
export {
  formatBalance,
  formatFiat,
  formatUnits,
  isDecimalString,
  parseUnits,
  truncateDecimals,
} from './format.js'
export {
  AUTH_NAME_MAX_LENGTH,
  type AuthNameParameters,
  displayAuthName,
  isValidRegisteredName,
} from './names.js'
export { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from './origin.js'
