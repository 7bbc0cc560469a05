// The session an earlier login left in this origin's store, checked with the server. Kept apart
// from wallet-session.ts (keys, splitting, signing: a lazy chunk) so that the frame's entry can
// check it while that chunk loads: a reload then waits for one of them, not for both in a row.
import { deleteValue, readValue } from '../keys/device-store.js'
import type { ApiClient, Me } from './api.js'

/** A session belongs to one project: each project's frame keeps its own. */
export const sessionKey = (projectId: string) => `session:${projectId}`

export interface StoredSession {
  token: string
  userId: string
  email: string | null
}

/**
 * The stored session of `projectId` as the server sees it now (`/v1/me` with its token, which
 * stays on `api`): undefined when there is none or its user has no wallet. A session the
 * server refuses (expired, signed out elsewhere) is deleted and its token dropped.
 *
 * @example
 * const me = await checkStoredSession(createApi(apiUrl, projectId), projectId)
 */
export async function checkStoredSession(
  api: ApiClient,
  projectId: string,
): Promise<Me | undefined> {
  const key = sessionKey(projectId)
  const stored = await readValue<StoredSession>(key)
  if (!stored) return undefined
  api.token = stored.token
  try {
    const me = await api.me()
    return me.wallet ? me : undefined
  } catch {
    api.token = undefined
    await deleteValue(key)
    return undefined
  }
}
