// ApiController (project half) of the spec: the remote project configuration of spec §1 and
// §5 (feature flags the project owner sets on the server). Local options are the fallback:
// remote flags win. The request itself (and the spec §8 alerts) is in
// actions/load-remote-config.ts, loaded with import() so it costs no initial JS.
import { atom, computed } from 'nanostores'
import type { ApiRequestError } from '../api/client.js'
import type { ProjectConfigResponse, RemoteFeatures } from '../api/types.js'
import type { Features } from '../options/schema.js'
import type { AlertCode } from './alerts.js'
import { $options, isLocalMode } from './options.js'
import type { FeatureRestriction } from './region.js'
import { onReset } from './reset.js'

/**
 * The feature keys the project's remote config controls: the spec's six (§9 "Remote feature
 * keys"), then `send` and `receive`, keys an OpenModal server may add beyond the spec's
 * (REMOTE_FEATURE_EXTENSION_KEYS). A project that sets an extension key decides it (the
 * host's setting is ignored with a warning, as for the spec's keys); one that leaves it out
 * leaves it to the host. They are no remote features in the spec's sense: basic mode does not
 * turn them off. One list, so the merge in every page's initial JS stays one loop.
 */
export const REMOTE_FEATURE_KEYS = [
  'email',
  'socials',
  'swaps',
  'onramp',
  'activity',
  'reownBranding',
  'send',
  'receive',
] as const satisfies readonly (keyof Features & keyof RemoteFeatures)[]
export type RemoteFeatureKey = (typeof REMOTE_FEATURE_KEYS)[number]

export type RemoteConfigState =
  /** Nothing asked yet. */
  | { status: 'idle' }
  /** Nothing is fetched: basic mode, no `apiUrl`, or no projectId. */
  | { status: 'disabled'; reason: 'basic' | 'no-api' | 'no-project' }
  | { status: 'loading' }
  | {
      status: 'loaded'
      config: ProjectConfigResponse
      /** Local feature settings the remote config overrode (each warned about once). */
      ignored: readonly RemoteFeatureKey[]
      /**
       * Why swap and on-ramp are hidden for this visitor (the project's restricted time-zone
       * rule and the browser's zone, read when the answer arrived); undefined when they are not.
       */
      restriction?: FeatureRestriction | undefined
    }
  /** `alert` is the spec §8 alert shown for it; none when the server could not be reached. */
  | { status: 'error'; error: ApiRequestError; alert: AlertCode | undefined }

export const $remoteConfig = atom<RemoteConfigState>({ status: 'idle' })

/**
 * The features in effect: the host's options, with the remote flags over them once the
 * project config loaded, and every remote feature off in local mode (basic, or no `apiUrl`).
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
  // A key the project leaves out (an extension key) is no boolean: the local setting stays.
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
 * Forgets the remote config (a new createModal, or tests): back to idle, and an answer still on
 * its way is stale (actions/load-remote-config.ts drops it).
 */
export function resetRemoteConfig(): void {
  $remoteConfig.set({ status: 'idle' })
}
onReset(resetRemoteConfig)

/**
 * Why swap and on-ramp are hidden for this visitor (spec §6 restricted time zones, when the
 * loaded project config turns the rule on); undefined when they are not. Hosts read it to show
 * the reason (region.ts).
 *
 * @example
 * $featureRestriction.get()?.reason // 'restricted-timezone' | undefined
 */
export const $featureRestriction = computed($remoteConfig, (remote) =>
  remote.status === 'loaded' ? remote.restriction : undefined,
)

/**
 * The features in effect (what the UI reads): the host's options with the remote flags over
 * them, or with every remote feature off in local mode (basic, or no `apiUrl`), and swap and
 * on-ramp off under `$featureRestriction`. Undefined before createModal.
 */
export const $features = computed(
  [$options, $remoteConfig, $featureRestriction],
  (options, remote, restriction) => {
    if (!options) return undefined
    const merged = mergeFeatures(
      options.features,
      remote.status === 'loaded' ? remote.config.features : undefined,
      isLocalMode(options),
    )
    return restriction ? { ...merged, swaps: false, onramp: false } : merged
  },
)

/** The project's remote config once loaded, else undefined. */
export const $projectConfig = computed($remoteConfig, (state) =>
  state.status === 'loaded' ? state.config : undefined,
)
