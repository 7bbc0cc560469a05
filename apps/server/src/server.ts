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
  /** Closes at once, ending open connections (tests). */
  close(): Promise<void>
  /**
   * Graceful stop: /ready answers 503, no new connections are accepted, requests in flight get
   * up to `graceMs` to finish (their connections then close), and whatever is still running
   * after that is cut. Resolves with the number of requests cut.
   */
  shutdown(graceMs: number): Promise<{ cut: number }>
}

interface Listener {
  url: string
  port: number
  close(): Promise<void>
  shutdown(graceMs: number): Promise<{ cut: number }>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  host: string,
  port: number,
) {
  return new Promise<Listener>((resolve, reject) => {
    let inFlight = 0
    let draining = false
    const server = serve({ fetch, hostname: host, port }, (info) => {
      const { port } = info as AddressInfo
      const urlHost = host.includes(':') ? `[${host}]` : host
      const closed = new Promise<void>((done) => server.once('close', () => done()))
      resolve({
        url: `http://${urlHost}:${port}`,
        port,
        close: async () => {
          server.close()
          // Keep-alive sockets of clients would hold close() open.
          if ('closeAllConnections' in server) server.closeAllConnections()
          await closed
        },
        shutdown: async (graceMs) => {
          draining = true
          server.close()
          const deadline = performance.now() + graceMs
          // Idle keep-alive connections close now, busy ones once their answer is sent.
          while (inFlight > 0 && performance.now() < deadline) {
            if ('closeIdleConnections' in server) server.closeIdleConnections()
            await sleep(20)
          }
          const cut = inFlight
          if (cut === 0) {
            // Answers sent: their sockets end once flushed (the 'close' handler below).
            if ('closeIdleConnections' in server) server.closeIdleConnections()
            await Promise.race([closed, sleep(1_000)])
          }
          if ('closeAllConnections' in server) server.closeAllConnections()
          await closed
          return { cut }
        },
      })
    })
    server.on('request', (_request, response) => {
      inFlight++
      // An answer sent while draining closes its connection: the client reconnects elsewhere.
      if (draining) response.shouldKeepAlive = false
      response.once('close', () => {
        inFlight--
        if (draining) response.socket?.end()
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
  let draining = false
  const app = createApp({
    ...options,
    logger,
    embedded,
    draining: () => draining || (options.draining?.() ?? false),
  })
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
    shutdown: async (graceMs) => {
      draining = true
      const [apiResult, secureResult] = await Promise.all([
        api.shutdown(graceMs),
        secure?.shutdown(graceMs),
      ])
      return { cut: apiResult.cut + (secureResult?.cut ?? 0) }
    },
  }
}
