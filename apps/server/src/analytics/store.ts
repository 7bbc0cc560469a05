// Analytics events in the database (spec §7): one row per project and event id.
import type { Queryable } from '../db/db.js'
import type { AnalyticsEvent, AnalyticsSdk } from './schema.js'

/**
 * Stores one event of a project; an event id already stored for the project is ignored (the
 * SDK may send an event twice).
 *
 * @example
 * await insertAnalyticsEvent(db, 'demo', { st: 'html', sv: '0.1.0' }, event)
 */
export async function insertAnalyticsEvent(
  db: Queryable,
  projectId: string,
  sdk: AnalyticsSdk,
  event: AnalyticsEvent,
): Promise<void> {
  await db.query(
    `insert into analytics_events (project_id, event_id, sdk_type, sdk_version, url, domain,
       occurred_at, type, event, error_type, error_message, stack_trace)
     values ($1, $2, $3, $4, $5, $6, to_timestamp($7::double precision / 1000), $8, $9, $10, $11, $12)
     on conflict (project_id, event_id) do nothing`,
    [
      projectId,
      event.eventId,
      sdk.st,
      sdk.sv,
      event.url,
      event.domain,
      event.timestamp,
      event.props.type,
      event.props.event,
      event.props.errorType ?? null,
      event.props.errorMessage ?? null,
      event.props.stackTrace ?? null,
    ],
  )
}

/**
 * Deletes the events received before `before` (the retention period); answers how many.
 *
 * @example
 * await pruneAnalyticsEvents(db, new Date(Date.now() - 30 * 86_400_000))
 */
export async function pruneAnalyticsEvents(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('delete from analytics_events where received_at < $1 returning 1', [
    before,
  ])
  return rows.length
}
