import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

// Production builds (`vite build`, `pnpm demo`, the e2e test) consume the workspace packages
// the way an app consumes the published ones: their built `dist` (turbo builds them first).
// The dev server adds the `source` condition instead, so `vite` serves the packages' TypeScript
// directly and edits in packages/* reload without a rebuild.
export default defineConfig(({ command }) => ({
  resolve: command === 'serve' ? { conditions: ['source', ...defaultClientConditions] } : {},
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    target: 'es2022',
    rollupOptions: { input: { main: page('index.html'), plain: page('plain.html') } },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173 },
}))
