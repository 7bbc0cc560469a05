// The texts that exist only in development builds, read from the packages' sources: every
// `issueWarning(code, message)` call (core's dev warnings, stripped in production through
// esm-env's DEV) and the option docs of core's schema (`description` / `spec` texts of options/docs.ts, attached
// behind DEV_MODE). A production build that contains one of them leaks development code.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

// Minifiers may change quotes, escapes and non-ASCII characters: compare only the runs of
// words between them (an identifier alone, such as an option's name, is no evidence).
const MIN_LENGTH = 12

/** The plain runs of a string worth looking for in minified code. */
export function fragments(text) {
  return text
    .split(/[`'"\\$\n]|[^\x20-\x7e]/)
    .map((part) => part.trim())
    .filter((part) => part.length >= MIN_LENGTH && part.includes(' '))
}

function sourceFiles(dir) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) files.push(path)
  }
  return files
}

// The text of a string or template literal; a template's `${…}` parts become line breaks,
// where `fragments` splits.
function literalTexts(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
  if (ts.isTemplateExpression(node)) {
    return [[node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('\n')]
  }
  return []
}

/**
 * Development-only texts of `packages/<name>/src`: `{ kind, file, text, fragments }` per
 * warning code, warning message and option doc.
 *
 * @example devOnlyTexts('../../packages').find((t) => t.text === 'no-api-url')
 */
export function devOnlyTexts(packagesDir) {
  const texts = []
  for (const name of readdirSync(packagesDir)) {
    const src = join(packagesDir, name, 'src')
    let files
    try {
      files = sourceFiles(src)
    } catch {
      continue
    }
    for (const file of files) {
      const code = readFileSync(file, 'utf8')
      const isSchema = file.endsWith(join('options', 'docs.ts'))
      if (!isSchema && !code.includes('issueWarning(')) continue
      const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true)
      const add = (kind, text) => texts.push({ kind, file, text, fragments: fragments(text) })
      const visit = (node) => {
        if (
          ts.isCallExpression(node) &&
          ts.isIdentifier(node.expression) &&
          node.expression.text === 'issueWarning' &&
          node.arguments.length === 2
        ) {
          const [codeArg, messageArg] = node.arguments
          for (const text of literalTexts(codeArg)) add('warning code', text)
          for (const text of literalTexts(messageArg)) add('warning', text)
        }
        if (
          isSchema &&
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          (node.name.text === 'description' || node.name.text === 'spec')
        ) {
          for (const text of literalTexts(node.initializer)) add('option doc', text)
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
  }
  return texts
}

/**
 * The development-only texts found in `chunks` (`{ fileName, code }`): a warning's code is
 * matched as a quoted string, a message or doc when every fragment of it is in the same file
 * (one fragment alone, such as "The project server", may begin another text).
 */
export function devTextsIn(chunks, texts) {
  const hits = []
  for (const chunk of chunks) {
    for (const text of texts) {
      const found =
        text.kind === 'warning code'
          ? [`'${text.text}'`, `"${text.text}"`, `\`${text.text}\``].find((quoted) =>
              chunk.code.includes(quoted),
            )
          : text.fragments.length > 0 &&
            text.fragments.every((fragment) => chunk.code.includes(fragment)) &&
            text.fragments.join(' … ')
      if (found) hits.push({ file: chunk.fileName, kind: text.kind, text: found })
    }
  }
  return hits
}
