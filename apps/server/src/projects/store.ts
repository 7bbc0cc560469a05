// Projects in the database: what a projectId resolves to.
import type { RemoteFeatures } from '../api-types.js'
import type { Queryable } from '../db/db.js'
import type { RecoveryMode } from '../embedded/config.js'
import type { SocialConfig } from '../embedded/social/providers.js'
import type { OnrampConfig } from '../onramp/config.js'
import type { SwapChainConfig } from '../swap/config.js'
import {
  applyFeatures,
  DEFAULT_RECOVERY_HOLD_MS,
  DEFAULT_REMOTE_FEATURES,
  type ProjectInput,
} from './schema.js'

export interface ProjectChainConfig {
  caipNetworkId: string
  rpcUrls: string[]
  startBlock?: number | 'latest' | undefined
  index?: boolean | undefined
  /** 'trace_block': index internal transfers too (see schema.ts). */
  internalTransfers?: 'trace_block' | false | undefined
  tokens?: string[] | undefined
  spamContracts?: string[] | undefined
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
  /** Solana chains: names and symbols of SPL mints (see schema.ts). */
  splTokens?: { mint: string; name: string; symbol: string }[] | undefined
  /** ENS Universal Resolver; `false` = no ENS (see schema.ts). */
  ensUniversalResolver?: string | false | undefined
  /** The chain's swap provider (see swap/config.ts). */
  swap?: SwapChainConfig | undefined
  /** EVM chains: the ERC-4337 bundler; the chain is then smart-account-enabled (schema.ts). */
  bundlerUrl?: string | undefined
  /** EVM chains with a bundler: the smart account's kind, default `erc4337` (schema.ts). */
  smartAccountMode?: 'erc4337' | 'eip7702' | 'safe' | undefined
  /** EVM chains with a bundler: the ERC-7677 paymaster service that sponsors (schema.ts). */
  paymasterUrl?: string | undefined
}

export interface Project {
  projectId: string
  name: string
  allowedOrigins: string[]
  /** Loopback origins allowed for the public reads (see schema.ts and http/origins.ts). */
  allowDevOrigins: boolean
  features: RemoteFeatures
  /** The embedded wallet's recovery mode (see embedded/config.ts). */
  recovery: RecoveryMode
  /** How long a device that recovered the wallet may not change its factor or e-mail (ms). */
  recoveryHoldMs: number
  /** On-ramp providers with their secrets (never served); null when none. */
  onramp: OnrampConfig | null
  /** Hide swap and on-ramp in spec §6's restricted time zones (see schema.ts). */
  restrictedTimezones: boolean
  /** The project's clients at the social login providers (see embedded/social). */
  social: SocialConfig
  chains: ProjectChainConfig[]
  source: 'config' | 'cli'
}

interface ProjectRow extends Record<string, unknown> {
  project_id: string
  name: string
  allowed_origins: string[]
  allow_dev_origins: boolean
  features: RemoteFeatures
  recovery: RecoveryMode
  /** A bigint column: the driver may answer a string. */
  recovery_hold_ms: string | number
  onramp: OnrampConfig | null
  restricted_timezones: boolean
  social: SocialConfig
  chains: ProjectChainConfig[]
  source: 'config' | 'cli'
}

const COLUMNS =
  'project_id, name, allowed_origins, allow_dev_origins, features, recovery, recovery_hold_ms, onramp, restricted_timezones, social, chains, source'

function toProject(row: ProjectRow): Project {
  return {
    projectId: row.project_id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    allowDevOrigins: row.allow_dev_origins,
    features: { ...DEFAULT_REMOTE_FEATURES, ...row.features },
    recovery: row.recovery,
    recoveryHoldMs: Number(row.recovery_hold_ms),
    onramp: row.onramp ?? null,
    restrictedTimezones: row.restricted_timezones,
    social: row.social,
    chains: row.chains,
    source: row.source,
  }
}

/**
 * The project with this id, or undefined.
 *
 * @example
 * const project = await getProject(db, 'demo')
 */
export async function getProject(db: Queryable, projectId: string): Promise<Project | undefined> {
  const [row] = await db.query<ProjectRow>(
    `select ${COLUMNS} from projects where project_id = $1`,
    [projectId],
  )
  return row ? toProject(row) : undefined
}

/** Every project, by id. */
export async function listProjects(db: Queryable): Promise<Project[]> {
  const rows = await db.query<ProjectRow>(`select ${COLUMNS} from projects order by project_id`)
  return rows.map(toProject)
}

/**
 * Inserts or replaces a project (features over the defaults).
 *
 * @example
 * await upsertProject(db, { projectId: 'demo', name: 'Demo', allowedOrigins: [], allowDevOrigins: false, features: {}, chains: [] }, 'cli')
 */
export async function upsertProject(
  db: Queryable,
  input: ProjectInput,
  source: 'config' | 'cli',
): Promise<void> {
  const features = applyFeatures(DEFAULT_REMOTE_FEATURES, input.features)
  await db.query(
    `insert into projects (project_id, name, allowed_origins, features, chains, source, allow_dev_origins, recovery, onramp, restricted_timezones, social, recovery_hold_ms)
     values ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $8, $9::jsonb, $10, $11::jsonb, $12)
     on conflict (project_id) do update set
       name = excluded.name, allowed_origins = excluded.allowed_origins,
       allow_dev_origins = excluded.allow_dev_origins,
       features = excluded.features, chains = excluded.chains, source = excluded.source,
       recovery = excluded.recovery, recovery_hold_ms = excluded.recovery_hold_ms,
       onramp = excluded.onramp,
       restricted_timezones = excluded.restricted_timezones, social = excluded.social,
       updated_at = now()`,
    [
      input.projectId,
      input.name,
      JSON.stringify(input.allowedOrigins),
      JSON.stringify(features),
      JSON.stringify(input.chains),
      source,
      input.allowDevOrigins,
      input.recovery ?? 'non-custodial',
      input.onramp === undefined ? null : JSON.stringify(input.onramp),
      input.restrictedTimezones ?? false,
      JSON.stringify(input.social ?? {}),
      input.recoveryHoldMs ?? DEFAULT_RECOVERY_HOLD_MS,
    ],
  )
}

async function update(db: Queryable, projectId: string, set: string, value: unknown) {
  const rows = await db.query(
    `update projects set ${set} = $2::jsonb, updated_at = now() where project_id = $1 returning project_id`,
    [projectId, JSON.stringify(value)],
  )
  return rows.length > 0
}

/** Replaces the allowed origins; false when there is no such project. */
export function setProjectOrigins(db: Queryable, projectId: string, origins: readonly string[]) {
  return update(db, projectId, 'allowed_origins', origins)
}

/** Turns the development origins on or off; false when there is no such project. */
export async function setProjectDevOrigins(db: Queryable, projectId: string, allow: boolean) {
  const rows = await db.query(
    'update projects set allow_dev_origins = $2, updated_at = now() where project_id = $1 returning project_id',
    [projectId, allow],
  )
  return rows.length > 0
}

/** Replaces the whole feature set; false when there is no such project. */
export function setProjectFeatures(db: Queryable, projectId: string, features: RemoteFeatures) {
  return update(db, projectId, 'features', features)
}

/** Replaces the chains; false when there is no such project. */
export function setProjectChains(
  db: Queryable,
  projectId: string,
  chains: readonly ProjectChainConfig[],
) {
  return update(db, projectId, 'chains', chains)
}
