// Serving the API on a port (loopback by default), and the embedded wallet's secure site on a
// second one when asked: a second port is a second origin.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type AppOptions, createApp } from './app.js'
import type { EmbeddedOptions } from './embedded/config.js'
import { createLogger } from './http/logger.js'
import { secureSiteRoutes } from './routes/secure-site.js'

export interface SecureSiteOptions {
  /** The built secure site (apps/secure-site's `dist/`). */
  dist: string
  /** Default: the API's host. */
  host?: string
  /** Default 0: a free port. */
  port?: number
  /**
   * The origin browsers reach the site at (behind a proxy, or `http://localhost:PORT` while
   * listening on 127.0.0.1 so that it is another site than the dapp); default the listener's.
   */
  origin?: string
}

export interface StartServerOptions extends Omit<AppOptions, 'embedded'> {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port. */
  port?: number
  /** Serve the secure site on its own listener. */
  secureSite?: SecureSiteOptions
  /** As in AppOptions; `secureOrigin` defaults to the secure site's origin when it is served. */
  embedded?: Omit<EmbeddedOptions, 'secureOrigin'> & { secureOrigin?: string }
}

export interface RunningServer {
  url: string
  port: number
  /** The secure site's origin and port, when this server serves it. */
  secureSite?: { origin: string; port: number }
  close(): Promise<void>
}

interface Listener {
  url: string
  port: number
  close(): Promise<void>
}

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  host: string,
  port: number,
) {
  return new Promise<Listener>((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port }, (info) => {
      const { port } = info as AddressInfo
      const urlHost = host.includes(':') ? `[${host}]` : host
      resolve({
        url: `http://${urlHost}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            // Keep-alive sockets of clients would hold close() open.
            if ('closeAllConnections' in server) server.closeAllConnections()
          }),
      })
    })
    server.once('error', reject)
  })
}

/**
 * Starts the API (and the secure site when `secureSite` is given) and resolves once it listens.
 *
 * @example
 * const server = await startServer({ db, port: 0 })
 * await fetch(`${server.url}/health`)
 * await server.close()
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info')
  let apiUrl = ''
  // The secure site listens first: the API's CORS needs its origin, and it reads the API's URL
  // only when a request comes.
  const secure = options.secureSite
    ? await listen(
        secureSiteRoutes({
          db: options.db,
          logger,
          dist: options.secureSite.dist,
          apiUrl: () => options.publicUrl ?? apiUrl,
        }).fetch,
        options.secureSite.host ?? host,
        options.secureSite.port ?? 0,
      )
    : undefined
  const secureOrigin = secure && new URL(options.secureSite?.origin ?? secure.url).origin
  let embedded: EmbeddedOptions | undefined
  if (options.embedded) {
    const origin = options.embedded.secureOrigin ?? secureOrigin
    if (!origin) {
      await secure?.close()
      throw new Error('The embedded wallet needs the secure origin (secureOrigin or secureSite)')
    }
    embedded = { ...options.embedded, secureOrigin: origin }
  }
  const app = createApp({ ...options, logger, embedded })
  const api = await listen(app.fetch, host, options.port ?? 0).catch(async (error) => {
    await secure?.close()
    throw error
  })
  apiUrl = api.url
  return {
    url: api.url,
    port: api.port,
    ...(secure && secureOrigin ? { secureSite: { origin: secureOrigin, port: secure.port } } : {}),
    close: async () => {
      await Promise.all([api.close(), secure?.close()])
    },
  }
}
