// The request half of the remote project configuration (spec §5) and the allowed-origin
// alerts of spec §8. createModal loads this module with import(): the HTTP client costs no
// initial JS.

import { DEV } from 'esm-env'
import { ApiRequestError } from '../api/client.js'
import type { ProjectConfigResponse, RemoteFeatures } from '../api/types.js'
import { type AlertCode, showAlert } from '../stores/alerts.js'
import { $api, clientId } from '../stores/api.js'
import type { $chain } from '../stores/chain.js'
import { $options } from '../stores/options.js'
import {
  $remoteConfig,
  REMOTE_FEATURE_KEYS,
  type RemoteConfigState,
  type RemoteFeatureKey,
} from '../stores/project-config.js'
import { featureRestriction, visitorTimeZone } from '../stores/region.js'
import { issueWarning } from '../utils/dev.js'
import { createFetcher } from '../utils/fetcher.js'
import { setRpcProxies } from '../utils/read-urls.js'
import { loadNetworkImages } from './network-images.js'

// Each load supersedes the one before it, and a reset of `$remoteConfig` to idle (a new
// createModal, resetStores) makes an answer still on its way stale. The fetcher lives here, not
// in the store's module, so that it costs no initial JS.
const fetcher = createFetcher<ProjectConfigResponse>()
$remoteConfig.listen((state) => {
  if (state.status === 'idle') fetcher.reset()
})

/**
 * Which spec §8 alert an answer of the config endpoint maps to: 403
 * INVALID_APP_CONFIGURATION → Invalid App Configuration, RATE_LIMITED → Rate Limited,
 * SERVER_ERROR → Server Error (with the server's message), any other answer → Project ID
 * Not Configured. No answer at all (server unreachable, timeout) → none: the modal keeps
 * working on its local options (offline first) and a development warning says why.
 *
 * @example
 * alertForConfigError(new ApiRequestError(429, { apiCode: 'RATE_LIMITED' })) // { code: 'RATE_LIMITED' }
 */
export function alertForConfigError(
  error: unknown,
): { code: AlertCode; description?: string } | undefined {
  if (!(error instanceof ApiRequestError)) return { code: 'PROJECT_ID_NOT_CONFIGURED' }
  if (error.status === 0) return undefined
  if (error.status === 403 && error.apiCode === 'INVALID_APP_CONFIGURATION') {
    return { code: 'INVALID_APP_CONFIGURATION' }
  }
  if (error.apiCode === 'RATE_LIMITED') return { code: 'RATE_LIMITED' }
  if (error.apiCode === 'SERVER_ERROR') {
    return { code: 'SERVER_ERROR', ...(error.details ? { description: error.details } : {}) }
  }
  return { code: 'PROJECT_ID_NOT_CONFIGURED' }
}

/** The keys of REMOTE_FEATURE_KEYS beyond the spec's: they decide only when the project sets them. */
export const REMOTE_FEATURE_EXTENSION_KEYS: readonly RemoteFeatureKey[] = ['send', 'receive']

/**
 * The keys of a project config that decide a feature: every spec key, and the OpenModal
 * extension keys (`send`, `receive`) the project sets.
 *
 * @example remoteFeatureKeys({ ...remote, send: false }) // [...spec keys, 'send']
 */
export function remoteFeatureKeys(remote: RemoteFeatures | undefined): RemoteFeatureKey[] {
  return REMOTE_FEATURE_KEYS.filter(
    (key) => !REMOTE_FEATURE_EXTENSION_KEYS.includes(key) || typeof remote?.[key] === 'boolean',
  )
}

/**
 * Fetches `GET /v1/projects/:projectId/config` for the current options (createModal calls
 * it): merges the remote feature flags over the local ones, warns about each local setting in
 * `localFeatureKeys` (the keys the host set itself) that they override, and maps refusals to
 * the spec §8 alerts. Fetches nothing in basic mode, without an `apiUrl` or without a projectId. Never throws:
 * the outcome is in `$remoteConfig`.
 *
 * @example
 * await loadRemoteConfig(Object.keys(input.features ?? {}), $chain)
 * $features.get().swaps // the project's remote flag
 */
export async function loadRemoteConfig(
  localFeatureKeys: readonly string[] = [],
  chain?: typeof $chain,
): Promise<RemoteConfigState> {
  fetcher.reset()
  const options = $options.get()
  const set = (state: RemoteConfigState) => {
    $remoteConfig.set(state)
    return state
  }
  if (options?.basic) return set({ status: 'disabled', reason: 'basic' })
  if (!options?.apiUrl) return set({ status: 'disabled', reason: 'no-api' })
  if (!options?.projectId) return set({ status: 'disabled', reason: 'no-project' })
  set({ status: 'loading' })
  const api = $api.get()
  const { projectId } = options
  const result = await fetcher.fetch(`${api.baseUrl}|${projectId}`, () =>
    api.get<ProjectConfigResponse>(`/v1/projects/${encodeURIComponent(projectId)}/config`),
  )
  // Superseded: the newer load owns `$remoteConfig`.
  if (result.status === 'stale' || result.status === 'blocked') return $remoteConfig.get()
  if (result.status === 'success') {
    const ignored = remoteFeatureKeys(result.data?.features).filter((key) =>
      localFeatureKeys.includes(key),
    )
    // esm-env's DEV at the call: this module is a lazy chunk, and the bundler drops calls to
    // the empty production issueWarning (texts included) only in the chunk that defines it;
    // DEV itself is inlined as a constant in every chunk.
    if (DEV) {
      for (const key of ignored) {
        issueWarning(
          'remote-config-override',
          `The local setting features.${key} is ignored: project ${projectId} sets it in its remote config`,
        )
      }
    }
    setRpcProxies(
      Object.fromEntries(
        // A server that lists no chains (older ones) proxies none.
        (result.data.chains ?? []).flatMap(({ caipNetworkId, rpcUrl }) => {
          if (!URL.canParse(rpcUrl)) return []
          const url = new URL(rpcUrl)
          url.searchParams.set('clientId', clientId())
          return [[caipNetworkId, url.href]]
        }),
      ),
    )
    // The networks' icons from the project's server, behind the answer: a refused project
    // gets no asset requests.
    if (chain) void loadNetworkImages(api, chain)
    // Spec §6 restricted time zones: decided here, with the answer, so the list and the time
    // zone lookup stay out of a page's initial JS.
    const restriction = featureRestriction(result.data.restrictedTimezones, visitorTimeZone())
    return set({ status: 'loaded', config: result.data, ignored, restriction })
  }
  setRpcProxies({})
  const cause = result.error
  const error =
    cause instanceof ApiRequestError
      ? cause
      : new ApiRequestError(0, { details: 'the project config could not be read', cause })
  const alert = alertForConfigError(error)
  if (alert) {
    showAlert(alert.code, alert.description ? { description: alert.description } : {})
  } else if (DEV) {
    issueWarning(
      'remote-config-unreachable',
      `The project server ${api.baseUrl} did not answer (${error.details ?? error.shortMessage}); using the local options only`,
    )
  }
  return set({ status: 'error', error, alert: alert?.code })
}
