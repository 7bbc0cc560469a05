import { expect } from '@open-wc/testing'
import {
  deleteDeviceShare,
  loadDeviceShare,
  readDeviceRecord,
  storeDeviceShare,
} from './device-store.js'

describe('device share store', () => {
  it('seals the share under a non-extractable AES-GCM key in IndexedDB and opens it again', async () => {
    const share = crypto.getRandomValues(new Uint8Array(17))
    await storeDeviceShare('user-1', share)
    expect(Array.from((await loadDeviceShare('user-1')) ?? [])).to.deep.equal(Array.from(share))

    const record = await readDeviceRecord('user-1')
    expect(record?.shareKey.extractable).to.equal(false)
    expect(record?.shareKey.algorithm.name).to.equal('AES-GCM')
    const stored = new Uint8Array(record?.share.ciphertext ?? new ArrayBuffer(0))
    expect(stored.length).to.equal(share.length + 16) // the GCM tag: sealed, not plain
    let exportError: unknown
    if (!record) throw new Error('no record')
    await crypto.subtle.exportKey('raw', record.shareKey).catch((error) => {
      exportError = error
    })
    expect((exportError as DOMException)?.name).to.equal('InvalidAccessError')
  })

  it('replaces a retired share and forgets it on delete', async () => {
    await storeDeviceShare('user-2', new Uint8Array([1, 2, 3]))
    await storeDeviceShare('user-2', new Uint8Array([4, 5, 6]))
    expect(Array.from((await loadDeviceShare('user-2')) ?? [])).to.deep.equal([4, 5, 6])
    await deleteDeviceShare('user-2')
    expect(await loadDeviceShare('user-2')).to.equal(null)
  })
})
