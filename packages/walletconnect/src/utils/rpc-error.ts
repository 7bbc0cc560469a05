// Wallet answers as EIP-1193 errors: the kit's one ProviderRpcError (sign-client rejects with a
// plain `{ code, message }`, which `toRpcError` turns into one).
export { ProviderRpcError, toRpcError } from '@openmodal/core/internal'
