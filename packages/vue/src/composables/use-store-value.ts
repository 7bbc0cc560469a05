import { useStore } from '@nanostores/vue'
import { type ComputedRef, computed, toRaw } from 'vue'

/** The part of a nanostores store this module reads; every `@openmodal/core` `$store` fits. */
export interface ReadableStore<T> {
  get(): T
  listen(listener: (value: T) => void): () => void
  subscribe(listener: (value: T) => void): () => void
}

/**
 * `useStore` of `@nanostores/vue` (subscribes in the browser only, stops with the component's
 * scope) as a computed ref of the store's own value: its development build wraps values in
 * read-only proxies, so without `toRaw` a network read here would not be `===` the one passed to
 * `createModal` in development, and would be in production.
 */
export function useStoreValue<T>(store: ReadableStore<T>): ComputedRef<T> {
  const state = useStore(store as Parameters<typeof useStore>[0])
  return computed(() => toRaw(state.value) as T)
}
