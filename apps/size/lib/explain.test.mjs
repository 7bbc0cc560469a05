import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { attributeCode, decodeMappings, groupChunk, gzipShares, packageOf } from './explain.mjs'

describe('decodeMappings', () => {
  test('reads generated columns and source indexes, relative across segments', () => {
    // AAAA: column 0, source 0; CAAC: column +1; EAAA,CCAC: column 2, then column 3 in source 1.
    assert.deepEqual(decodeMappings('AAAA,CAAC;EAAA,CCAC'), [
      [
        [0, 0],
        [1, 0],
      ],
      [
        [2, 0],
        [3, 1],
      ],
    ])
  })

  test('keeps one-field segments (generated code without a source)', () => {
    assert.deepEqual(decodeMappings('A,CAAA'), [[[0], [1, 0]]])
  })

  test('rejects a mapping that is not base64 VLQ', () => {
    assert.throws(() => decodeMappings('AA!A'), /invalid source map mapping character !/)
  })
})

describe('attributeCode', () => {
  test('gives each byte to the segment that starts at or before it', () => {
    // "ab" from a.js, "cd" from b.js, "e" from bundler glue.
    const parts = attributeCode('abcde', { sources: ['a.js', 'b.js'], mappings: 'AAAA,ECAA,E' })
    assert.deepEqual(Object.fromEntries(parts), { 'a.js': 'ab', 'b.js': 'cd', null: 'e' })
  })

  test('a line without segments continues the previous source (a template literal)', () => {
    const code = 'x=`\n  color: red;\n`;y=1'
    const parts = attributeCode(code, { sources: ['styles.js', 'y.js'], mappings: 'AAAA;;ECAA' })
    assert.equal(parts.get('styles.js'), 'x=`\n  color: red;\n`;')
    assert.equal(parts.get('y.js'), 'y=1')
  })
})

describe('gzipShares', () => {
  test('shares add up to the gzip size of the whole; removal is what the file would lose', () => {
    const big = 'const table = ['.concat(
      Array.from({ length: 400 }, (_, i) => `${(i * 7919) % 1000}`).join(','),
      '];',
    )
    const small = 'export const x = 1;'
    const rows = gzipShares(
      new Map([
        ['small', small],
        ['big', big],
      ]),
    )
    const whole = gzipSync(Buffer.from(small + big), { level: 9 }).byteLength
    assert.equal(
      rows.reduce((sum, row) => sum + row.gzip, 0),
      whole,
    )
    assert.deepEqual(
      rows.map((row) => row.group),
      ['big', 'small'],
    )
    const withoutBig = gzipSync(Buffer.from(small), { level: 9 }).byteLength
    assert.equal(rows[0]?.removed, whole - withoutBig)
  })
})

describe('packageOf and groupChunk', () => {
  const names = new Map([
    ['/repo/node_modules/.pnpm/lit-html@3.3.1/node_modules/lit-html', 'lit-html'],
    ['/repo/packages/core', '@openmodal/core'],
  ])
  const readName = (dir) => names.get(dir)

  test('names the nearest package.json above a file', () => {
    assert.equal(
      packageOf('/repo/node_modules/.pnpm/lit-html@3.3.1/node_modules/lit-html/lit-html.js', {
        readName,
      }),
      'lit-html',
    )
    assert.equal(
      packageOf('/repo/packages/core/dist/stores/modal.js', { readName }),
      '@openmodal/core',
    )
    assert.equal(packageOf('/elsewhere/x.js', { readName }), '(unknown)')
  })

  test('groups a chunk by module and by package; a chunk without a map is bundler code', () => {
    const chunk = {
      fileName: 'assets/index.js',
      code: 'abcd',
      map: {
        sources: ['../../../../packages/core/dist/a.js', '../../../../packages/core/dist/b.js'],
        mappings: 'AAAA,ECAA',
      },
    }
    const { modules, packages } = groupChunk(chunk, '/repo/apps/size/dist', { readName })
    assert.deepEqual(Object.fromEntries(modules), {
      '/repo/packages/core/dist/a.js': 'ab',
      '/repo/packages/core/dist/b.js': 'cd',
    })
    assert.deepEqual(Object.fromEntries(packages), { '@openmodal/core': 'abcd' })
    const helper = groupChunk({ fileName: 'assets/h.js', code: 'xy', map: null }, '/d', {
      readName,
    })
    assert.deepEqual(Object.fromEntries(helper.packages), { '(bundler runtime)': 'xy' })
  })
})
