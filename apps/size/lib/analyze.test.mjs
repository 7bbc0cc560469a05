import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { forbiddenModules, htmlScripts, initialFiles, sizesOf } from './analyze.mjs'

const { forbiddenInInitial: RULES } = JSON.parse(
  readFileSync(new URL('../size-budgets.json', import.meta.url), 'utf8'),
)

const chunk = (fileName, imports = [], dynamicImports = [], moduleIds = []) => ({
  fileName,
  isEntry: false,
  imports,
  dynamicImports,
  moduleIds,
  code: '',
})

describe('htmlScripts', () => {
  test('lists module scripts and modulepreloads, not stylesheets or remote scripts', () => {
    const html = `<script type="module" crossorigin src="./assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" href="./assets/index.css">
      <script src="https://cdn.example.org/x.js"></script>`
    assert.deepEqual(htmlScripts(html), ['assets/index-a.js', 'assets/vendor-b.js'])
  })
})

describe('initialFiles', () => {
  test('follows static imports transitively and never dynamic ones', () => {
    const chunks = [
      chunk('assets/index.js', ['assets/vendor.js'], ['assets/lazy.js']),
      chunk('assets/vendor.js', ['assets/shared.js']),
      chunk('assets/shared.js'),
      chunk('assets/lazy.js', ['assets/lazy-dep.js']),
      chunk('assets/lazy-dep.js'),
    ]
    assert.deepEqual([...initialFiles(chunks, ['assets/index.js'])].sort(), [
      'assets/index.js',
      'assets/shared.js',
      'assets/vendor.js',
    ])
  })
})

describe('forbiddenModules with the budgets file rules', () => {
  const ids = {
    walletconnect:
      '/r/node_modules/.pnpm/@walletconnect+sign-client@2.25.0/node_modules/@walletconnect/sign-client/dist/index.es.js',
    solana:
      '/r/node_modules/.pnpm/@solana+web3.js@1.98.4/node_modules/@solana/web3.js/lib/index.browser.esm.js',
    qr: '/r/node_modules/.pnpm/qrcode@1.5.4/node_modules/qrcode/lib/browser.js',
    ensAction:
      '/r/node_modules/.pnpm/viem@2.57.20/node_modules/viem/_esm/actions/ens/getEnsName.js',
    ensEntry: '/r/node_modules/.pnpm/viem@2.57.20/node_modules/viem/_esm/ens/index.js',
    ourSolana: '/r/packages/solana/dist/adapter/solana-adapter.js',
    viemRpc: '/r/node_modules/.pnpm/viem@2.57.20/node_modules/viem/_esm/errors/rpc.js',
    ourUi: '/r/packages/ui/dist/modal/w3m-modal/w3m-modal.js',
  }

  test('finds WalletConnect, Solana, QR and ENS modules in an initial chunk', () => {
    const chunks = [chunk('assets/index.js', [], [], Object.values(ids))]
    const hits = forbiddenModules(chunks, ['assets/index.js'], RULES)
    assert.deepEqual(
      hits.map((h) => `${h.rule} ${h.moduleId}`),
      [
        `WalletConnect ${ids.walletconnect}`,
        `Solana ${ids.solana}`,
        `Solana runtime library ${ids.solana}`,
        `QR code ${ids.qr}`,
        `ENS ${ids.ensAction}`,
        `ENS ${ids.ensEntry}`,
        `Solana ${ids.ourSolana}`,
      ],
    )
  })

  test('the Solana runtime rule catches web3.js and the adapter module that imports it', () => {
    const runtime = RULES.filter((rule) => rule.name === 'Solana runtime library')
    const chunks = [
      chunk(
        'assets/index.js',
        [],
        [],
        [
          ids.ourSolana,
          '/r/packages/solana/dist/adapter/load-transfer.js',
          '/r/packages/solana/dist/adapter/transfer.js',
          '/r/node_modules/.pnpm/bn.js@5.2.2/node_modules/bn.js/lib/bn.js',
        ],
      ),
    ]
    assert.deepEqual(
      forbiddenModules(chunks, ['assets/index.js'], runtime).map((h) => h.moduleId),
      [
        '/r/packages/solana/dist/adapter/transfer.js',
        '/r/node_modules/.pnpm/bn.js@5.2.2/node_modules/bn.js/lib/bn.js',
      ],
    )
  })

  test('ignores the same modules in lazy chunks', () => {
    const chunks = [
      chunk('assets/index.js', [], ['assets/wc.js'], [ids.ourUi]),
      chunk('assets/wc.js', [], [], [ids.walletconnect, ids.qr]),
    ]
    assert.deepEqual(forbiddenModules(chunks, ['assets/index.js'], RULES), [])
  })

  test('handles Windows paths and virtual-module prefixes', () => {
    const chunks = [chunk('a.js', [], [], ['\0C:\\r\\node_modules\\qrcode\\lib\\browser.js'])]
    assert.equal(forbiddenModules(chunks, ['a.js'], RULES).length, 1)
  })
})

describe('sizesOf', () => {
  test('compresses repetitive code below its raw size, brotli at most gzip', () => {
    const sizes = sizesOf('export const a = 1;\n'.repeat(500))
    assert.equal(sizes.raw, 10_000)
    assert.ok(sizes.gzip < sizes.raw / 10)
    assert.ok(sizes.brotli <= sizes.gzip)
  })
})
