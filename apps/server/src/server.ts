// Serving the API on a port (loopback by default).
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type AppOptions, createApp } from './app.js'

export interface StartServerOptions extends AppOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port. */
  port?: number
}

export interface RunningServer {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Starts the API and resolves once it listens.
 *
 * @example
 * const server = await startServer({ db, port: 0 })
 * await fetch(`${server.url}/health`)
 * await server.close()
 */
export function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const app = createApp(options)
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 0 }, (info) => {
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
