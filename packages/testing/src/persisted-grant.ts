// A dev wallet's grant to the page, kept across reloads as installed wallets remember the apps
// they trust (Phantom's `onlyIfTrusted`, Xverse's permissions): without it a silent reconnect
// after a reload is refused, and a page cannot show that it restores its wallets.

/**
 * The grant stored in `localStorage` under `key`; without a key (or storage: Node, a sandboxed
 * frame) it lives in memory only. `write` returns the value it was given.
 *
 * @example let granted = grant.read(); granted = grant.write(true)
 */
export function persistedGrant(key: string | undefined): {
  read(): boolean
  write(granted: boolean): boolean
} {
  const storage = (): Storage | undefined => {
    if (!key) return undefined
    try {
      return (globalThis as { localStorage?: Storage }).localStorage
    } catch {
      return undefined
    }
  }
  return {
    read: () => (key ? storage()?.getItem(key) === 'granted' : false),
    write(granted) {
      if (key) {
        if (granted) storage()?.setItem(key, 'granted')
        else storage()?.removeItem(key)
      }
      return granted
    },
  }
}
