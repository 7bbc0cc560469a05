// What a `.svelte` import is to TypeScript in the tests (svelte-check knows it in an app).
declare module '*.svelte' {
  import type { Component } from 'svelte'

  const component: Component<Record<string, never>>
  export default component
}
