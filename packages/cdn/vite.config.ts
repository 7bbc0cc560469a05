// The CDN build: one ES module, dist/openmodal.js, with the lazy chunks beside it in
// dist/chunks/. Vite's library mode bundles every dependency (nothing is external), so no bare
// specifier is left and a <script type="module"> runs it without an import map.
import { defineConfig } from 'vite'

export default defineConfig({
  mode: 'production',
  define: {
    // Library mode leaves `process.env.*` to the consumer's bundler; a plain page has none,
    // and nanostores reads process.env.NODE_ENV.
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  resolve: {
    // The production browser builds of every package (esm-env: DEV false, BROWSER true; Lit's
    // production build).
    conditions: ['module', 'browser', 'production'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: { openmodal: 'src/exports/openmodal.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      // Every module the entry imports statically goes into one file. Left to itself, Rolldown
      // moves the modules that lazy chunks share with the entry into 16 small chunks the page
      // then loads up front (rolldown/rolldown#9963). The `$initial` group gathers them, and
      // 'allow-extension' lets that group be the entry file itself (which then also exports
      // the internal names the lazy chunks import) instead of a second file behind a facade.
      preserveEntrySignatures: 'allow-extension',
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Library mode keeps the whitespace of ES output for the consumer's bundler; this file
        // is served as is.
        minify: true,
        codeSplitting: {
          groups: [{ name: 'openmodal', tags: ['$initial'] }],
        },
      },
    },
  },
})
