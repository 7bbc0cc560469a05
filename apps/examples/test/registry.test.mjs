// The loopback registry answers from the workspace lockfile: exact versions, integrity from
// `packages`, dependencies (peers out, aliases as `npm:`) from `snapshots`, 404 otherwise.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { metadataFromLockfile, splitKey, startRegistry } from './registry.mjs'
import { ROOT } from './util.mjs'

describe('the loopback registry', () => {
  test('splits lockfile keys, scoped or not, without their peer suffix', () => {
    assert.deepEqual(splitKey('react-dom@19.3.1(react@19.3.1)'), ['react-dom', '19.3.1'])
    assert.deepEqual(splitKey('@types/react@19.3.0'), ['@types/react', '19.3.0'])
  })

  test('builds registry documents from a v9 lockfile', () => {
    const lockfile = {
      packages: {
        'a@1.0.0': {
          resolution: { integrity: 'sha512-a' },
          peerDependencies: { p: '^2' },
          cpu: ['x64'],
        },
        'a@1.1.0-rc.1': { resolution: { integrity: 'sha512-rc' } },
        'b@2.0.0': { resolution: { integrity: 'sha512-b' }, hasBin: true },
        'g@1.0.0': { resolution: { tarball: 'https://example.org/g.tgz' } },
      },
      snapshots: {
        'a@1.0.0(p@2.1.0)': {
          dependencies: { b: '2.0.0', p: '2.1.0', 'c-cjs': 'c@3.0.0' },
          optionalDependencies: { d: '4.0.0(p@2.1.0)' },
        },
        'b@2.0.0': {},
      },
    }
    const documents = metadataFromLockfile(lockfile, 'http://127.0.0.1:1')
    const a = documents.get('a')
    assert.equal(a['dist-tags'].latest, '1.0.0')
    assert.deepEqual(a.versions['1.0.0'], {
      name: 'a',
      version: '1.0.0',
      peerDependencies: { p: '^2' },
      cpu: ['x64'],
      dist: { integrity: 'sha512-a', tarball: 'http://127.0.0.1:1/a/-/a-1.0.0.tgz' },
      dependencies: { b: '2.0.0', 'c-cjs': 'npm:c@3.0.0', d: '4.0.0' },
      optionalDependencies: { d: '4.0.0' },
    })
    assert.deepEqual(documents.get('b').versions['2.0.0'].bin, {})
    assert.equal(documents.has('g'), false)
  })

  describe('over HTTP, from the workspace lockfile', () => {
    let registry
    before(async () => {
      registry = await startRegistry(join(ROOT, 'pnpm-lock.yaml'))
    })
    after(() => registry?.stop())

    test('serves a scoped package with the locked version and its integrity', async () => {
      const response = await fetch(`${registry.url}/@types%2freact`)
      assert.equal(response.status, 200)
      const document = await response.json()
      assert.equal(document.name, '@types/react')
      const manifest = document.versions[document['dist-tags'].latest]
      assert.match(manifest.dist.integrity, /^sha512-/)
    })

    test('answers 404 for a package the lockfile does not hold, and for tarballs', async () => {
      const missing = await fetch(`${registry.url}/left-pad`)
      assert.equal(missing.status, 404)
      assert.match((await missing.json()).error, /not in the workspace lockfile/)
      const tarball = await fetch(`${registry.url}/react/-/react-19.3.1.tgz`)
      assert.equal(tarball.status, 404)
      assert.match((await tarball.json()).error, /not in the pnpm store/)
    })
  })
})
