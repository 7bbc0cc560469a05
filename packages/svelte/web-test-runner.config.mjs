// Chromium tests of @openmodal/svelte: the shared WTR setup, plus `.svelte` files compiled by
// Svelte's own compiler when the browser asks for them (what @sveltejs/vite-plugin-svelte does
// in an app build).
import { compile } from 'svelte/compiler'
import { wtrConfig } from '../../tools/wtr-config.mjs'

function svelte() {
  return {
    name: 'svelte',
    resolveMimeType(context) {
      if (context.path.endsWith('.svelte')) return 'js'
    },
    transform(context) {
      if (!context.path.endsWith('.svelte')) return
      const { js } = compile(context.body, {
        filename: context.path,
        generate: 'client',
        dev: true,
      })
      return { body: js.code }
    },
  }
}

export default wtrConfig({
  files: 'src/**/*.browser.test.ts',
  tsconfig: 'tsconfig.test.json',
  plugins: [svelte()],
})
