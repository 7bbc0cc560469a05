// A feature of @openmodal/ui is one folder (packages/ui/src/features/<feature>/): its views, its
// strings for every shipped locale, its registration. This proves the layout, and adds a
// throwaway view and a throwaway feature the documented way to a copy of the package's sources:
// the view touches only its feature's folder, the feature two files outside its own (the
// features table and its group's chunk), and the copy still type-checks (no central list of
// views, strings or locales left to edit). Run by `pnpm lint`.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const ui = join(root, 'packages', 'ui')

/** Every file under `dir`, as paths relative to it. */
function files(dir) {
  const found = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) for (const inner of files(path)) found.push(join(name, inner))
    else found.push(name)
  }
  return found
}

/** The features named in features/index.ts: an import line each, and a name in `FEATURES`. */
function featureNames(src) {
  const index = readFileSync(join(src, 'features', 'index.ts'), 'utf8')
  const table = index.match(/export const FEATURES = \{([^}]*)\}/)?.[1] ?? ''
  const listed = table.split(',').map((name) => name.trim())
  return index.split('\n').flatMap((line) => {
    const match = line.match(/^import \{ (\w+) \} from '\.\/(\w+)\/feature\.js'$/)
    return match && match[1] === match[2] && listed.includes(match[1]) ? [match[1]] : []
  })
}

/** The shipped locales' file names (i18n/index.ts's `SHIPPED`, plus English). */
function localeFiles(src) {
  const index = readFileSync(join(src, 'i18n', 'index.ts'), 'utf8')
  const shipped = index.slice(
    index.indexOf('const SHIPPED'),
    index.indexOf('\n}\n', index.indexOf('const SHIPPED')),
  )
  return ['en', ...[...shipped.matchAll(/import\('\.\/([\w-]+)\.js'\)/g)].map((match) => match[1])]
}

/** What breaks the layout in `src`: one line per problem. */
function layoutProblems(src) {
  const problems = []
  const names = featureNames(src)
  const folders = readdirSync(join(src, 'features')).filter((name) =>
    statSync(join(src, 'features', name)).isDirectory(),
  )
  if (names.length === 0) problems.push('features/index.ts names no feature')
  for (const folder of folders) {
    if (!names.includes(folder))
      problems.push(`features/${folder} is not named in features/index.ts`)
  }
  for (const name of names) {
    const base = join(src, 'features', name)
    for (const file of [
      'feature.ts',
      'pseudo-locale.ts',
      ...localeFiles(src).map((l) => `strings/${l}.ts`),
    ]) {
      if (!existsSync(join(base, file))) problems.push(`features/${name}/${file} is missing`)
    }
  }
  // Views live in features only.
  for (const file of files(src)) {
    if (/(^|[/\\])w3m-[\w-]+-view[/\\]/.test(file) && !file.startsWith(`features${sep}`)) {
      problems.push(`${file}: a view outside src/features/`)
    }
  }
  // Nothing outside the features reaches into a feature's folder, but the table, the group list
  // and tests.
  for (const file of files(src)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith(`test${sep}`))
      continue
    if (file.startsWith(`features${sep}`)) continue
    const source = readFileSync(join(src, file), 'utf8')
    for (const match of source.matchAll(/(?:from |import\()['"]([^'"]+)['"]/g)) {
      const target = join(dirname(file), match[1])
      if (
        target.startsWith(`features${sep}`) &&
        !/^features[/\\](index|groups|feature)\.js$/.test(target)
      ) {
        if (!(file === 'create-modal.ts' && target.endsWith(`connect${sep}chunk.js`))) {
          problems.push(`${file} imports ${match[1]} from inside a feature`)
        }
      }
    }
  }
  return problems
}

/** Adds a view to `feature` in the sources at `src` the way the README says; returns nothing. */
function addThrowawayView(src, feature, view) {
  const base = join(src, 'features', feature)
  const tag = 'w3m-throwaway-view'
  const key = `${feature}.throwaway`
  const edit = (file, find, replace) => {
    const path = join(base, file)
    const text = readFileSync(path, 'utf8')
    assert.ok(text.includes(find), `${file} has ${find}`)
    writeFileSync(path, text.replace(find, replace))
  }
  // 1. Its folder, with its element.
  const element = `import { html } from 'lit'
import { t } from '../../../i18n/index.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { define } from '../../../utils/define.js'
import '../strings/en.js'

export class W3mThrowawayView extends OpenModalElement {
  override render(): unknown {
    return html\`<p>\${t('${key}')}</p>\`
  }
}

define('${tag}', W3mThrowawayView)

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': W3mThrowawayView
  }
}
`
  const elementDir = join(base, tag)
  mkdirSync(elementDir)
  writeFileSync(join(elementDir, `${tag}.ts`), element)
  // 2. Its registration: one entry in the feature's table.
  edit('feature.ts', '  views: {\n', `  views: {\n    ${view}: { tag: '${tag}' },\n`)
  // 3. Its module in the feature's views (a group's chunk or the feature's views module).
  const viewsModule = existsSync(join(base, 'chunk.ts')) ? 'chunk.ts' : 'views.ts'
  const chunk = readFileSync(join(base, viewsModule), 'utf8')
  writeFileSync(join(base, viewsModule), `${chunk}import './${tag}/${tag}.js'\n`)
  // 4. Its strings: English and every shipped locale.
  edit('strings/en.ts', 'export const en = {\n', `export const en = {\n  '${key}': 'Throwaway',\n`)
  for (const locale of localeFiles(src).filter((l) => l !== 'en')) {
    edit(
      `strings/${locale}.ts`,
      'export const catalog: Catalog = {\n',
      `export const catalog: Catalog = {\n  '${key}': 'Throwaway (${locale})',\n`,
    )
  }
  // 5. Its pseudo-locale scenario, in the feature's scenarios.
  edit(
    'pseudo-locale.ts',
    'export const scenarios: Scenarios = {\n',
    `export const scenarios: Scenarios = {\n  async ${view}() {\n    await setupConnected()\n    reset('Account')\n    push('${view}')\n    openModal()\n  },\n`,
  )
}

/**
 * Adds the feature `name` with one view (`view`) to the sources at `src` the way the README
 * says: its folder (copying the siwx feature's strings as its own), one line in
 * features/index.ts, one `import` in the chunk of the group it joins (`connect`).
 */
function addThrowawayFeature(src, name, view) {
  const base = join(src, 'features', name)
  const tag = `w3m-${name}-view`
  mkdirSync(join(base, tag), { recursive: true })
  cpSync(join(src, 'features', 'siwx', 'strings'), join(base, 'strings'), { recursive: true })
  for (const file of readdirSync(join(base, 'strings'))) {
    const path = join(base, 'strings', file)
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll("'siwx.", `'${name}.`))
  }
  writeFileSync(
    join(base, tag, `${tag}.ts`),
    `import { html } from 'lit'
import { t } from '../../../i18n/index.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { define } from '../../../utils/define.js'
import '../strings/en.js'

export class W3mThrowawayFeatureView extends OpenModalElement {
  override render(): unknown {
    return html\`<p>\${t('${name}.sign')}</p>\`
  }
}

define('${tag}', W3mThrowawayFeatureView)
`,
  )
  writeFileSync(join(base, 'views.ts'), `import './${tag}/${tag}.js'\n`)
  writeFileSync(
    join(base, 'feature.ts'),
    `import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const ${name}: Feature<typeof en> = {
  group: 'connect',
  views: {
    ${view}: { tag: '${tag}' },
  },
}
`,
  )
  writeFileSync(
    join(base, 'pseudo-locale.ts'),
    `import { openModal, reset } from '@openmodal/core/internal'
import { setupClient } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

export const scenarios: Scenarios = {
  async ${view}() {
    setupClient()
    reset('${view}')
    openModal()
  },
}
`,
  )
  // Outside its folder: its name in features/index.ts, its views in its group's chunk.
  const index = join(src, 'features', 'index.ts')
  const table = 'export const FEATURES = {\n'
  const text = readFileSync(index, 'utf8')
  assert.ok(text.includes(table), 'the features table')
  writeFileSync(
    index,
    text.replace(table, `import { ${name} } from './${name}/feature.js'\n\n${table}  ${name},\n`),
  )
  const chunk = join(src, 'features', 'connect', 'chunk.ts')
  writeFileSync(chunk, `${readFileSync(chunk, 'utf8')}import '../${name}/views.js'\n`)
}

/** Takes `view` (module `tag` of `feature`) out of the source tree `src`: its route is free. */
function withoutView(src, feature, view, tag) {
  const base = join(src, 'features', feature)
  const edit = (file, pattern) => {
    const text = readFileSync(file, 'utf8')
    assert.match(text, pattern, `${file} names ${view}`)
    writeFileSync(file, text.replace(pattern, ''))
  }
  edit(join(base, 'feature.ts'), new RegExp(`^ *${view}: \\{ tag: '${tag}' \\},\\n`, 'm'))
  edit(join(base, 'views.ts'), new RegExp(`^import './${tag}/${tag}\\.js'\\n`, 'm'))
  edit(
    join(base, 'pseudo-locale.ts'),
    new RegExp(`^  async ${view}\\(\\) \\{[\\s\\S]*?\\n  \\},\\n`, 'm'),
  )
  rmSync(join(base, tag), { recursive: true, force: true })
}

/**
 * Files of the package outside a feature's folder that adding a view to it touches: none. With
 * a view name core does not have yet, one line of core's `VIEWS` (packages/core/src/stores/router.ts).
 */
const ALLOWED_OUTSIDE = []

/** The files that differ between two source trees (added, removed or changed). */
function changed(before, after) {
  const all = new Set([...files(before), ...files(after)])
  return [...all].filter((file) => {
    const a = join(before, file)
    const b = join(after, file)
    return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b))
  })
}

const scratch = mkdtempSync(join(ui, '.layout-'))
after(() => rmSync(scratch, { recursive: true, force: true }))

test('every view lives in a feature folder named once in features/index.ts', () => {
  assert.deepEqual(layoutProblems(join(ui, 'src')), [])
})

test('the layout check fails on a view outside the features and an unnamed feature', () => {
  const src = join(scratch, 'broken')
  cpSync(join(ui, 'src'), src, { recursive: true })
  cpSync(join(src, 'features', 'siwx'), join(src, 'views', 'w3m-stray-view'), { recursive: true })
  const index = join(src, 'features', 'index.ts')
  writeFileSync(index, readFileSync(index, 'utf8').replace(/^import \{ siwx \}.*\n/m, ''))
  const problems = layoutProblems(src)
  assert.ok(
    problems.some((p) => p.includes('a view outside src/features/')),
    problems.join('\n'),
  )
  assert.ok(
    problems.includes('features/siwx is not named in features/index.ts'),
    problems.join('\n'),
  )
})

test('a throwaway view and a throwaway feature touch only the allowed files, and type-check', () => {
  // Every view name of core has its route now: the throwaways take ConnectingFarcaster's and
  // ProfileWallets' in a copy without them (a new name would add one line to core's `VIEWS`,
  // in packages/core/src/stores/router.ts, the one allowed file outside).
  const base = join(scratch, 'base')
  cpSync(join(ui, 'src'), base, { recursive: true })
  withoutView(base, 'social', 'ConnectingFarcaster', 'w3m-connecting-farcaster-view')
  withoutView(base, 'profile', 'ProfileWallets', 'w3m-profile-wallets-view')
  const src = join(scratch, 'src')
  cpSync(base, src, { recursive: true })
  addThrowawayView(src, 'account', 'ConnectingFarcaster')
  const outside = changed(base, src).filter(
    (file) => !file.startsWith(`features${sep}account${sep}`),
  )
  assert.deepEqual(outside, ALLOWED_OUTSIDE, 'files outside the feature folder')
  assert.ok(outside.length + 1 <= 3, "at most three files outside the folder, with core's VIEWS")
  assert.ok(changed(base, src).length >= 10, 'the view, its table entry and strings')
  assert.deepEqual(layoutProblems(src), [])
  // A new feature: two files of the package outside its folder. With core's VIEWS, its store
  // and actions exported from core's entry and its server route: at most six existing files.
  const withView = join(scratch, 'with-view')
  cpSync(src, withView, { recursive: true })
  addThrowawayFeature(src, 'throwaway', 'ProfileWallets')
  const feature = changed(withView, src).filter(
    (file) => !file.startsWith(`features${sep}throwaway${sep}`),
  )
  assert.deepEqual(feature.sort(), [
    join('features', 'connect', 'chunk.ts'),
    join('features', 'index.ts'),
  ])
  assert.deepEqual(layoutProblems(src), [])
  writeFileSync(
    join(scratch, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(scratch, join(ui, 'tsconfig.test.json')),
      include: ['src'],
    }),
  )
  const tsc = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', scratch], {
    cwd: ui,
    encoding: 'utf8',
  })
  assert.equal(tsc.status, 0, `${tsc.stdout}${tsc.stderr}`)
})
