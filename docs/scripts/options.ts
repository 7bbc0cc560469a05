// Generates docs/options.md from the option schema (packages/core/src/options/schema.ts): the
// names and the validator's words come from the valibot schemas, descriptions and spec texts
// from their `description` / `metadata` pipes (options/docs.ts), defaults from `parseOptions`
// itself (the schema's own `v.optional(schema, default)`), types from
// the `ModalOptions`, `Features` and `ThemeVariables` declarations. Run under the `development`
// condition (the docs pipes exist in development builds only):
//
//   pnpm --filter @openmodal/docs options          writes docs/options.md
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import * as v from 'valibot'
import type { OptionDoc } from '../../packages/core/src/options/docs.js'
import { buildSchemas, parseOptions } from '../../packages/core/src/options/schema.js'
import { DEV_MODE } from '../../packages/core/src/utils/dev.js'

const SCHEMA_FILE = new URL('../../packages/core/src/options/schema.ts', import.meta.url)
export const OPTIONS_MD = new URL('../options.md', import.meta.url)

/** One documented entry of an object schema. */
export interface OptionRow {
  name: string
  type: string
  accepts: string
  required: boolean
  default: string
  doc: OptionDoc
}

type Entries = Record<string, v.GenericSchema>

// The object entries behind `strict(...)` (a pipe of a record check and the strictObject).
function entriesOf(schema: v.GenericSchema): Entries {
  const pipe = (schema as { pipe?: readonly unknown[] }).pipe ?? []
  const object = pipe.find(
    (item): item is { entries: Entries } =>
      typeof item === 'object' && item !== null && 'entries' in item,
  )
  if (!object) throw new Error(`not an object schema: ${schema.type}`)
  return object.entries
}

function unwrapOptional(schema: v.GenericSchema): v.GenericSchema {
  return schema.type === 'optional'
    ? (schema as unknown as { wrapped: v.GenericSchema }).wrapped
    : schema
}

// What the validator expects, in its own words: the message it gives for a value no option
// accepts ("expected an http or https URL, received …").
function accepts(name: string, schema: v.GenericSchema): string {
  const result = v.safeParse(unwrapOptional(schema), Symbol('probe'))
  const message = result.success ? undefined : result.issues[0].message
  const at = message?.lastIndexOf(', received ') ?? -1
  if (!message?.startsWith('expected ') || at < 0) {
    throw new Error(`${name}: no "expected …" message from the schema (got ${message})`)
  }
  return message.slice('expected '.length, at)
}

// Property types as written in the declarations of schema.ts.
function declaredTypes(): Map<string, Map<string, string>> {
  const path = fileURLToPath(SCHEMA_FILE)
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
  const types = new Map<string, Map<string, string>>()
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return
    const members = new Map<string, string>()
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue
      const name = member.name
      if (ts.isIdentifier(name) || ts.isStringLiteral(name)) {
        members.set(name.text, member.type.getText(source).replace(/\s+/g, ' '))
      }
    }
    types.set(node.name.text, members)
  })
  return types
}

function formatDefault(value: unknown): string {
  if (value === undefined) return 'unset'
  return `\`${JSON.stringify(value)}\``
}

function rows(
  entries: Entries,
  types: Map<string, string> | undefined,
  defaults: Record<string, unknown>,
  prefix = '',
): OptionRow[] {
  return Object.entries(entries).map(([name, schema]) => {
    const description = v.getDescription(schema)
    if (!description) throw new Error(`option ${prefix}${name} has no description in the schema`)
    const doc = v.getMetadata(schema) as OptionDoc
    const type = types?.get(name)
    if (!type) throw new Error(`option ${prefix}${name} has no declared type`)
    const required = schema.type !== 'optional'
    return {
      name: `${prefix}${name}`,
      type,
      accepts: accepts(`${prefix}${name}`, schema),
      required,
      default: doc.default ?? (required ? 'required' : formatDefault(defaults[name])),
      doc: { ...doc, description },
    }
  })
}

/** The documented options: top level, `features.*` and `themeVariables[…]`. */
export function optionRows(): { options: OptionRow[]; features: OptionRow[]; theme: OptionRow[] } {
  if (!DEV_MODE) {
    throw new Error('run with --conditions=development: the option docs exist in development only')
  }
  const { optionsSchema } = buildSchemas()
  const types = declaredTypes()
  const probe = {
    id: 1,
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:1',
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['https://rpc.invalid'] } },
  } as const
  const resolved = parseOptions({ networks: [probe] }) as unknown as Record<string, unknown>
  const entries = entriesOf(optionsSchema)
  const nested = (name: string) => entriesOf(unwrapOptional(entries[name] as v.GenericSchema))
  return {
    options: rows(entries, types.get('ModalOptions'), resolved),
    features: rows(
      nested('features'),
      types.get('Features'),
      resolved.features as Record<string, unknown>,
      'features.',
    ),
    theme: rows(nested('themeVariables'), types.get('ThemeVariables'), {}),
  }
}

// GitHub's heading anchors: lower case, punctuation but `-` and `_` dropped, spaces to `-`.
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-')

const cell = (text: string) => text.replace(/\|/g, '\\|')

function table(list: readonly OptionRow[]): string[] {
  return [
    '| option | type | default |',
    '| --- | --- | --- |',
    ...list.map(
      (row) =>
        `| [\`${row.name}\`](#${anchor(row.name)}) | \`${cell(row.type)}\` | ${cell(row.default)} |`,
    ),
  ]
}

function section(row: OptionRow): string[] {
  return [
    `### \`${row.name}\``,
    '',
    row.doc.description,
    '',
    `- Type: \`${row.type}\`${row.required ? ' (required)' : ''}`,
    `- Accepts: ${row.accepts}`,
    `- Default: ${row.default}`,
    ...(row.doc.spec ? [`- Spec ${row.doc.spec}`] : []),
    '',
  ]
}

// The repository's formatter (Biome formats Markdown too: `pnpm lint` checks this file), so
// the generated text is byte for byte what a formatted commit holds.
function formatMarkdown(markdown: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome')
  return execFileSync(process.execPath, [biome, 'format', '--stdin-file-path=docs/options.md'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    input: markdown,
    encoding: 'utf8',
  })
}

/** docs/options.md, as the schema says it today. */
export function renderOptionsMarkdown(): string {
  const { options, features, theme } = optionRows()
  const markdown = [
    '# Options reference',
    '',
    '<!-- Generated from packages/core/src/options/schema.ts by docs/scripts/options.ts; do not edit.',
    '     Run `pnpm --filter @openmodal/docs options` after changing an option. -->',
    '',
    "What `createModal(options)` accepts (`@openmodal/react`, `@openmodal/ui`, and core's",
    '`createModalClient`). The options are validated when the modal is created: a wrong value',
    'throws `InvalidOptionsError` naming the field and what it expects, e.g.',
    '``Invalid option `themeMode`: expected "light" or "dark", received "blue"``. "Accepts" below',
    "is the validator's own wording; a default is what the option is when you leave it out.",
    '',
    ...table(options),
    '',
    '## Options',
    '',
    ...options.flatMap(section),
    '## Feature switches',
    '',
    '`features: { … }`: each switch is optional; the others keep their defaults. Email, socials,',
    'swaps, onramp, activity and reownBranding are remote features: once the project config of',
    'your server (`apiUrl`) is loaded it decides them (a local setting is then ignored, with a',
    'development warning), and they are off in local mode (no `apiUrl`) and in basic mode.',
    '',
    ...table(features),
    '',
    ...features.flatMap(section),
    '## Theme variables',
    '',
    '`themeVariables: { … }`, written as custom properties on the modal and the buttons; the',
    'same properties set in page CSS work too. See [theming](theming.md).',
    '',
    ...table(theme),
    '',
    ...theme.flatMap(section),
  ]
    .join('\n')
    .replace(/\n+$/, '\n')
  return formatMarkdown(markdown)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OPTIONS_MD, renderOptionsMarkdown())
  console.log(`wrote ${fileURLToPath(OPTIONS_MD)}`)
}
