// The per-browser id of spec §7's HTTP client (`clientId` appended as a query parameter).
import { storage } from '../storage/storage.js'

/**
 * A random id of this browser (kept in local storage), appended as `clientId` to every call to
 * the host's own server (spec §7) so its rate limits and analytics need not key on the IP alone.
 * It goes to no other server, and it says nothing about the visitor beyond "the same browser".
 *
 * @example clientId() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function clientId(): string {
  const stored = storage.get('clientId')
  if (stored) return stored
  const created = crypto.randomUUID()
  storage.set('clientId', created)
  return created
}
