// This origin's IndexedDB: the device share, encrypted under an AES-GCM key that WebCrypto
// made non-extractable (IndexedDB keeps the CryptoKey object itself, so its bytes never reach
// script), the frame's ECDSA P-256 device key for request proofs, and the wallet's commitment.

import { source } from './bytes.js'

const DB_NAME = 'openmodal-secure'
const STORE = 'keys'
const IV_BYTES = 12

interface SealedShare {
  iv: Uint8Array<ArrayBuffer>
  ciphertext: ArrayBuffer
}

export interface DeviceRecord {
  /** The device share sealed under `shareKey`. */
  share: SealedShare
  /** Non-extractable AES-GCM key. */
  shareKey: CryptoKey
}

/** How long an open may take before the store counts as unavailable. */
const OPEN_TIMEOUT_MS = 3_000

/**
 * The IndexedDB this frame writes to: the global one, or the unpartitioned one of a Storage
 * Access API handle (`document.requestStorageAccess({ indexedDB: true })`, Chromium).
 */
let factory: IDBFactory | undefined

function openDb(from: IDBFactory = factory ?? indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = from.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    // Chromium 156 may finish a refused open through a storage-access handle without firing
    // either event (the request is `done` with "The user denied permission"): read it.
    setTimeout(() => {
      if (request.readyState === 'done' && request.error) reject(request.error)
      reject(new Error(`IndexedDB did not open in ${OPEN_TIMEOUT_MS} ms`))
    }, OPEN_TIMEOUT_MS)
  })
}

/**
 * Where a browser refuses this origin storage in a third-party frame (Chromium's third-party
 * cookie phase-out, Safari, Brave, private windows deny IndexedDB there), the store lives in
 * memory for the life of the frame: the wallet still works, but each load is a new device
 * (recovery share, then a re-split) and a reload needs a new code.
 */
let memory: Map<string, unknown> | undefined

async function database(): Promise<IDBDatabase | null> {
  if (memory) return null
  try {
    return await openDb()
  } catch (error) {
    console.warn('Secure storage unavailable here; keeping keys in memory only:', error)
    memory = new Map()
    return null
  }
}

async function run<T>(
  mode: IDBTransactionMode,
  fn: (store: IDBObjectStore) => IDBRequest<T>,
  inMemory: (map: Map<string, unknown>) => T,
): Promise<T> {
  const db = await database()
  if (!db) return inMemory(memory as Map<string, unknown>)
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode)
      const request = fn(tx.objectStore(STORE))
      tx.oncomplete = () => resolve(request.result)
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error)
    })
  } finally {
    db.close()
  }
}

/** Reads a value of this origin's secure store. */
export const readValue = <T>(key: string) =>
  run<T | undefined>(
    'readonly',
    (s) => s.get(key),
    (map) => map.get(key) as T | undefined,
  )
/** Writes a value of this origin's secure store. */
export const writeValue = (key: string, value: unknown) =>
  run(
    'readwrite',
    (s) => s.put(value, key),
    (map) => {
      map.set(key, value)
      return key
    },
  ).then(() => undefined)
/** Deletes a value of this origin's secure store. */
export const deleteValue = (key: string) =>
  run(
    'readwrite',
    (s) => s.delete(key),
    (map) => {
      map.delete(key)
      return undefined
    },
  ).then(() => undefined)

/** True when this browser gave the frame no persistent storage (see `memory`). */
export async function storageIsMemoryOnly(): Promise<boolean> {
  const db = await database()
  db?.close()
  return db === null
}

/** Moves what the memory store holds into `to` and makes it this frame's store. */
export async function adoptStorage(to: IDBFactory): Promise<void> {
  const db = await openDb(to)
  try {
    const held = [...(memory ?? new Map()).entries()]
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite')
      for (const [key, value] of held) tx.objectStore(STORE).put(value, key)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error)
    })
  } finally {
    db.close()
  }
  factory = to
  memory = undefined
}

/** The Storage Access API as Chromium ships it (the `{ indexedDB: true }` form, "beyond cookies"). */
interface StorageAccessDocument {
  hasStorageAccess?: () => Promise<boolean>
  requestStorageAccess?: (types?: {
    indexedDB?: boolean
  }) => Promise<{ indexedDB?: IDBFactory } | undefined>
}

/**
 * Asks the browser for unpartitioned storage when the frame has only memory: where it was
 * granted before, without a gesture (`hasStorageAccess` first); with `gesture` (called inside a
 * click in the frame), by prompting. On a grant the memory store moves to IndexedDB, so this
 * device is known on the next visit. Answers whether storage is persistent now; never rejects.
 *
 * @example
 * approveButton.onclick = () => void requestPersistentStorage({ gesture: true })
 */
export async function requestPersistentStorage({
  gesture = false,
  document: doc = globalThis.document as unknown as StorageAccessDocument,
}: {
  gesture?: boolean
  document?: StorageAccessDocument
} = {}): Promise<boolean> {
  if (!(await storageIsMemoryOnly())) return true
  if (typeof doc?.requestStorageAccess !== 'function') return false
  try {
    if (!gesture && !(await doc.hasStorageAccess?.())) return false
    // Browsers without the `{ indexedDB }` form grant cookies only; their third-party IndexedDB
    // is then the global one (partitioned storage is enough for this frame).
    const handle = await doc.requestStorageAccess({ indexedDB: true })
    await adoptStorage(handle?.indexedDB ?? indexedDB)
    return true
  } catch (error) {
    console.warn('Storage access not granted; this device stays new on every visit:', error)
    return false
  }
}

/** Scope of the device share: one per user id, so two logins on one browser stay apart. */
const shareKeyName = (userId: string) => `device-share:${userId}`

/**
 * Seals `share` under a fresh non-extractable AES-GCM key and stores both; replaces (retires)
 * any device share this user had here.
 *
 * @example
 * await storeDeviceShare(user.id, shares.device)
 */
export async function storeDeviceShare(userId: string, share: Uint8Array): Promise<void> {
  const shareKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, shareKey, source(share))
  const record: DeviceRecord = { share: { iv, ciphertext }, shareKey }
  await writeValue(shareKeyName(userId), record)
}

/** The user's device share on this device, or null (a new device, or cleared storage). */
export async function loadDeviceShare(userId: string): Promise<Uint8Array | null> {
  const record = await readValue<DeviceRecord>(shareKeyName(userId))
  if (!record) return null
  const { iv, ciphertext } = record.share
  return new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, record.shareKey, ciphertext),
  )
}

/** Forgets the user's device share here (a retired share, or sign-out with "forget device"). */
export const deleteDeviceShare = (userId: string) => deleteValue(shareKeyName(userId))

/** The raw stored record, for tests that check the key cannot be exported. */
export const readDeviceRecord = (userId: string) => readValue<DeviceRecord>(shareKeyName(userId))
