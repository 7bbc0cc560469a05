// The same storage suite on embedded PGlite and on a real PostgreSQL cluster.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type TestContext, test } from 'node:test'
import { prepareDatabase } from '../bootstrap.js'
import { syncConfig } from '../projects/config-file.js'
import { setProjectOrigins } from '../projects/store.js'
import { call, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { findPostgresBin, startPostgresCluster } from '../testing/postgres.js'
import { SEED_WALLETS } from '../wallets/seed-wallets.js'
import { type Db, openPostgres } from './db.js'
import { MIGRATIONS_DIR, migrate, readMigrations } from './migrate.js'

interface Backend {
  /** An empty database. */
  fresh(): Promise<Db>
  /** A second, independent handle on the database `db` uses, when the backend has one. */
  second(db: Db): Promise<Db | undefined>
}

const ORIGIN = 'https://app.example.com'

async function storageSuite(t: TestContext, backend: Backend) {
  const migrations = await readMigrations()

  await t.test('migrates an empty database and records each version once', async () => {
    const db = await backend.fresh()
    try {
      assert.deepEqual(await migrate(db), { applied: migrations.map((m) => m.version) })
      const tables = await db.query<{ table_name: string }>(
        `select table_name from information_schema.tables
         where table_schema = 'public' order by table_name`,
      )
      assert.deepEqual(
        tables.map((row) => row.table_name),
        [
          'account_names',
          'account_transactions',
          'analytics_events',
          'auth_nonces',
          'auth_sessions',
          'chain_transactions',
          'chain_transfers',
          'indexer_blocks',
          'indexer_cursors',
          'nft_metadata',
          'onramp_purchases',
          'projects',
          'schema_migrations',
          'server_secrets',
          'token_metadata',
          'wallets',
        ],
      )
      assert.deepEqual(await migrate(db), { applied: [] })
      const rows = await db.query<{ version: number }>('select version from schema_migrations')
      assert.deepEqual(
        rows.map((row) => row.version),
        migrations.map((m) => m.version),
      )

      // An applied migration edited afterwards stops the start instead of drifting.
      const dir = mkdtempSync(join(tmpdir(), 'openmodal-migrations-'))
      try {
        cpSync(MIGRATIONS_DIR, dir, { recursive: true })
        const first = migrations[0]
        assert.ok(first)
        const file = join(dir, `${String(first.version).padStart(3, '0')}_${first.name}.sql`)
        writeFileSync(file, `${first.sql}\n-- edited\n`)
        await assert.rejects(migrate(db, dir), /changed after it was applied/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    } finally {
      await db.close()
    }
  })

  await t.test('two instances migrating at once apply each migration exactly once', async () => {
    const a = await backend.fresh()
    const b = (await backend.second(a)) ?? a
    try {
      const results = await Promise.all([migrate(a), migrate(b), migrate(b)])
      const applied = results.flatMap((r) => r.applied).sort((x, y) => x - y)
      assert.deepEqual(
        applied,
        migrations.map((m) => m.version),
      )
      const [row] = await a.query<{ n: number }>('select count(*)::int as n from schema_migrations')
      assert.equal(row?.n, migrations.length)
    } finally {
      if (b !== a) await b.close()
      await a.close()
    }
  })

  const db = await backend.fresh()
  await prepareDatabase(db)
  await syncConfig(db, { projects: [testProject()] })
  const server = await startTestServer(db)
  const wallets = (query: string) =>
    call(`${server.url}/v1/wallets?projectId=test-project&${query}`, {
      headers: { origin: ORIGIN },
    })
  const total = SEED_WALLETS.length

  try {
    await t.test(
      'serves the project configuration with the feature flags of the file',
      async () => {
        const { status, body, headers } = await call(
          `${server.url}/v1/projects/test-project/config`,
          { headers: { origin: ORIGIN } },
        )
        assert.equal(status, 200)
        assert.equal(headers.get('access-control-allow-origin'), ORIGIN)
        assert.deepEqual(body, {
          projectId: 'test-project',
          name: 'Test project',
          features: {
            email: true,
            socials: ['google', 'x'],
            swaps: false,
            onramp: true,
            activity: true,
            reownBranding: true,
          },
          allowedOrigins: ['https://app.example.com', 'https://*.example.org'],
          chains: [
            { caipNetworkId: 'eip155:1', rpcUrl: `${server.url}/v1/rpc/test-project/eip155:1` },
          ],
          // Configured in no project here, so no provider is offered.
          socialProviders: [],
        })
      },
    )

    await t.test('pages the registry 40 at a time without overlap, featured first', async () => {
      assert.ok(total >= 50, `the seed has ${total} wallets`)
      const first = await wallets('')
      assert.equal(first.status, 200)
      assert.equal(first.body.count, total)
      assert.equal(first.body.entries, 40)
      assert.equal(first.body.data.length, 40)
      const second = await wallets('page=2')
      assert.equal(second.body.data.length, total - 40)
      const ids = [...first.body.data, ...second.body.data].map((w: { id: string }) => w.id)
      assert.equal(new Set(ids).size, total)
      const featured = first.body.data.filter((w: { featured: boolean }) => w.featured).length
      assert.ok(featured > 0)
      assert.ok(first.body.data.slice(0, featured).every((w: { featured: boolean }) => w.featured))
      const metamask = first.body.data.find((w: { id: string }) => w.id === 'metamask')
      assert.deepEqual(metamask, {
        id: 'metamask',
        name: 'MetaMask',
        imageUrl: `${server.url}/v1/wallets/metamask/image`,
        rdns: 'io.metamask',
        homepage: 'https://metamask.io',
        mobileLink: 'metamask://',
        desktopLink: null,
        webappLink: null,
        appStore: 'https://apps.apple.com/app/metamask/id1438144202',
        playStore: 'https://play.google.com/store/apps/details?id=io.metamask',
        chains: SEED_WALLETS.find((w) => w.id === 'metamask')?.chains,
        featured: true,
      })
      const empty = await wallets('page=9')
      assert.equal(empty.body.data.length, 0)
      assert.equal(empty.body.count, total)
    })

    await t.test('searches names case-insensitively, exact and prefix matches first', async () => {
      const { body } = await wallets('search=WALLET')
      assert.equal(body.entries, 100)
      assert.ok(body.count > 10)
      assert.ok(body.data.every((w: { name: string }) => /wallet/i.test(w.name)))
      const exact = await wallets('search=core')
      assert.equal(exact.body.data[0].id, 'core')
      const prefix = await wallets('search=me')
      assert.equal(prefix.body.data[0].name.toLowerCase().startsWith('me'), true)
      // LIKE wildcards in the search are literal characters.
      const percent = await wallets(`search=${encodeURIComponent('%')}`)
      assert.equal(percent.body.count, 0)
      const underscore = await wallets('search=_')
      assert.equal(underscore.body.count, 0)
    })

    await t.test('includes and excludes wallets by id and filters by chain', async () => {
      const include = await wallets('include=rainbow,metamask,not-a-wallet')
      assert.deepEqual(
        include.body.data.map((w: { id: string }) => w.id),
        ['metamask', 'rainbow'],
      )
      assert.equal(include.body.count, 2)
      const exclude = await wallets('exclude=metamask,trust&entries=100')
      assert.equal(exclude.body.count, total - 2)
      assert.ok(
        !exclude.body.data.some((w: { id: string }) => ['metamask', 'trust'].includes(w.id)),
      )
      const solana = await wallets('chains=solana&entries=100')
      const expected = SEED_WALLETS.filter((w) => w.chains.some((c) => c.startsWith('solana:')))
      assert.equal(solana.body.count, expected.length)
      const ronin = await wallets('chains=eip155:2020')
      assert.deepEqual(
        ronin.body.data.map((w: { id: string }) => w.id),
        ['ronin'],
      )
      // Featured wallets have their own group in the modal: recommendations never repeat them.
      const recommended = await call(
        `${server.url}/v1/wallets/recommended?projectId=test-project&exclude=okx`,
      )
      assert.equal(recommended.body.count, 4)
      assert.deepEqual(
        recommended.body.data.map((w: { id: string }) => w.id),
        ['phantom', 'zerion', 'rabby', 'ledger'],
      )
      assert.ok(recommended.body.data.every((w: { featured: boolean }) => !w.featured))
    })

    await t.test('a second instance on the same database sees edits at once', async () => {
      const other = (await backend.second(db)) ?? db
      const second = await startTestServer(other)
      try {
        const before = await call(`${second.url}/v1/projects/test-project/config`, {
          headers: { origin: 'https://new.example.net' },
        })
        assert.equal(before.status, 403)
        assert.ok(await setProjectOrigins(db, 'test-project', ['https://new.example.net']))
        const after = await call(`${second.url}/v1/projects/test-project/config`, {
          headers: { origin: 'https://new.example.net' },
        })
        assert.equal(after.status, 200)
        assert.deepEqual(after.body.allowedOrigins, ['https://new.example.net'])
      } finally {
        await second.close()
        if (other !== db) await other.close()
        await setProjectOrigins(db, 'test-project', testProject().allowedOrigins)
      }
    })
  } finally {
    await server.close()
    await db.close()
  }
}

test('storage on embedded PGlite', async (t) => {
  await storageSuite(t, {
    fresh: () => openTestPglite({ migrated: false }),
    // PGlite is one database per process: a second instance shares the same handle.
    second: async () => undefined,
  })
})

test('storage on a real PostgreSQL', async (t) => {
  const bin = findPostgresBin()
  if (!bin) {
    t.skip(
      'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)',
    )
    return
  }
  const cluster = await startPostgresCluster(bin)
  const urls = new Map<Db, string>()
  let n = 0
  try {
    await storageSuite(t, {
      async fresh() {
        const url = await cluster.createDatabase(`suite_${++n}`)
        const db = openPostgres(url)
        urls.set(db, url)
        return db
      },
      async second(db) {
        const url = urls.get(db)
        return url ? openPostgres(url) : undefined
      },
    })
  } finally {
    await cluster.stop()
  }
})
