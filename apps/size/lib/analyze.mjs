// Pure functions of the size check: which chunks a page loads before any user action, their
// sizes as served (raw, gzip level 9, brotli quality 11, per file), and which modules of those
// chunks the budgets forbid. No I/O here beyond what the callers pass in, so tests can feed
// synthetic chunks.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * @typedef {object} ChunkInfo
 * @property {string} fileName  Path of the chunk inside the build's outDir (`assets/x.js`).
 * @property {boolean} isEntry
 * @property {string[]} imports  Static imports (file names).
 * @property {string[]} dynamicImports  `import()` targets (file names).
 * @property {string[]} moduleIds  Every module bundled into the chunk (absolute ids).
 * @property {string} code
 */

/** Byte sizes of one file as a server would send it. */
export function sizesOf(code) {
  const buffer = Buffer.from(code)
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer, { level: 9 }).byteLength,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.byteLength,
      },
    }).byteLength,
  }
}

/** Adds up per-file sizes. */
export function sumSizes(list) {
  return list.reduce(
    (total, s) => ({
      raw: total.raw + s.raw,
      gzip: total.gzip + s.gzip,
      brotli: total.brotli + s.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  )
}

/**
 * The JS files an HTML page requests before any user action: every
 * `<script type="module" src>` and `<link rel="modulepreload" href>` (and classic
 * `<script src>`), as paths relative to the page.
 *
 * @example htmlScripts('<script type="module" src="/assets/index-x.js"></script>') // ['assets/index-x.js']
 */
export function htmlScripts(html) {
  const found = []
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const [, tag, attrs] = match
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(attrs)?.[1]
    const url = tag.toLowerCase() === 'script' ? attr('src') : attr('href')
    if (!url) continue
    if (tag.toLowerCase() === 'link' && attr('rel')?.toLowerCase() !== 'modulepreload') continue
    if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) continue
    found.push(url.replace(/^\.?\//, ''))
  }
  return found
}

/**
 * The initial JS: the page's scripts and modulepreloads plus everything they import
 * statically, transitively. Dynamic imports are not followed (they load on demand).
 *
 * @param {ChunkInfo[]} chunks
 * @param {string[]} roots  From `htmlScripts`.
 * @returns {Set<string>} file names
 */
export function initialFiles(chunks, roots) {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const initial = new Set()
  const visit = (name) => {
    if (initial.has(name)) return
    initial.add(name)
    for (const next of byName.get(name)?.imports ?? []) visit(next)
  }
  for (const root of roots) visit(root)
  return initial
}

/** Module ids with forward slashes and without Rollup's virtual-module prefix. */
export function normalizeModuleId(id) {
  return id.replace(/^\0/, '').replaceAll('\\', '/')
}

/**
 * Modules of `files` that match a forbidden rule.
 *
 * @param {ChunkInfo[]} chunks
 * @param {Iterable<string>} files
 * @param {{ name: string, pattern: string }[]} rules  `pattern` is a RegExp source matched
 *   against normalized module ids.
 * @returns {{ rule: string, file: string, moduleId: string }[]}
 *
 * @example forbiddenModules(chunks, ['assets/index.js'], [{ name: 'QR', pattern: '/node_modules/qrcode/' }])
 */
export function forbiddenModules(chunks, files, rules) {
  const compiled = rules.map((rule) => ({ name: rule.name, re: new RegExp(rule.pattern) }))
  const wanted = new Set(files)
  const hits = []
  for (const chunk of chunks) {
    if (!wanted.has(chunk.fileName)) continue
    for (const raw of chunk.moduleIds) {
      const moduleId = normalizeModuleId(raw)
      for (const rule of compiled) {
        if (rule.re.test(moduleId)) hits.push({ rule: rule.name, file: chunk.fileName, moduleId })
      }
    }
  }
  return hits
}

/**
 * Initial and total JS of one build.
 *
 * @param {ChunkInfo[]} chunks
 * @param {string} html  The built index.html.
 */
export function analyzeBuild(chunks, html) {
  const roots = htmlScripts(html).filter((name) => chunks.some((c) => c.fileName === name))
  const initial = initialFiles(chunks, roots)
  const sizes = new Map(chunks.map((c) => [c.fileName, sizesOf(c.code)]))
  return {
    roots,
    initialFiles: [...initial].sort(),
    allFiles: chunks.map((c) => c.fileName).sort(),
    initial: sumSizes([...initial].map((name) => sizes.get(name))),
    total: sumSizes([...sizes.values()]),
    sizes,
  }
}

/** `12345` → `12.3 kB` (kB = 1000 bytes, as the budgets are written). */
export function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`
}
