import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { type Connect, defaultClientConditions, defineConfig, type Plugin } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

/**
 * Serves the local stack to the page (dev server and `vite preview`):
 * - `/__openmodal/local.json`: the anvil chains `pnpm demo` started, from the environment
 *   variable `OPENMODAL_DEMO_CHAINS` (JSON, no secrets); `{}` without it (the page then uses
 *   the default ports 8545 and 8546);
 * - `/__openmodal/dev-wallet.js`: `@openmodal/testing`'s dev wallet script.
 */
function openmodalLocal(): Plugin {
  const send = (res: ServerResponse, type: string, body: string) => {
    res.setHeader('content-type', type)
    res.setHeader('cache-control', 'no-store')
    res.end(body)
  }
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    const path = req.url?.split('?')[0]
    if (path === '/__openmodal/local.json') {
      return send(res, 'application/json', process.env.OPENMODAL_DEMO_CHAINS || '{}')
    }
    if (path === '/__openmodal/dev-wallet.js') {
      try {
        const file = fileURLToPath(import.meta.resolve('@openmodal/testing/dev-wallet.iife.js'))
        return send(res, 'text/javascript', readFileSync(file, 'utf8'))
      } catch {
        return next()
      }
    }
    next()
  }
  return {
    name: 'openmodal-local',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  }
}

// Production builds (`vite build`, `pnpm demo`, the e2e test) consume the workspace packages
// the way an app consumes the published ones: their built `dist` (turbo builds them first).
// The dev server adds the `@openmodal/source` condition instead, so `vite` serves the packages'
// TypeScript directly and edits in packages/* reload without a rebuild.
export default defineConfig(({ command }) => ({
  plugins: [openmodalLocal()],
  resolve:
    command === 'serve' ? { conditions: ['@openmodal/source', ...defaultClientConditions] } : {},
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    target: 'es2022',
    rollupOptions: {
      input: { main: page('index.html'), plain: page('plain.html') },
      // The one 'use client' left is @openmodal/react's entry, where Next.js needs it; a
      // client-only bundle drops it, which is right, so its warning is noise here.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client'))
          return
        warn(warning)
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
}))
