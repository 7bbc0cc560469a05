import type { IncomingMessage, ServerResponse } from 'node:http'

export interface SecureSiteProject {
  allowedOrigins: string[]
  frameAncestors?: string[]
  /** JSON-RPC URL per EVM chain id, for node reads and sending transactions. */
  rpcUrls?: Record<string, string>
}

export function buildSecureSite(options?: { outDir?: string }): Promise<string>
export function contentSecurityPolicy(
  allowedOrigins: string[],
  apiOrigin: string,
  rpcOrigins?: string[],
): string
export function startSecureSite(options: {
  dist?: string
  host?: string
  port?: number
  projects: Record<string, SecureSiteProject>
  apiUrl?: string
  api?: (req: IncomingMessage, res: ServerResponse, origin: string) => Promise<boolean>
}): Promise<{ origin: string; close: () => Promise<unknown> }>
