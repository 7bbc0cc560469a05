// OptionsController of the spec: the host's validated options.
import { atom, computed } from 'nanostores'
import { createApiClient } from '../api/client.js'
import type { ResolvedOptions } from '../options/schema.js'

export const $options = atom<ResolvedOptions | null>(null)

/** The client for our server: the host's `apiUrl` (default a local server) and projectId. */
export const $api = computed($options, (o) =>
  createApiClient({
    ...(o?.apiUrl ? { baseUrl: o.apiUrl } : {}),
    ...(o?.projectId ? { projectId: o.projectId } : {}),
  }),
)

export function setOptions(options: ResolvedOptions | null): void {
  $options.set(options)
}
