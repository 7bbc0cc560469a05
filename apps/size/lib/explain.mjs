// Pure functions of `explain`: which source module each byte of a built (minified) chunk comes
// from, by the chunk's source map, and how much of the chunk's gzip size each module or package
// accounts for. No I/O beyond a package.json lookup the caller can replace, so tests can feed
// synthetic chunks and maps.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]))

/**
 * Decodes a source map's `mappings` into, per generated line, the segments
 * `[generatedColumn, sourceIndex?]` in column order (the original line and column are not
 * needed to attribute bytes).
 *
 * @example decodeMappings('AAAA,CAAC;AACA') // [[[0, 0], [1, 0]], [[0, 0]]]
 */
export function decodeMappings(mappings) {
  const lines = []
  // Fields 3-5 (original line, column, name) are relative too, but bytes need only the source.
  let source = 0
  for (const lineText of mappings.split(';')) {
    const segments = []
    let column = 0
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segmentText) {
        const digit = BASE64_VALUE.get(char)
        if (digit === undefined) throw new Error(`invalid source map mapping character ${char}`)
        value += (digit & 31) << shift
        if (digit & 32) {
          shift += 5
          continue
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
        value = 0
        shift = 0
      }
      column += fields[0]
      if (fields.length >= 4) {
        source += fields[1]
        segments.push([column, source])
      } else {
        segments.push([column])
      }
    }
    lines.push(segments)
  }
  return lines
}

/**
 * Splits `code` into the parts each source of `map` produced: every character belongs to the
 * segment that starts at or before it (source-map-explorer's rule). A line that starts without
 * a segment continues the previous line's last segment: minified code breaks lines only inside
 * template literals (Lit's css`` and html``), whose later lines carry no mappings. Segments
 * without a source are bundler glue and go to `null`.
 *
 * @param {string} code  The generated chunk.
 * @param {{ sources: string[], mappings: string }} map
 * @returns {Map<string | null, string>} source (as written in the map) → its generated text
 *
 * @example attributeCode('ab', { sources: ['x.js'], mappings: 'AAAA,CAAA' }) // Map { 'x.js' => 'ab' }
 */
export function attributeCode(code, map) {
  const parts = new Map()
  const add = (source, text) => {
    if (text === '') return
    parts.set(source, (parts.get(source) ?? '') + text)
  }
  const lines = decodeMappings(map.mappings)
  const codeLines = code.split('\n')
  let source = null
  codeLines.forEach((line, index) => {
    let start = 0
    for (const [column, sourceIndex] of lines[index] ?? []) {
      if (column > start) add(source, line.slice(start, column))
      if (column >= start) start = column
      source = sourceIndex === undefined ? null : (map.sources[sourceIndex] ?? null)
    }
    add(source, line.slice(start) + (index < codeLines.length - 1 ? '\n' : ''))
  })
  return parts
}

const gzipLength = (text) => gzipSync(Buffer.from(text), { level: 9 }).byteLength

/**
 * The share of a chunk's gzip size that each group of its code accounts for. Each group's text
 * is compressed on its own and the results are scaled so that they add up to the chunk's real
 * gzip size (compressing text apart loses the context it shares with the rest, so unscaled
 * numbers would add up to more than the file). `removed` is what gzip of the chunk would lose
 * if that group's text were not in it: the saving to expect from moving the group behind
 * `import()` (before the small cost of the import itself).
 *
 * @param {Map<string, string>} groups  group → its generated text (disjoint, together the chunk)
 * @param {{ removal?: boolean }} [options]  `removal: false` skips the (slower) removal figure.
 * @returns {{ group: string, raw: number, gzip: number, removed?: number }[]} biggest first
 */
export function gzipShares(groups, { removal = true } = {}) {
  const entries = [...groups]
  const whole = entries.map(([, text]) => text).join('')
  const wholeGzip = gzipLength(whole)
  const alone = entries.map(([, text]) => gzipLength(text))
  const aloneSum = alone.reduce((sum, n) => sum + n, 0) || 1
  const rows = entries.map(([group, text], index) => {
    const row = {
      group,
      raw: Buffer.byteLength(text),
      gzip: Math.round((wholeGzip * alone[index]) / aloneSum),
    }
    if (removal) {
      const without = entries
        .filter((_, other) => other !== index)
        .map(([, t]) => t)
        .join('')
      row.removed = wholeGzip - gzipLength(without)
    }
    return row
  })
  return rows.sort((a, b) => b.gzip - a.gzip || a.group.localeCompare(b.group))
}

/**
 * The package a file belongs to: the `name` of the nearest package.json above it (a workspace
 * package's or a dependency's), or `(app)` when that is the reference app itself.
 *
 * @example packageOf('/repo/node_modules/.pnpm/lit-html@3.3.1/node_modules/lit-html/lit-html.js') // 'lit-html'
 */
export function packageOf(file, { cache = new Map(), readName = readPackageName } = {}) {
  let dir = dirname(file)
  const visited = []
  while (true) {
    if (cache.has(dir)) break
    visited.push(dir)
    const name = readName(dir)
    if (name !== undefined) {
      cache.set(dir, name)
      break
    }
    const parent = dirname(dir)
    if (parent === dir) {
      cache.set(dir, '(unknown)')
      break
    }
    dir = parent
  }
  const name = cache.get(dir)
  for (const seen of visited) cache.set(seen, name)
  return name
}

function readPackageName(dir) {
  const file = join(dir, 'package.json')
  if (!existsSync(file)) return undefined
  const { name } = JSON.parse(readFileSync(file, 'utf8'))
  // A nested package.json without a name (e.g. `{"type": "module"}` in a dist folder) does
  // not make a package.
  return typeof name === 'string' ? name : undefined
}

/**
 * Splits one built chunk into module and package groups by its source map.
 *
 * @param {{ fileName: string, code: string, map: { sources: string[], mappings: string } | null }} chunk
 * @param {string} outDir  Where the chunk was written (map sources are relative to it).
 * @returns {{ modules: Map<string, string>, packages: Map<string, string> }}
 *   absolute module path (or `(bundler runtime)`) → text, package name → text
 */
export function groupChunk(chunk, outDir, { cache = new Map(), readName } = {}) {
  const chunkDir = dirname(join(outDir, chunk.fileName))
  const modules = new Map()
  const packages = new Map()
  const append = (map, key, text) => map.set(key, (map.get(key) ?? '') + text)
  // A chunk of bundler code only (Vite's preload helper) gets no source map.
  const parts = chunk.map ? attributeCode(chunk.code, chunk.map) : new Map([[null, chunk.code]])
  for (const [source, text] of parts) {
    const file = source === null ? null : resolve(chunkDir, source.replace(/^\0/, ''))
    append(modules, file ?? '(bundler runtime)', text)
    const name =
      file === null || !file.startsWith('/')
        ? '(bundler runtime)'
        : packageOf(file, { cache, readName })
    append(packages, name, text)
  }
  return { modules, packages }
}
