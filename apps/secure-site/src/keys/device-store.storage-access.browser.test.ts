// The Storage Access API path of the device store. A browser that denies a third-party frame
// its IndexedDB is stood in for by an `indexedDB` whose opens fail the way Chromium's do
// (UnknownError); the grant by a `document` whose requestStorageAccess answers a handle with the
// page's real IndexedDB, as Chromium's `{ indexedDB: true }` form does. (Headless Chromium here
// cannot grant it for real: even after a CDP permission grant its handle's IndexedDB refuses.)
// The frame's own denied path runs in Chromium in @openmodal/embedded's storage-blocked group.
import { expect } from '@open-wc/testing'
import {
  loadDeviceShare,
  requestPersistentStorage,
  storageIsMemoryOnly,
  storeDeviceShare,
} from './device-store.js'

const realIndexedDB = window.indexedDB

/** An IDBFactory whose every open fails like a third-party frame's in Chromium 156. */
const blockedIndexedDB = {
  open() {
    const request = new EventTarget() as IDBOpenDBRequest & { readyState: string }
    Object.defineProperties(request, {
      readyState: { value: 'done' },
      error: { value: new DOMException('Internal error opening backing store', 'UnknownError') },
    })
    setTimeout(() => request.onerror?.(new Event('error')), 0)
    return request
  },
} as unknown as IDBFactory

function standInDocument(answer: 'grant' | 'deny', hasAccess = false) {
  const calls: string[] = []
  return {
    calls,
    document: {
      hasStorageAccess: async () => {
        calls.push('hasStorageAccess')
        return hasAccess
      },
      requestStorageAccess: async (types?: { indexedDB?: boolean }) => {
        calls.push(`requestStorageAccess ${JSON.stringify(types)}`)
        if (answer === 'deny')
          throw new DOMException('requestStorageAccess not allowed', 'NotAllowedError')
        return { indexedDB: realIndexedDB }
      },
    },
  }
}

describe('device store and the Storage Access API', () => {
  before(() => {
    Object.defineProperty(window, 'indexedDB', { value: blockedIndexedDB, configurable: true })
  })
  after(() => {
    Object.defineProperty(window, 'indexedDB', { value: realIndexedDB, configurable: true })
  })

  it('keeps keys in memory where the browser denies IndexedDB', async () => {
    expect(await storageIsMemoryOnly()).to.equal(true)
    await storeDeviceShare('sa-user', new Uint8Array([7, 8, 9]))
    expect(Array.from((await loadDeviceShare('sa-user')) ?? [])).to.deep.equal([7, 8, 9])
  })

  it('does not prompt without a gesture unless access was granted before', async () => {
    const { calls, document } = standInDocument('grant', false)
    expect(await requestPersistentStorage({ document })).to.equal(false)
    expect(calls).to.deep.equal(['hasStorageAccess'])
    expect(await storageIsMemoryOnly()).to.equal(true)
  })

  it('stays in memory when the user denies storage access after a gesture', async () => {
    const { calls, document } = standInDocument('deny')
    expect(await requestPersistentStorage({ gesture: true, document })).to.equal(false)
    expect(calls).to.deep.equal(['requestStorageAccess {"indexedDB":true}'])
    expect(await storageIsMemoryOnly()).to.equal(true)
    expect(Array.from((await loadDeviceShare('sa-user')) ?? [])).to.deep.equal([7, 8, 9])
  })

  it('moves the memory store into the granted IndexedDB, so the device is known next visit', async () => {
    const { calls, document } = standInDocument('grant')
    expect(await requestPersistentStorage({ gesture: true, document })).to.equal(true)
    expect(calls).to.deep.equal(['requestStorageAccess {"indexedDB":true}'])
    expect(await storageIsMemoryOnly()).to.equal(false)
    // Read back from the real IndexedDB by a fresh open: not from memory.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = realIndexedDB.open('openmodal-secure', 1)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const record = await new Promise<unknown>((resolve, reject) => {
      const request = db.transaction('keys').objectStore('keys').get('device-share:sa-user')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    db.close()
    expect((record as { shareKey: CryptoKey }).shareKey.extractable).to.equal(false)
    expect(Array.from((await loadDeviceShare('sa-user')) ?? [])).to.deep.equal([7, 8, 9])
    // Persistent now: no further request.
    const again = standInDocument('grant')
    expect(await requestPersistentStorage({ gesture: true, document: again.document })).to.equal(
      true,
    )
    expect(again.calls).to.deep.equal([])
  })
})
