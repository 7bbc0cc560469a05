// @openmodal/core/api: the HTTP shapes of our server and the client that speaks them.
// The exports test snapshots this list.

export {
  API_TIMEOUT_MS,
  type ApiClient,
  type ApiClientOptions,
  ApiRequestError,
  createApiClient,
  DEFAULT_API_URL,
  type Query,
  type QueryValue,
  type RequestOptions,
} from '../api/client.js'
export * from '../api/onramp-types.js'
export * from '../api/swap.js'
export * from '../api/types.js'
