// docs/options.md is generated from the option schema: it must match what the generator writes
// today, and the schema must document every option it validates.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { OPTIONS_MD, optionRows, renderOptionsMarkdown } from './options.js'

describe('the options reference (docs/options.md)', () => {
  test('is what the generator writes from the schema today', () => {
    const committed = readFileSync(OPTIONS_MD, 'utf8')
    assert.ok(
      committed === renderOptionsMarkdown(),
      'docs/options.md is stale: run `pnpm --filter @openmodal/docs options` and commit it',
    )
  })

  test('documents every option, feature switch and theme variable the schema validates', () => {
    const { options, features, theme } = optionRows()
    const markdown = readFileSync(OPTIONS_MD, 'utf8')
    for (const row of [...options, ...features, ...theme]) {
      assert.ok(row.doc.description.length > 10, `${row.name}: no description`)
      assert.ok(markdown.includes(`### \`${row.name}\``), `${row.name}: no section`)
    }
    assert.deepEqual(options.map((row) => row.name).slice(0, 3), [
      'projectId',
      'networks',
      'defaultNetwork',
    ])
    assert.equal(features.length, 17)
    assert.equal(theme.length, 8)
  })

  test("takes defaults from parseOptions and the validator's own words", () => {
    const { options, features } = optionRows()
    const row = (name: string) => options.find((r) => r.name === name)
    assert.equal(row('themeMode')?.default, '`"light"`')
    assert.equal(row('themeMode')?.accepts, '"light" or "dark"')
    assert.equal(row('networks')?.required, true)
    assert.equal(row('apiUrl')?.accepts, 'an http or https URL')
    assert.equal(features.find((r) => r.name === 'features.allWallets')?.default, '`true`')
  })
})
