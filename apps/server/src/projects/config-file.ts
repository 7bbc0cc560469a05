// openmodal.config.json: projects defined in a file and synced into the database at start.
import { readFile } from 'node:fs/promises'
import * as v from 'valibot'
import type { Db } from '../db/db.js'
import { toIssues } from '../http/errors.js'
import { type ConfigFile, ConfigFileSchema } from './schema.js'
import { upsertProject } from './store.js'

/**
 * Reads and validates a config file; errors name the file and the offending field.
 *
 * @example
 * const config = await readConfigFile('openmodal.config.json')
 */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(path, 'utf8'))
  } catch (cause) {
    throw new Error(`${path}: ${(cause as Error).message}`, { cause })
  }
  const result = v.safeParse(ConfigFileSchema, json)
  if (!result.success) {
    const lines = toIssues(result.issues).map((i) => `  ${i.path || '(root)'}: ${i.message}`)
    throw new Error(`${path} is not a valid OpenModal config:\n${lines.join('\n')}`)
  }
  return result.output
}

/**
 * Writes the file's projects into the database (they win over earlier edits of the same ids);
 * projects made with the CLI are left alone. One transaction, so a bad file changes nothing.
 *
 * @example
 * await syncConfig(db, await readConfigFile('openmodal.config.json'))
 */
export async function syncConfig(db: Db, config: ConfigFile): Promise<number> {
  await db.transaction(async (tx) => {
    for (const project of config.projects) await upsertProject(tx, project, 'config')
  })
  return config.projects.length
}
