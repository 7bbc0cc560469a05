// One indexer per EVM chain configured in any project, started with the server, restarted
// when the projects' chains change, stopped cleanly.
import type { Db } from '../db/db.js'
import type { Logger } from '../http/logger.js'
import { listProjects, type ProjectChainConfig } from '../projects/store.js'
import { type ChainIndexer, type ChainIndexerOptions, createChainIndexer } from './indexer.js'
import { createChainClient, evmChainNumber } from './rpc.js'

export interface IndexerManagerOptions {
  db: Db
  logger?: Logger
  pollIntervalMs?: number
  blocksPerBatch?: number
  reorgDepth?: number
  /** How often the projects are read again for added or changed chains; default 30 s. */
  refreshMs?: number
  onBatch?: ChainIndexerOptions['onBatch']
  onSync?: ChainIndexerOptions['onSync']
}

export interface IndexerManager {
  /** The running indexers by CAIP-2 chain id. */
  readonly indexers: ReadonlyMap<string, ChainIndexer>
  /** Reads the projects again and starts, restarts or stops indexers to match. */
  refresh(): Promise<void>
  stop(): Promise<void>
}

interface ChainPlan {
  chainId: string
  rpcUrls: string[]
  startBlock: bigint | 'latest'
  internalTransfers: 'trace_block' | false
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

function isLocal(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname)
  } catch {
    return false
  }
}

/**
 * What to index: every eip155 chain of any project (unless `index: false`), with the RPC
 * URLs of all projects naming it, the lowest configured start block, and internal transfers
 * when any of these projects asks for them.
 *
 * @example
 * planChains([{ caipNetworkId: 'eip155:31337', rpcUrls: ['http://127.0.0.1:8545'] }])
 * // [{ chainId: 'eip155:31337', rpcUrls: [...], startBlock: 0n, internalTransfers: false }]
 */
export function planChains(chains: readonly ProjectChainConfig[]): ChainPlan[] {
  const byId = new Map<string, ProjectChainConfig[]>()
  for (const chain of chains) {
    if (evmChainNumber(chain.caipNetworkId) === undefined || chain.index === false) continue
    byId.set(chain.caipNetworkId, [...(byId.get(chain.caipNetworkId) ?? []), chain])
  }
  return [...byId].map(([chainId, configs]) => {
    const rpcUrls = [...new Set(configs.flatMap((c) => c.rpcUrls))]
    const numbers = configs.flatMap((c) => (typeof c.startBlock === 'number' ? [c.startBlock] : []))
    const latest = configs.some((c) => c.startBlock === 'latest')
    const startBlock: bigint | 'latest' =
      numbers.length > 0
        ? BigInt(Math.min(...numbers))
        : latest || !rpcUrls.every(isLocal)
          ? 'latest'
          : 0n
    const internalTransfers = configs.some((c) => c.internalTransfers === 'trace_block')
      ? 'trace_block'
      : false
    return { chainId, rpcUrls, startBlock, internalTransfers }
  })
}

/**
 * Starts an indexer for each chain of `planChains(all projects' chains)`.
 *
 * @example
 * const indexers = await startIndexers({ db, logger })
 * await indexers.stop()
 */
export async function startIndexers(options: IndexerManagerOptions): Promise<IndexerManager> {
  const running = new Map<string, { indexer: ChainIndexer; key: string }>()
  const indexers = new Map<string, ChainIndexer>()
  let stopped = false
  let refreshing: Promise<void> = Promise.resolve()

  const apply = async () => {
    const projects = await listProjects(options.db)
    const plans = planChains(projects.flatMap((p) => p.chains))
    const wanted = new Map(plans.map((plan) => [plan.chainId, plan]))
    for (const [chainId, entry] of running) {
      const plan = wanted.get(chainId)
      if (plan && JSON.stringify(plan, bigintJson) === entry.key) continue
      await entry.indexer.stop()
      running.delete(chainId)
      indexers.delete(chainId)
    }
    for (const plan of plans) {
      if (stopped || running.has(plan.chainId)) continue
      const indexer = createChainIndexer({
        db: options.db,
        chainId: plan.chainId,
        client: createChainClient(plan.rpcUrls),
        startBlock: plan.startBlock,
        internalTransfers: plan.internalTransfers,
        ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
        ...(options.blocksPerBatch !== undefined ? { blocksPerBatch: options.blocksPerBatch } : {}),
        ...(options.reorgDepth !== undefined ? { reorgDepth: options.reorgDepth } : {}),
        ...(options.logger ? { logger: options.logger } : {}),
        ...(options.onBatch ? { onBatch: options.onBatch } : {}),
        ...(options.onSync ? { onSync: options.onSync } : {}),
      })
      running.set(plan.chainId, { indexer, key: JSON.stringify(plan, bigintJson) })
      indexers.set(plan.chainId, indexer)
      indexer.start()
      options.logger?.info('indexer started', {
        chainId: plan.chainId,
        startBlock: String(plan.startBlock),
      })
    }
  }

  const refresh = () => {
    refreshing = refreshing.then(apply).catch((error) => {
      options.logger?.warn('indexer refresh failed', { error: String(error) })
    })
    return refreshing
  }

  await refresh()
  const timer = setInterval(() => void refresh(), options.refreshMs ?? 30_000)
  timer.unref()

  return {
    indexers,
    refresh,
    async stop() {
      stopped = true
      clearInterval(timer)
      await refreshing
      await Promise.all([...running.values()].map((entry) => entry.indexer.stop()))
      running.clear()
      indexers.clear()
    },
  }
}

function bigintJson(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value
}
