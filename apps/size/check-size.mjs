// The size check of `pnpm test`: builds the reference apps (build.mjs) and fails when a budget
// of size-budgets.json is exceeded or a forbidden module (WalletConnect, Solana, QR, ENS) sits
// in a chunk that a page loads before any user action. Bytes, not time: deterministic.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  BUDGETS,
  buildApp,
  buildReferenceApps,
  DIST,
  forbiddenRulesFor,
  REFERENCE_APPS,
  sizeTable,
} from './build.mjs'
import { kB } from './lib/analyze.mjs'
import { devOnlyTexts, devTextsIn } from './lib/dev-texts.mjs'

// Every JS file of a build, lazy chunks included, as `{ fileName, code }`.
function builtJs(dir) {
  const files = []
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.js')) {
        files.push({ fileName: relative(dir, path), code: readFileSync(path, 'utf8') })
      }
    }
  }
  walk(dir)
  return files
}

const DEV_TEXTS = devOnlyTexts(fileURLToPath(new URL('../../packages', import.meta.url)))

describe('size budgets (apps/size/size-budgets.json)', () => {
  /** @type {Awaited<ReturnType<typeof buildReferenceApps>>} */
  let results
  const app = (name) => {
    const found = results.find((r) => r.name === name)
    assert.ok(found, `no reference app named ${name}`)
    return found
  }

  before(async () => {
    results = await buildReferenceApps({ log: () => {} })
    console.log(`\n${sizeTable(results)}\n`)
  })

  for (const budget of BUDGETS.budgets) {
    const limit = `${budget.over} + ${kB(budget.maxOver)} ${budget.compression}`
    test(`${budget.app}: ${budget.metric} JS ≤ ${limit}`, () => {
      const base = app(budget.over)[budget.metric][budget.compression]
      const actual = app(budget.app)[budget.metric][budget.compression]
      const over = actual - base
      assert.ok(
        over <= budget.maxOver,
        `${budget.app}: ${budget.metric} JS is ${kB(actual)} ${budget.compression}, ` +
          `${budget.over} + ${kB(over)}; the budget is ${limit} ` +
          `(${kB(over - budget.maxOver)} over). Files: ` +
          `${app(budget.app)[`${budget.metric === 'initial' ? 'initialFiles' : 'allFiles'}`].join(', ')}. ` +
          'Move code behind import(), or raise the budget in size-budgets.json with a reason ' +
          'in the commit message.',
      )
    })
  }

  for (const { name } of REFERENCE_APPS) {
    const rules = forbiddenRulesFor(name).map((rule) => rule.name)
    test(`${name}: no ${rules.join(', ')} module in an initial chunk`, () => {
      const hits = app(name).forbidden
      assert.deepEqual(
        hits,
        [],
        `${name} loads before any user action:\n${hits
          .map((h) => `  ${h.rule}: ${h.moduleId} (in ${h.file})`)
          .join('\n')}\nLoad it with import() when the user needs it.`,
      )
    })
  }

  test('react-evm-solana has the Solana adapter up front and @solana/web3.js in a lazy chunk only', () => {
    const { found } = app('react-evm-solana')
    assert.ok(
      found.initial.Solana,
      'the Solana adapter is not in the initial JS: is it configured?',
    )
    assert.equal(found.initial['Solana runtime library'], undefined)
    assert.ok(found.lazy['Solana runtime library'], 'no lazy chunk holds @solana/web3.js')
    // The adapter shares the entry chunk: its initial cost is (b) minus (a).
    const added = found && app('react-evm-solana').initial.gzip - app('react-evm').initial.gzip
    const lazy = found.lazy['Solana runtime library']
    console.log(
      `Solana in (b): +${kB(added)} gzip initial (the adapter, over (a)); @solana/web3.js ` +
        `${kB(lazy.gzip)} gzip in ${lazy.files.join(', ')}, loaded on the first transfer`,
    )
  })

  test('react-evm-bitcoin has the Bitcoin adapter up front and its PSBT builder lazy', () => {
    const { found } = app('react-evm-bitcoin')
    assert.ok(
      found.initial.Bitcoin,
      'the Bitcoin adapter is not in the initial JS: is it configured?',
    )
    assert.equal(found.initial['Bitcoin library'], undefined)
    const lazy = found.lazy['Bitcoin library']
    assert.ok(lazy, 'no lazy chunk holds @scure/btc-signer (the PSBT builder of transfers)')
    const added = app('react-evm-bitcoin').initial.gzip - app('react-evm').initial.gzip
    console.log(
      `Bitcoin in (f): +${kB(added)} gzip initial (the adapter, over (a)); @scure/btc-signer ` +
        `${kB(lazy.gzip)} gzip in ${lazy.files.join(', ')}, loaded on the first transfer ` +
        'through a wallet without its own transfer method',
    )
  })

  test('react-evm-connectors has the Safe and Coinbase connectors, their SDKs lazy', () => {
    const { found } = app('react-evm-connectors')
    const safe = found.lazy['Safe apps SDK']
    const coinbase = found.lazy['Coinbase Wallet SDK']
    assert.ok(safe, 'no lazy chunk holds the Safe apps SDK: is safeConnector() configured?')
    assert.ok(
      coinbase,
      'no lazy chunk holds the Coinbase Wallet SDK: is coinbaseConnector() configured?',
    )
    const added = app('react-evm-connectors').initial.gzip - app('react-evm').initial.gzip
    console.log(
      `Connectors in (h): +${kB(added)} gzip initial (both stubs, over (a)); Safe apps SDK ` +
        `${kB(safe.gzip)} gzip in ${safe.files.join(', ')}; Coinbase Wallet SDK ` +
        `${kB(coinbase.gzip)} gzip in ${coinbase.files.join(', ')}`,
    )
  })

  test('react-every-option has its adapters and WalletConnect configured, their heavy parts lazy', () => {
    const { found } = app('react-every-option')
    assert.ok(
      found.initial.Solana,
      'the Solana adapter is not in the initial JS: is it configured?',
    )
    assert.ok(found.lazy['Solana runtime library'], 'no lazy chunk holds @solana/web3.js')
    assert.ok(found.lazy.WalletConnect, 'no lazy chunk holds the WalletConnect client')
    assert.ok(found.lazy['QR code'], 'no lazy chunk holds the QR encoder')
    assert.ok(found.lazy.ENS, "no lazy chunk holds the EVM adapter's ENS lookup")
    // The rule's pattern names a real module: the alert texts are built, only not up front.
    assert.ok(found.lazy['Alert texts'], 'no lazy chunk holds the spec §8 alert texts')
  })

  test('cdn is one initial file; WalletConnect, QR, ENS and Solana are its lazy chunks', () => {
    const cdn = app('cdn')
    assert.deepEqual(cdn.initialFiles, ['openmodal.js'])
    assert.ok(cdn.found.lazy.WalletConnect, 'no lazy chunk holds the WalletConnect client')
    assert.ok(cdn.found.lazy['QR code'], 'no lazy chunk holds the QR encoder')
    assert.ok(cdn.found.lazy.ENS, "no lazy chunk holds the EVM adapter's ENS lookup")
    assert.ok(cdn.found.lazy['Solana runtime library'], 'no lazy chunk holds @solana/web3.js')
    assert.equal(cdn.found.initial.Solana, undefined)
    console.log(
      `cdn: openmodal.js ${kB(cdn.initial.gzip)} gzip (${cdn.initialModules} modules), ` +
        `${cdn.allFiles.length - 1} lazy chunks ${kB(cdn.total.gzip - cdn.initial.gzip)} gzip`,
    )
  })

  for (const rule of BUDGETS.forbiddenInAll) {
    // The one kind of text rule so far: the development-only texts of lib/dev-texts.mjs.
    assert.equal(rule.texts, 'development-only', `${rule.name}: unknown texts ${rule.texts}`)
    for (const { name } of REFERENCE_APPS) {
      test(`${name}: no ${rule.name} (dev warnings, option docs) in any JS file`, () => {
        const hits = devTextsIn(builtJs(app(name).dist), DEV_TEXTS)
        assert.deepEqual(
          hits,
          [],
          `${name}'s production build carries development code:\n${hits
            .map((h) => `  ${h.kind} "${h.text}" (in ${h.file})`)
            .join('\n')}\nKeep it behind DEV (esm-env) so production builds drop it.`,
        )
      })
    }
  }

  test('react-evm has no wagmi code at all, not even lazily; react-evm-wagmi has it up front', () => {
    const { found } = app('react-evm')
    assert.equal(found.initial.wagmi, undefined)
    assert.equal(found.lazy.wagmi, undefined)
    assert.ok(app('react-evm-wagmi').found.initial.wagmi, 'app (i) has no wagmi: is it configured?')
    const added = app('react-evm-wagmi').initial.gzip - app('react-evm').initial.gzip
    console.log(`wagmi in (i): +${kB(added)} gzip initial over (a) (wagmi, react-query, connector)`)
  })

  test('react-evm has no Solana code at all, not even lazily', () => {
    const { found } = app('react-evm')
    assert.equal(found.initial.Solana, undefined)
    assert.equal(found.lazy.Solana, undefined)
  })
})

describe('the development-only texts', () => {
  test('are read from every issueWarning call and every option doc', () => {
    const kinds = (kind) => DEV_TEXTS.filter((text) => text.kind === kind)
    assert.ok(kinds('warning code').some((text) => text.text === 'no-api-url'))
    assert.ok(kinds('warning code').some((text) => text.text === 'evm-invalid-chain'))
    assert.ok(kinds('warning code').some((text) => text.text === 'solana-duplicate-wallet'))
    assert.ok(kinds('warning').length >= 15, `only ${kinds('warning').length} warning texts`)
    assert.ok(kinds('option doc').length >= 48, `only ${kinds('option doc').length} option docs`)
    for (const text of kinds('warning')) {
      assert.ok(text.fragments.length > 0, `no searchable fragment in "${text.text}"`)
    }
  })

  test('are caught in a build that resolves the development condition', async () => {
    const outDir = join(DIST, 'fixtures', 'html-development')
    await buildApp({
      root: fileURLToPath(new URL('reference/html', import.meta.url)),
      outDir,
      config: { resolve: { conditions: ['module', 'browser', 'development'] } },
    })
    const hits = devTextsIn(builtJs(outDir), DEV_TEXTS)
    const kinds = new Set(hits.map((hit) => hit.kind))
    assert.deepEqual([...kinds].sort(), ['option doc', 'warning', 'warning code'])
    assert.ok(
      hits.some(
        (hit) =>
          hit.text === "'no-api-url'" || hit.text === '`no-api-url`' || hit.text === '"no-api-url"',
      ),
      JSON.stringify(hits.slice(0, 10)),
    )
  })
})

describe('the forbidden-module rule on a real build', () => {
  test('rejects a fixture app that imports viem/ens statically', async () => {
    const { forbidden } = await buildApp({
      root: fileURLToPath(new URL('fixtures/static-ens', import.meta.url)),
      outDir: join(DIST, 'fixtures', 'static-ens'),
    })
    const ens = forbidden.filter((hit) => hit.rule === 'ENS').map((hit) => hit.moduleId)
    assert.ok(
      ens.some((id) => id.endsWith('/viem/_esm/utils/ens/namehash.js')),
      `expected viem's ENS namehash among ${JSON.stringify(ens)}`,
    )
  })

  test('rejects a fixture app that imports @walletconnect/sign-client statically', async () => {
    const { forbidden } = await buildApp({
      root: fileURLToPath(new URL('fixtures/static-walletconnect', import.meta.url)),
      outDir: join(DIST, 'fixtures', 'static-walletconnect'),
    })
    const wc = forbidden.filter((hit) => hit.rule === 'WalletConnect').map((hit) => hit.moduleId)
    assert.ok(
      wc.some((id) => /\/@walletconnect\/sign-client\//.test(id)),
      `expected @walletconnect/sign-client among ${JSON.stringify(wc.slice(0, 20))}`,
    )
  })
})
