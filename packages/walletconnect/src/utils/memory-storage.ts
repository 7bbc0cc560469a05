// An in-memory key-value store with the shape sign-client's `storage` option takes: for Node,
// SSR and tests, where the default (IndexedDB / files) is not wanted.

/**
 * In-memory storage for the WalletConnect client. Values are copied in and out, as a
 * serializing store would.
 *
 * @example
 * await createWalletConnectClient({ projectId, networks, storage: new MemoryStorage() })
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
}
