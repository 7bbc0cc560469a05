// The client for our server (apps/server), from the options. Its own module so that only code
// that calls the server (loaded on demand: remote config, registry, analytics) carries the
// HTTP client, not the initial JS.
import { computed } from 'nanostores'
import { createApiClient } from '../api/client.js'
import { $options } from './options.js'

/** The client for our server: the host's `apiUrl` (default a local server) and projectId. */
export const $api = computed($options, (o) =>
  createApiClient({
    ...(o?.apiUrl ? { baseUrl: o.apiUrl } : {}),
    ...(o?.projectId ? { projectId: o.projectId } : {}),
  }),
)
