// Chromium tests of @openmodal/react: the shared WTR setup plus React served as ESM, and the
// test page's server HTML rendered in Node.
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { wtrConfig } from '../../tools/wtr-config.mjs'

const require = createRequire(import.meta.url)
const PREFIX = '/__react-esm/'
// The CommonJS entry points the tests (and @lit/react users) import.
const ENTRIES = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime']
const fileOf = (specifier) => `${specifier.replaceAll('/', '__')}.js`
// Read now, while the config loads: requiring React later, under WTR's console, breaks.
const NAMES = new Map(
  ENTRIES.map((s) => [s, Object.keys(require(s)).filter((name) => name !== 'default')]),
)

/**
 * WTR serves only ES modules and React 19 ships only CommonJS. This plugin bundles the entry
 * points above once with esbuild into ES modules that share one React instance (code splitting),
 * then answers bare `react…` imports with them.
 */
function reactEsm() {
  let files
  async function bundle() {
    const result = await build({
      // A virtual entry per specifier re-exporting the CommonJS module's names as ESM names.
      entryPoints: Object.fromEntries(ENTRIES.map((s) => [fileOf(s).slice(0, -3), `entry:${s}`])),
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/out',
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
      plugins: [
        {
          name: 'cjs-entries',
          setup(b) {
            b.onResolve({ filter: /^entry:/ }, ({ path }) => ({ path, namespace: 'entry' }))
            b.onLoad({ filter: /.*/, namespace: 'entry' }, ({ path }) => {
              const specifier = path.slice('entry:'.length)
              return {
                resolveDir: process.cwd(),
                contents: `import m from '${specifier}'\nexport default m\nexport const { ${NAMES.get(specifier).join(', ')} } = m\n`,
              }
            })
          },
        },
      ],
    })
    return new Map(result.outputFiles.map((f) => [f.path.slice('/out/'.length), f.text]))
  }
  return {
    name: 'react-esm',
    resolveImport({ source }) {
      if (ENTRIES.includes(source)) return PREFIX + fileOf(source)
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return
      files ??= await bundle()
      const body = files.get(context.path.slice(PREFIX.length))
      if (body !== undefined) return { body, type: 'js' }
    },
  }
}

/**
 * Serves `/__ssr/app.html`: the HTML of `src/test/ssr-app.tsx` as react-dom/server renders it
 * in a plain Node process (no DOM globals), for the hydration tests to hydrate.
 */
function serverHtml() {
  let html
  return {
    name: 'ssr-html',
    async serve(context) {
      if (context.path !== '/__ssr/app.html') return
      html ??= promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'src/test/render-ssr-app.tsx'],
        { env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.test.json' } },
      ).then(({ stdout }) => stdout)
      return { body: await html, type: 'txt' }
    },
  }
}

export default wtrConfig({
  files: 'src/**/*.browser.test.tsx',
  tsconfig: 'tsconfig.test.json',
  plugins: [reactEsm(), serverHtml()],
})
