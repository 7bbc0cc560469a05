import { vitePreprocess } from '@sveltejs/vite-plugin-svelte'

// Read by the Vite plugin and by svelte-check: TypeScript in <script lang="ts"> through Vite.
export default {
  preprocess: vitePreprocess(),
}
