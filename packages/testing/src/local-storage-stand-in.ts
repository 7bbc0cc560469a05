// A page's `localStorage` for Node tests of what a dev wallet keeps across reloads.

/**
 * Runs `run` with a fresh in-memory `localStorage` on `globalThis` (Node has none), and takes
 * it away afterwards.
 *
 * @example await withLocalStorage(async () => { … a reload is a second wallet … })
 */
export async function withLocalStorage(run: () => Promise<void>): Promise<void> {
  const entries = new Map<string, string>()
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    },
  })
  try {
    await run()
  } finally {
    Reflect.deleteProperty(globalThis, 'localStorage')
  }
}
