// Entry point: `node --conditions=@openmodal/source --import tsx src/main.ts` (settings in env.ts).
import { priceSourceFromFile } from './blockchain/prices.js'
import { prepareDatabase } from './bootstrap.js'
import { openDb } from './db/db.js'
import { createSmtpMailer } from './embedded/mailer.js'
import { readSettings } from './env.js'
import { createLogger } from './http/logger.js'
import { createMetrics } from './http/metrics.js'
import { type IndexerLeadership, leadIndexers } from './indexer/leader.js'
import { startIndexers } from './indexer/manager.js'
import { startServer } from './server.js'

let settings: ReturnType<typeof readSettings>
try {
  settings = readSettings()
} catch (error) {
  // One line naming the variable, not a stack trace.
  console.error(`openmodal server: ${(error as Error).message}`)
  process.exit(1)
}
const logger = createLogger(settings.logLevel)
const metrics = createMetrics({ processMetrics: true })
const db = await openDb({
  databaseUrl: settings.databaseUrl,
  dataDir: settings.dataDir,
  ...settings.pool,
})
try {
  const prepared = await prepareDatabase(db, {
    configPath: settings.configPath,
    configOptional: !settings.configExplicit,
  })
  logger.info('database ready', {
    database: db.kind,
    ...(db.kind === 'pglite' ? { dataDir: settings.dataDir } : {}),
    migrationsApplied: prepared.migrationsApplied,
    projectsSynced: prepared.projectsSynced,
    config: prepared.configPath ?? null,
  })
} catch (error) {
  logger.error('start failed', { error: (error as Error).message })
  await db.close()
  process.exit(1)
}

const mailer = settings.embedded
  ? createSmtpMailer({ url: settings.embedded.smtpUrl, from: settings.embedded.mailFrom })
  : undefined
const server = await startServer({
  db,
  metrics,
  metricsToken: settings.metricsToken,
  ...(settings.pricesFile ? { prices: priceSourceFromFile(settings.pricesFile) } : {}),
  swap: { oneInch: settings.oneInch, zeroEx: settings.zeroEx },
  logger,
  host: settings.host,
  port: settings.port,
  rateLimit: settings.rateLimit,
  ...(settings.embeddedRateLimit ? { embeddedRateLimit: settings.embeddedRateLimit } : {}),
  trustProxy: settings.trustProxy,
  analytics: { retentionDays: settings.analyticsRetentionDays },
  ...(settings.publicUrl ? { publicUrl: settings.publicUrl } : {}),
  ...(settings.secureSite ? { secureSite: settings.secureSite } : {}),
  ...(settings.embedded && mailer
    ? {
        embedded: {
          secureOrigin: settings.embedded.secureOrigin,
          authSecret: settings.embedded.authSecret,
          vaultKey: {
            current: settings.embedded.vaultKey,
            others: settings.embedded.vaultReadKeys,
          },
          sharedWallets: settings.embedded.sharedWallets,
          ...(settings.embedded.sendGapMs !== undefined
            ? { limits: { sendGapMs: settings.embedded.sendGapMs } }
            : {}),
          farcaster: settings.embedded.farcaster,
          mailer,
        },
      }
    : {}),
})
logger.info('listening', {
  url: server.url,
  ...(server.secureSite ? { secureSite: server.secureSite.origin } : {}),
})

// One indexer per EVM chain of the projects; they follow projects edited while running. On a
// shared PostgreSQL only the instance holding the indexer lock runs them (indexer/leader.ts).
const indexers: IndexerLeadership | undefined = settings.indexer
  ? await leadIndexers({
      db,
      databaseUrl: settings.databaseUrl,
      logger,
      retryMs: settings.indexerLockRetryMs,
      start: () =>
        startIndexers({
          db,
          logger,
          pollIntervalMs: settings.indexerPollMs,
          blocksPerBatch: settings.indexerBatch,
          onSync: ({ chainId, head, cursor }) => {
            metrics.indexerHead.set({ chain: chainId }, Number(head))
            metrics.indexerLag.set({ chain: chainId }, Number(head - (cursor ?? head)))
          },
        }),
    })
  : undefined

// SIGTERM: /ready turns 503, the listener closes, requests in flight get the grace period;
// then the indexer stops and frees its lock for another instance, and the process exits 0.
let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  logger.info('shutting down', { signal, graceMs: settings.shutdownGraceMs })
  const [{ cut }] = await Promise.all([server.shutdown(settings.shutdownGraceMs), indexers?.stop()])
  mailer?.close()
  await db.close()
  logger.info('stopped', { requestsCut: cut })
  process.exit(0)
}
process.once('SIGINT', () => void stop('SIGINT'))
process.once('SIGTERM', () => void stop('SIGTERM'))
