// Shared pieces of the server's tests: a silent server on loopback, row counts, a project.
import type { Db } from '../db/db.js'
import { isLogLevel, type LogLevel } from '../http/logger.js'
import type { ProjectInput } from '../projects/schema.js'
import { type RunningServer, type StartServerOptions, startServer } from '../server.js'

/** Tests log nothing unless LOG_LEVEL asks for it. */
export function testLogLevel(): LogLevel {
  const level = process.env.LOG_LEVEL
  return isLogLevel(level) ? level : 'silent'
}

/**
 * A server on 127.0.0.1 and a free port, silent, rate limiting off unless given.
 *
 * @example
 * const server = await startTestServer(db)
 */
export function startTestServer(
  db: Db,
  options: Partial<StartServerOptions> = {},
): Promise<RunningServer> {
  return startServer({ db, logLevel: testLogLevel(), rateLimit: false, ...options })
}

/** Row counts of every table, to prove a refused request wrote nothing. */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of [
    'projects',
    'wallets',
    'analytics_events',
    'schema_migrations',
    'indexer_cursors',
    'indexer_blocks',
    'chain_transactions',
    'chain_transfers',
    'account_transactions',
    'token_metadata',
    'nft_metadata',
    'onramp_purchases',
    'account_names',
    'auth_nonces',
    'auth_sessions',
  ]) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)
    counts[table] = row?.n ?? -1
  }
  return counts
}

/** A project as the config file would define it. */
export function testProject(overrides: Partial<ProjectInput> = {}): ProjectInput {
  return {
    projectId: 'test-project',
    name: 'Test project',
    allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
    allowDevOrigins: false,
    features: { swaps: false, socials: ['google', 'x'], branding: true },
    chains: [{ caipNetworkId: 'eip155:1', rpcUrls: ['https://rpc.example.com/secret-key'] }],
    ...overrides,
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies field by field
export type Json = any

/** GET/POST JSON helper: status, headers and parsed body (or text when not JSON). */
export async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const response = await fetch(url, init)
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {}
  return { status: response.status, headers: response.headers, body }
}
