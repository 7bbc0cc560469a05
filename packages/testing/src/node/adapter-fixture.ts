// The fixture every chain adapter's Node test repeats: a local chain started once per file,
// a dev wallet and a fresh adapter per test, both removed after it, and a wait for the
// adapter's first discovered connectors.
import { after, afterEach, before } from 'node:test'

/** What the fixture needs of an adapter (a structural slice of core's `ChainAdapter`). */
export interface FixtureAdapter<Connector> {
  connect(params: { connectorId: string; network: never }): Promise<unknown>
  disconnect(): Promise<unknown>
  watchConnectors(listener: (connectors: readonly Connector[]) => void): () => void
}

export interface AdapterFixtureOptions<Local, Dev, DevOptions, Adapter> {
  /** Starts the local chain (before the file's first test); `stop()` runs after its last. */
  start(): Promise<Local & { stop(): unknown }>
  /** Registers a dev wallet on the local chain; `unregister()` removes it. */
  register(local: Local, options: DevOptions): Dev & { unregister(): unknown }
  /** The id the adapter lists the dev wallet under. */
  connectorId(dev: Dev): string
  /** A fresh adapter. */
  createAdapter(): Adapter
  /** The network to connect on. */
  network(local: Local): unknown
}

export interface AdapterFixture<
  Dev,
  DevOptions,
  Adapter extends FixtureAdapter<Connector>,
  Connector,
> {
  /** A registered dev wallet and a fresh adapter, removed after the test. */
  setup(options?: DevOptions): {
    dev: Dev & { unregister(): unknown }
    adapter: Adapter
    connect: () => ReturnType<Adapter['connect']>
  }
  /** Runs `cleanup` after the current test (in reverse order of deferral). */
  defer(...cleanups: Array<() => unknown>): void
  /** The adapter's first non-empty list of connectors. */
  discover(adapter: Adapter): Promise<readonly Connector[]>
}

/**
 * Registers the file's hooks (`before`, `afterEach`, `after` of node:test) and returns the
 * per-test helpers.
 *
 * @example
 * let local: LocalSolana
 * const { setup, discover } = adapterFixture({
 *   start: async () => (local = await startLocalSolana()),
 *   register: (l, options) => registerDevWallet({ rpcUrl: l.rpc.rpcUrl, ...options }),
 *   connectorId: (dev) => dev.name,
 *   createAdapter: () => solanaAdapter(),
 *   network: (l) => l.network,
 * })
 */
export function adapterFixture<
  Local,
  Dev,
  DevOptions,
  Adapter extends FixtureAdapter<Connector>,
  Connector = Parameters<Parameters<Adapter['watchConnectors']>[0]>[0][number],
>(
  options: AdapterFixtureOptions<Local, Dev, DevOptions, Adapter>,
): AdapterFixture<Dev, DevOptions, Adapter, Connector> {
  let local: (Local & { stop(): unknown }) | undefined
  const cleanups: Array<() => unknown> = []

  before(async () => {
    local = await options.start()
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  after(() => local?.stop())

  const started = (): Local => {
    if (!local) throw new Error('adapterFixture: the local chain is not started yet')
    return local
  }

  return {
    setup(devOptions = {} as DevOptions) {
      const dev = options.register(started(), devOptions)
      const adapter = options.createAdapter()
      cleanups.push(
        () => dev.unregister(),
        () => adapter.disconnect(),
      )
      return {
        dev,
        adapter,
        connect: () =>
          adapter.connect({
            connectorId: options.connectorId(dev),
            network: options.network(started()) as never,
          }) as ReturnType<Adapter['connect']>,
      }
    },
    defer(...added) {
      cleanups.push(...added)
    },
    discover(adapter) {
      return new Promise((resolve) => {
        const stop = adapter.watchConnectors((connectors) => {
          if (connectors.length === 0) return
          queueMicrotask(stop)
          resolve(connectors as readonly Connector[])
        })
      })
    },
  }
}
