// One indexing instance at a time on a shared PostgreSQL: the instance holding a session-level
// advisory lock indexes; the others retry now and then. PostgreSQL drops the lock with the
// connection, so when the indexing instance dies another one takes over by itself.
// PGlite is one process by nature: there the indexers simply start.
import pg from 'pg'
import type { Db } from '../db/db.js'
import type { Logger } from '../http/logger.js'
import type { IndexerManager } from './manager.js'

/** Any constant shared by every instance (distinct from the migrations' lock). */
export const INDEXER_LOCK = 4_270_115_017

export interface IndexerLeadershipOptions {
  db: Db
  /** The PostgreSQL the instances share; the lock needs its own connection. */
  databaseUrl?: string | undefined
  /** Starts the indexers once this instance holds the lock. */
  start: () => Promise<IndexerManager>
  /** How often a waiting instance tries the lock; default 5 s. */
  retryMs?: number
  logger?: Logger
}

export interface IndexerLeadership {
  /** Whether this instance runs the indexers now. */
  readonly leading: boolean
  readonly manager: IndexerManager | undefined
  stop(): Promise<void>
}

/**
 * Runs the indexers on whichever instance holds {@link INDEXER_LOCK}.
 *
 * @example
 * const leadership = await leadIndexers({ db, databaseUrl, start: () => startIndexers({ db }) })
 * await leadership.stop()
 */
export async function leadIndexers(options: IndexerLeadershipOptions): Promise<IndexerLeadership> {
  if (options.db.kind === 'pglite' || !options.databaseUrl) {
    const manager = await options.start()
    return { leading: true, manager, stop: () => manager.stop() }
  }
  const { databaseUrl, logger } = options
  const retryMs = options.retryMs ?? 5_000
  let client: pg.Client | undefined
  let manager: IndexerManager | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let busy: Promise<void> = Promise.resolve()

  const lose = async (reason: string) => {
    client = undefined
    if (!manager) return
    // Without the connection the lock is gone: another instance may index already.
    logger?.warn('indexer lock lost', { reason })
    const running = manager
    manager = undefined
    await running.stop().catch(() => {})
  }

  const attempt = async () => {
    if (stopped || manager) return
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: databaseUrl })
        next.on('error', (error) => void lose(String(error)))
        next.on('end', () => {
          if (client === next) void lose('connection closed')
        })
        await next.connect()
        client = next
      }
      const [row] = (
        await client.query('select pg_try_advisory_lock($1::bigint) as ok', [INDEXER_LOCK])
      ).rows as { ok: boolean }[]
      if (row?.ok && !stopped) {
        manager = await options.start()
        logger?.info('indexer lock taken', { pid: process.pid })
      }
    } catch (error) {
      logger?.warn('indexer lock attempt failed', { error: String(error) })
      await client?.end().catch(() => {})
      client = undefined
    }
  }

  const loop = () => {
    busy = busy.then(attempt)
    timer = setTimeout(loop, retryMs)
    timer.unref()
  }
  loop()
  await busy

  return {
    get leading() {
      return manager !== undefined
    },
    get manager() {
      return manager
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await busy
      await manager?.stop()
      manager = undefined
      const last = client
      client = undefined
      if (last) {
        await last.query('select pg_advisory_unlock_all()').catch(() => {})
        await last.end().catch(() => {})
      }
    },
  }
}
