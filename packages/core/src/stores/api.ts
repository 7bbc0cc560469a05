// The client for our server (apps/server), from the options. Its own module so that only code
// that calls the server (loaded on demand: remote config, registry, analytics) carries the
// HTTP client, not the initial JS.
import { computed } from 'nanostores'
import { createApiClient } from '../api/client.js'
import { $options } from './options.js'

// The per-browser id of spec §7's HTTP client. Local storage is read here directly, not
// through storage/storage.ts: this module loads with the first call to the server, and sharing
// the storage module (and valibot) with the page's entry made the bundler split core into one
// more initial file (+1 kB gzip on app (a)).
/** Where the id is kept (the kit's prefix, as every key of storage/storage.ts). */
export const CLIENT_ID_KEY = '@openmodal/clientId'

let memory: string | undefined

/**
 * A random id of this browser (kept in local storage), appended as `clientId` to every call to
 * the host's own server (spec §7) so its rate limits and analytics need not key on the IP alone.
 * It goes to no other server, and it says nothing about the visitor beyond "the same browser".
 * Where storage is unavailable (sandboxed frames) it lasts as long as the page.
 *
 * @example clientId() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function clientId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(CLIENT_ID_KEY)
    if (stored && /^[0-9a-f-]{36}$/.test(stored)) return stored
    const created = crypto.randomUUID()
    globalThis.localStorage?.setItem(CLIENT_ID_KEY, created)
    if (globalThis.localStorage) return created
    memory ??= created
  } catch {
    memory ??= crypto.randomUUID()
  }
  return memory as string
}

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
