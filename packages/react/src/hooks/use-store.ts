import { useCallback, useSyncExternalStore } from 'react'

/** The part of a nanostores store this hook uses; every `@openmodal/core` `$store` fits. */
export interface ReadableStore<T> {
  get(): T
  listen(listener: (value: T) => void): () => void
}

export interface UseStoreOptions<T> {
  /**
   * What the server renders and hydration starts from. Defaults to the store's value on the
   * server; give a constant for state only the browser knows (wallet, open modal) so the
   * server's HTML and the first client render agree.
   */
  serverSnapshot?: T
}

/**
 * Reads a nanostores store (any `@openmodal/core` `$store`) and re-renders on change,
 * through `useSyncExternalStore`.
 *
 * @example
 * import { $locale } from '@openmodal/core'
 * const locale = useStore($locale)
 */
export function useStore<T>(store: ReadableStore<T>, options: UseStoreOptions<T> = {}): T {
  const { serverSnapshot } = options
  const hasServerSnapshot = 'serverSnapshot' in options
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store])
  const getSnapshot = useCallback(() => store.get(), [store])
  const getServerSnapshot = useCallback(
    () => (hasServerSnapshot ? (serverSnapshot as T) : store.get()),
    [store, hasServerSnapshot, serverSnapshot],
  )
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
