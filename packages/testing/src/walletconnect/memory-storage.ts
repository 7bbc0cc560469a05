// An in-memory key-value store with the shape sign-client's `storage` option takes
// (`IKeyValueStorage`): each harness gets its own, so nothing touches the disk.

/**
 * In-memory storage for a sign-client. Values are copied on the way in and out, as a
 * serializing store would, so a caller cannot mutate what is stored.
 *
 * @example
 * const storage = new MemoryStorage()
 * await SignClient.init({ storage, customStoragePrefix: 'wallet-1', … })
 */
export class MemoryStorage {
  readonly #entries = new Map<string, unknown>()

  async getKeys(): Promise<string[]> {
    return [...this.#entries.keys()]
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.#entries].map(([key, value]) => [key, structuredClone(value) as T])
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const value = this.#entries.get(key)
    return value === undefined ? undefined : (structuredClone(value) as T)
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.#entries.set(key, structuredClone(value))
  }

  async removeItem(key: string): Promise<void> {
    this.#entries.delete(key)
  }

  /** How many keys are stored (for tests). */
  get size(): number {
    return this.#entries.size
  }
}
