// The client for our server (apps/server), from the options. Its own module so that only code
// that calls the server (loaded on demand: remote config, registry, analytics) carries the
// HTTP client, not the initial JS.
import { computed } from 'nanostores'
import { createApiClient } from '../api/client.js'
import { clientId } from '../utils/client-id.js'
import { $options } from './options.js'

/** Whether the host set an `apiUrl`: without one (local mode) the kit calls no server at all. */
export const hasApi = (): boolean => Boolean($options.get()?.apiUrl)

/**
 * The client for our server: the host's `apiUrl` and projectId. Without an `apiUrl` every call
 * fails at once (`API_UNREACHABLE`) and nothing leaves the page: the kit never calls the
 * visitor's loopback or any other server unless the host asked for it.
 */
export const $api = computed($options, (o) =>
  createApiClient({
    ...(o?.apiUrl
      ? { baseUrl: o.apiUrl }
      : // The client turns this into its coded API_UNREACHABLE (the cause keeps these words).
        { fetch: () => Promise.reject(new Error('No apiUrl set (local mode)')) }),
    ...(o?.projectId ? { projectId: o.projectId } : {}),
    ...(o?.apiUrl ? { clientId: clientId() } : {}),
  }),
)
