import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

// A static site: /frame and /loading. No inline script (CSP `script-src 'self'`), no
// third-party script, nothing loaded from another origin.
export default defineConfig({
  // Workspace packages from their TypeScript sources: the site builds without their dist/.
  resolve: { conditions: ['@openmodal/source', ...defaultClientConditions] },
  // The Argon2id worker (keys/argon2.worker.ts) as an ES module, like the pages.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: { input: { frame: page('frame.html'), loading: page('loading.html') } },
  },
})
