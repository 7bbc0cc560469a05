// Getting a database ready for the API: migrations, wallet seed, projects of the config file.
import { existsSync } from 'node:fs'
import type { Db } from './db/db.js'
import { migrate } from './db/migrate.js'
import { readConfigFile, syncConfig } from './projects/config-file.js'
import { SEED_WALLETS } from './wallets/seed-wallets.js'
import { upsertWallets } from './wallets/store.js'

export interface PrepareOptions {
  /** openmodal.config.json to sync; skipped when undefined. */
  configPath?: string | undefined
  /** A missing `configPath` is an error unless this is set (the default path may be absent). */
  configOptional?: boolean
  /** Upsert the seed wallets (default true). */
  seed?: boolean
}

export interface PrepareResult {
  migrationsApplied: number[]
  projectsSynced: number
  configPath: string | undefined
}

/**
 * Migrates, seeds the wallet registry and syncs the config file's projects. Every step is
 * idempotent and safe when several instances start on one database at once.
 *
 * @example
 * await prepareDatabase(db, { configPath: 'openmodal.config.json', configOptional: true })
 */
export async function prepareDatabase(
  db: Db,
  options: PrepareOptions = {},
): Promise<PrepareResult> {
  const { applied } = await migrate(db)
  if (options.seed ?? true) {
    await db.transaction((tx) => upsertWallets(tx, SEED_WALLETS, { source: 'seed' }))
  }
  let projectsSynced = 0
  let configPath = options.configPath
  if (configPath !== undefined) {
    if (existsSync(configPath)) {
      projectsSynced = await syncConfig(db, await readConfigFile(configPath))
    } else if (options.configOptional) {
      configPath = undefined
    } else {
      throw new Error(`config file ${configPath} does not exist`)
    }
  }
  return { migrationsApplied: applied, projectsSynced, configPath }
}
