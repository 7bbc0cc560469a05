// ApiController (project half) of the spec: the remote project configuration of spec §1 and
// §5 (feature flags the project owner sets on the server) and the allowed-origin alerts of
// spec §8. Local options are the fallback: remote flags win, and a local setting they
// override is ignored with a development warning naming it.
import { atom, computed } from 'nanostores'
import { ApiRequestError } from '../api/client.js'
import type { ProjectConfigResponse, RemoteFeatures } from '../api/types.js'
import type { Features } from '../options/schema.js'
import { issueWarning } from '../utils/dev.js'
import { type AlertCode, showAlert } from './alerts.js'
import { $api, $options } from './options.js'

/** The feature keys the project's remote config controls (spec §9 "Remote feature keys"). */
export const REMOTE_FEATURE_KEYS = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'reownBranding',
] as const satisfies readonly (keyof Features & keyof RemoteFeatures)[]
export type RemoteFeatureKey = (typeof REMOTE_FEATURE_KEYS)[number]

export type RemoteConfigState =
  /** Nothing asked yet. */
  | { status: 'idle' }
  /** Nothing is fetched: basic mode, or no projectId. */
  | { status: 'disabled'; reason: 'basic' | 'no-project' }
  | { status: 'loading' }
  | {
      status: 'loaded'
      config: ProjectConfigResponse
      /** Local feature settings the remote config overrode (each warned about once). */
      ignored: readonly RemoteFeatureKey[]
    }
  /** `alert` is the spec §8 alert shown for it; none when the server could not be reached. */
  | { status: 'error'; error: ApiRequestError; alert: AlertCode | undefined }

export const $remoteConfig = atom<RemoteConfigState>({ status: 'idle' })

/**
 * The features in effect: the host's options, with the remote flags over them once the
 * project config loaded, and every remote feature off in basic mode.
 *
 * @example
 * mergeFeatures(local, { ...remote, swaps: false }, false).swaps // false
 * mergeFeatures(local, undefined, true).email // false
 */
export function mergeFeatures(
  local: Features,
  remote: RemoteFeatures | undefined,
  basic: boolean,
): Features {
  if (basic) {
    return {
      ...local,
      email: false,
      socials: false,
      swaps: false,
      onramp: false,
      activity: false,
      reownBranding: false,
    }
  }
  if (!remote) return local
  const merged: Features = { ...local }
  for (const key of REMOTE_FEATURE_KEYS) {
    const value = remote[key]
    if (key === 'socials') {
      merged.socials = Array.isArray(value) ? (value as Features['socials']) : false
    } else if (typeof value === 'boolean') {
      merged[key] = value
    }
  }
  return merged
}

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

let generation = 0

/**
 * Fetches `GET /v1/projects/:projectId/config` for the current options (createModal calls
 * it): merges the remote feature flags over the local ones, warns about each local setting in
 * `localFeatureKeys` (the keys the host set itself) that they override, and maps refusals to
 * the spec §8 alerts. Fetches nothing in basic mode or without a projectId. Never throws:
 * the outcome is in `$remoteConfig`.
 *
 * @example
 * await loadRemoteConfig(Object.keys(input.features ?? {}))
 * $features.get().swaps // the project's remote flag
 */
export async function loadRemoteConfig(
  localFeatureKeys: readonly string[] = [],
): Promise<RemoteConfigState> {
  const mine = ++generation
  const options = $options.get()
  const set = (state: RemoteConfigState) => {
    if (mine === generation) $remoteConfig.set(state)
    return state
  }
  if (options?.basic) return set({ status: 'disabled', reason: 'basic' })
  if (!options?.projectId) return set({ status: 'disabled', reason: 'no-project' })
  set({ status: 'loading' })
  const api = $api.get()
  try {
    const config = await api.get<ProjectConfigResponse>(
      `/v1/projects/${encodeURIComponent(options.projectId)}/config`,
    )
    if (mine !== generation) return { status: 'loaded', config, ignored: [] }
    const ignored = REMOTE_FEATURE_KEYS.filter((key) => localFeatureKeys.includes(key))
    for (const key of ignored) {
      issueWarning(
        'remote-config-override',
        `The local setting features.${key} is ignored: project ${options.projectId} sets it in its remote config`,
      )
    }
    return set({ status: 'loaded', config, ignored })
  } catch (cause) {
    const error =
      cause instanceof ApiRequestError
        ? cause
        : new ApiRequestError(0, { details: 'the project config could not be read', cause })
    if (mine !== generation) return { status: 'error', error, alert: undefined }
    const alert = alertForConfigError(error)
    if (alert) {
      showAlert(alert.code, alert.description ? { description: alert.description } : {})
    } else {
      issueWarning(
        'remote-config-unreachable',
        `The project server ${api.baseUrl} did not answer (${error.details ?? error.shortMessage}); using the local options only`,
      )
    }
    return set({ status: 'error', error, alert: alert?.code })
  }
}

/** Forgets the remote config (a new createModal, or tests). */
export function resetRemoteConfig(): void {
  generation++
  $remoteConfig.set({ status: 'idle' })
}

/**
 * The features in effect (what the UI reads): the host's options with the remote flags over
 * them, or with every remote feature off in basic mode. Undefined before createModal.
 */
export const $features = computed([$options, $remoteConfig], (options, remote) =>
  options
    ? mergeFeatures(
        options.features,
        remote.status === 'loaded' ? remote.config.features : undefined,
        options.basic,
      )
    : undefined,
)

/** The project's remote config once loaded, else undefined. */
export const $projectConfig = computed($remoteConfig, (state) =>
  state.status === 'loaded' ? state.config : undefined,
)
