// The CLI, the config file and the explorer-dump import.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import { prepareDatabase } from './bootstrap.js'
import { type CliIo, runCli, UsageError } from './cli.js'
import { type Db, openPglite } from './db/db.js'
import { readConfigFile } from './projects/config-file.js'
import { getProject, upsertProject } from './projects/store.js'
import { countRows, startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'
import { getWallet } from './wallets/store.js'

let db: Db
const dir = mkdtempSync(join(tmpdir(), 'openmodal-cli-'))

before(async () => {
  db = await openTestPglite()
  await prepareDatabase(db)
})

after(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

async function cli(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l) }
  const code = await runCli(argv, db, io)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('project commands', () => {
  test('adds a project with origins, chains and features, then lists it', async () => {
    const added = await cli(
      'project',
      'add',
      'shop',
      '--name',
      'Shop',
      '--origin',
      'https://shop.example.com',
      '--origin',
      'https://*.shop.dev',
      '--chain',
      'eip155:1=https://rpc-a.example.com,https://rpc-b.example.com',
      '--features',
      'swaps=false,socials=google+github',
    )
    assert.equal(added.code, 0)
    assert.deepEqual(await getProject(db, 'shop'), {
      projectId: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://shop.example.com', 'https://*.shop.dev'],
      allowDevOrigins: false,
      features: {
        email: true,
        socials: ['google', 'github'],
        swaps: false,
        onramp: true,
        activity: true,
        reownBranding: false,
      },
      recovery: 'non-custodial',
      recoveryHoldMs: 86_400_000,
      onramp: null,
      restrictedTimezones: false,
      social: {},
      chains: [
        {
          caipNetworkId: 'eip155:1',
          rpcUrls: ['https://rpc-a.example.com', 'https://rpc-b.example.com'],
        },
      ],
      source: 'cli',
    })
    const list = await cli('project', 'list')
    assert.match(
      list.out,
      /^shop\tShop\t\[cli\]\torigins: https:\/\/shop\.example\.com https:\/\/\*\.shop\.dev\tchains: eip155:1$/m,
    )
  })

  test('turns the development origins on and off', async () => {
    assert.equal((await cli('project', 'set-dev-origins', 'shop', 'on')).code, 0)
    assert.equal((await getProject(db, 'shop'))?.allowDevOrigins, true)
    assert.match((await cli('project', 'list')).out, /origins: \S+ \S+ \+dev\t/)
    assert.equal((await cli('project', 'set-dev-origins', 'shop', 'off')).code, 0)
    assert.equal((await getProject(db, 'shop'))?.allowDevOrigins, false)
    await assert.rejects(cli('project', 'set-dev-origins', 'shop', 'yes'), /takes on or off/)
  })

  test('sets origins, features and chains of an existing project', async () => {
    assert.equal((await cli('project', 'set-origins', 'shop', 'https://new.example.com')).code, 0)
    assert.equal(
      (
        await cli(
          'project',
          'set-features',
          'shop',
          'email=false',
          'branding=true',
          'socials=false',
        )
      ).code,
      0,
    )
    assert.equal(
      (await cli('project', 'set-chain', 'shop', 'eip155:10', 'https://op.example.com')).code,
      0,
    )
    assert.equal((await cli('project', 'set-chain', 'shop', 'eip155:1')).code, 0)
    const project = await getProject(db, 'shop')
    assert.deepEqual(project?.allowedOrigins, ['https://new.example.com'])
    assert.deepEqual(project?.features, {
      email: false,
      socials: false,
      swaps: false,
      onramp: true,
      activity: true,
      reownBranding: true,
    })
    assert.deepEqual(project?.chains, [
      { caipNetworkId: 'eip155:10', rpcUrls: ['https://op.example.com'] },
    ])
  })

  const refusals: [string, string[], RegExp][] = [
    [
      'a wildcard-only origin',
      ['project', 'set-origins', 'shop', '*'],
      /invalid origin: Invalid origin pattern "\*"/,
    ],
    [
      'an origin with a path',
      ['project', 'set-origins', 'shop', 'https://a.io/app'],
      /invalid origin/,
    ],
    [
      'a websocket RPC URL',
      ['project', 'add', 'ws-project', '--chain', 'eip155:1=wss://rpc.example.com'],
      /http:\/\/ or https:\/\//,
    ],
    [
      'an unknown namespace',
      ['project', 'add', 'tron-project', '--chain', 'tron:1=https://rpc.example.com'],
      /CAIP-2/,
    ],
    ['an unknown feature', ['project', 'set-features', 'shop', 'nft=true'], /invalid features/],
    [
      'an unknown social provider',
      ['project', 'set-features', 'shop', 'socials=myspace'],
      /invalid features/,
    ],
    ['a duplicate project', ['project', 'add', 'shop'], /exists/],
    ['an unknown project', ['project', 'set-origins', 'nobody'], /no project nobody/],
    ['an unknown option', ['project', 'list', '--colour'], /Unknown option '--colour'/],
  ]
  for (const [what, argv, message] of refusals) {
    test(`refuses ${what} and changes nothing`, async () => {
      const before = await countRows(db)
      const shop = await getProject(db, 'shop')
      await assert.rejects(
        cli(...argv),
        (error: Error) => error instanceof UsageError && message.test(error.message),
      )
      assert.deepEqual(await countRows(db), before)
      assert.deepEqual(await getProject(db, 'shop'), shop)
    })
  }
})

describe('config file', () => {
  test('names the file and field of an invalid config', async () => {
    const file = join(dir, 'bad.config.json')
    writeFileSync(
      file,
      JSON.stringify({ projects: [{ projectId: 'x!', name: 'X', allowedOrigins: ['https://*'] }] }),
    )
    await assert.rejects(readConfigFile(file), (error: Error) => {
      assert.match(error.message, /bad\.config\.json is not a valid OpenModal config/)
      assert.match(error.message, /projects\.0\.projectId: Expected a projectId/)
      return true
    })
  })

  test('reads the repository example config', async () => {
    const config = await readConfigFile(
      new URL('../openmodal.config.json', import.meta.url).pathname,
    )
    assert.equal(config.projects[0]?.projectId, 'demo')
    // The demo's anvil chains serve trace_block: internal transfers are on there.
    assert.deepEqual(
      config.projects[0]?.chains.map((c) => c.internalTransfers),
      ['trace_block', 'trace_block'],
    )
    // `pnpm demo` offers the sandbox on-ramp (its checkout credits the demo's anvil chains).
    assert.deepEqual(config.projects[0]?.onramp, { sandbox: true })
    assert.equal(config.projects[0]?.features.onramp, true)
  })

  test('accepts internalTransfers "trace_block" or false on EVM chains only', async () => {
    const file = join(dir, 'internal.config.json')
    const withChain = (chain: Record<string, unknown>) =>
      writeFileSync(
        file,
        JSON.stringify({ projects: [{ projectId: 'internal', name: 'I', chains: [chain] }] }),
      )
    withChain({
      caipNetworkId: 'eip155:1',
      rpcUrls: ['https://a.example'],
      internalTransfers: false,
    })
    assert.equal((await readConfigFile(file)).projects[0]?.chains[0]?.internalTransfers, false)
    for (const [chain, message] of [
      [
        { caipNetworkId: 'eip155:1', rpcUrls: ['https://a.example'], internalTransfers: true },
        /internalTransfers/,
      ],
      [
        {
          caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          rpcUrls: ['https://a.example'],
          internalTransfers: 'trace_block',
        },
        /internalTransfers is only for eip155 chains/,
      ],
    ] as const) {
      withChain(chain)
      await assert.rejects(readConfigFile(file), (error: Error) => message.test(error.message))
    }
  })
})

describe('recovery mode in the config file', () => {
  test('the CLI adds a custodial project only when asked, and names the old word', async () => {
    assert.equal((await cli('project', 'add', 'held', '--recovery', 'custodial')).code, 0)
    assert.equal((await getProject(db, 'held'))?.recovery, 'custodial')
    await assert.rejects(
      cli('project', 'add', 'held-too', '--recovery', 'automatic'),
      (error: Error) =>
        error instanceof UsageError && /'automatic' is now called 'custodial'/.test(error.message),
    )
    assert.equal(await getProject(db, 'held-too'), undefined)
  })

  test("sets a new device's hold, 24 h by default; refuses a negative or fractional one", async () => {
    assert.equal((await getProject(db, 'held'))?.recoveryHoldMs, 86_400_000)
    assert.equal((await cli('project', 'add', 'quick', '--recovery-hold-ms', '0')).code, 0)
    assert.equal((await getProject(db, 'quick'))?.recoveryHoldMs, 0)
    for (const bad of ['-1', '1.5', 'soon', String(31 * 86_400_000)]) {
      await assert.rejects(
        cli('project', 'add', 'quick-too', `--recovery-hold-ms=${bad}`),
        (error: Error) => error instanceof UsageError && /recoveryHoldMs/.test(error.message),
        bad,
      )
    }
    assert.equal(await getProject(db, 'quick-too'), undefined)
  })

  test("defaults to non-custodial, takes 'custodial', and names the old 'automatic'", async () => {
    const file = join(dir, 'recovery.config.json')
    const withRecovery = (recovery?: string) =>
      writeFileSync(
        file,
        JSON.stringify({ projects: [{ projectId: 'keys', name: 'K', recovery }] }),
      )
    withRecovery()
    assert.equal((await readConfigFile(file)).projects[0]?.recovery, undefined)
    withRecovery('custodial')
    assert.equal((await readConfigFile(file)).projects[0]?.recovery, 'custodial')
    for (const [mode, message] of [
      ['automatic', /recovery 'automatic' is now called 'custodial'/],
      ['passphrase', /'passphrase' is now part of 'non-custodial'/],
      ['self-custodial', /Expected recovery 'non-custodial' or 'custodial'/],
    ] as const) {
      withRecovery(mode)
      await assert.rejects(readConfigFile(file), (error: Error) => message.test(error.message))
    }
  })
})

describe('explorer dump import', () => {
  const listing = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    name: `Wallet ${id}`,
    homepage: 'https://wallet.example.com',
    image_url: {
      sm: 'https://cdn.example.com/sm.png',
      md: 'https://cdn.example.com/md.png',
      lg: 'https://cdn.example.com/lg.png',
    },
    app: {
      browser: 'https://app.wallet.example.com',
      ios: 'https://apps.apple.com/app/id1',
      android: '',
      chrome: 'https://chrome.google.com/x',
    },
    mobile: { native: 'examplewallet://', universal: 'https://link.wallet.example.com' },
    desktop: { native: '', universal: 'https://desktop.wallet.example.com' },
    rdns: 'com.example.wallet',
    chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    metadata: { colors: { primary: '#123ABC' } },
    ...overrides,
  })

  test('maps, validates and upserts listings, reporting the invalid ones', async () => {
    const file = join(dir, 'dump.json')
    const good = 'a'.repeat(64)
    writeFileSync(
      file,
      JSON.stringify({
        listings: {
          [good]: listing(good),
          bad1: listing('bad1', { mobile: { native: 'javascript:alert(1)', universal: null } }),
          bad2: listing('bad2', { chains: ['not a chain'] }),
          bad3: { id: 'bad3' },
        },
      }),
    )
    const { code, out, err } = await cli('wallets', 'import', file)
    assert.equal(code, 0)
    assert.equal(out, 'imported 1 wallet(s), skipped 3')
    assert.match(err, /skipped bad1: mobile\.native: Unsafe link scheme/)
    assert.match(err, /skipped bad2: chains: Expected CAIP-2/)
    assert.match(err, /skipped bad3: name: /)
    const wallet = await getWallet(db, good)
    assert.deepEqual(wallet, {
      id: good,
      name: `Wallet ${good}`,
      rdns: 'com.example.wallet',
      homepage: 'https://wallet.example.com',
      mobileLink: 'examplewallet://',
      desktopLink: 'https://desktop.wallet.example.com',
      webappLink: 'https://app.wallet.example.com',
      appStore: 'https://apps.apple.com/app/id1',
      playStore: null,
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      featured: false,
      rank: 1001,
      color: '#123abc',
      // The explorer's own image (md of sm, md, lg) is kept.
      imageUrl: 'https://cdn.example.com/md.png',
    })
    // Importing again updates in place; re-seeding leaves an imported wallet alone.
    writeFileSync(
      file,
      JSON.stringify({ listings: { [good]: listing(good, { name: 'Renamed' }) } }),
    )
    await cli('wallets', 'import', file)
    assert.equal((await getWallet(db, good))?.name, 'Renamed')
    await prepareDatabase(db)
    assert.equal((await getWallet(db, good))?.name, 'Renamed')
  })

  test('keeps an explorer image only as a plain https URL, listed by the registry as is', async () => {
    const file = join(dir, 'images.json')
    const images: Record<string, unknown> = {
      'img-string': 'https://cdn.example.com/one.svg',
      'img-lg': { sm: null, md: '', lg: 'https://cdn.example.com/lg.png' },
      'img-script': { md: 'javascript:alert(1)' },
      'img-html': 'data:text/html,<script>alert(1)</script>',
      'img-svg-inline': 'data:image/svg+xml,<svg onload="alert(1)"/>',
      'img-http': 'http://cdn.example.com/md.png',
      'img-creds': 'https://user:secret@cdn.example.com/md.png',
      'img-space': 'https://cdn.example.com/a b.png',
      'img-object': { md: { url: 'https://x' } },
      'img-none': null,
    }
    writeFileSync(
      file,
      JSON.stringify({
        listings: Object.fromEntries(
          Object.entries(images).map(([id, image]) => [id, listing(id, { image_url: image })]),
        ),
      }),
    )
    const { out } = await cli('wallets', 'import', file)
    assert.equal(out, `imported ${Object.keys(images).length} wallet(s), skipped 0`)
    const stored = Object.fromEntries(
      await Promise.all(
        Object.keys(images).map(async (id) => [id, (await getWallet(db, id))?.imageUrl]),
      ),
    )
    assert.deepEqual(stored, {
      'img-string': 'https://cdn.example.com/one.svg',
      'img-lg': 'https://cdn.example.com/lg.png',
      'img-script': null,
      'img-html': null,
      'img-svg-inline': null,
      'img-http': null,
      'img-creds': null,
      'img-space': null,
      'img-object': null,
      'img-none': null,
    })
    // The registry lists the kept image; the others get this server's icon or monogram route.
    await upsertProject(db, testProject({ projectId: 'img-project' }), 'cli')
    const server = await startTestServer(db)
    try {
      const response = await fetch(
        `${server.url}/v1/wallets?projectId=img-project&include=img-string,img-script`,
        { headers: { origin: 'https://app.example.com' } },
      )
      const { data } = (await response.json()) as { data: { id: string; imageUrl: string }[] }
      const listed = Object.fromEntries(data.map((w) => [w.id, w.imageUrl]))
      assert.deepEqual(listed, {
        'img-string': 'https://cdn.example.com/one.svg',
        'img-script': `${server.url}/v1/wallets/img-script/image`,
      })
    } finally {
      await server.close()
    }
  })

  test('with --strict imports nothing when one listing is invalid', async () => {
    const file = join(dir, 'strict.json')
    writeFileSync(
      file,
      JSON.stringify({
        listings: { ok: listing('ok-wallet'), bad: listing('bad', { homepage: 'ftp://x' }) },
      }),
    )
    const before = await countRows(db)
    await assert.rejects(
      cli('wallets', 'import', file, '--strict'),
      /1 invalid listing\(s\), nothing imported/,
    )
    assert.deepEqual(await countRows(db), before)
    assert.equal(await getWallet(db, 'ok-wallet'), undefined)
  })

  test('refuses a file that is not an explorer dump', async () => {
    const file = join(dir, 'not-a-dump.json')
    writeFileSync(file, JSON.stringify({ wallets: [] }))
    await assert.rejects(cli('wallets', 'import', file), /Not an explorer dump/)
  })
})

test('runs as a process on a PGlite data directory it creates, and locks it', async () => {
  const run = promisify(execFile)
  const dataDir = join(dir, 'data')
  const env = { ...process.env, OPENMODAL_DATA_DIR: dataDir, DATABASE_URL: '' }
  const args = ['--conditions=@openmodal/source', '--import', 'tsx', 'src/cli.ts']
  const cwd = new URL('..', import.meta.url).pathname
  const added = await run(
    process.execPath,
    [...args, 'project', 'add', 'proc-test', '--origin', 'https://p.example.com'],
    { env, cwd },
  )
  assert.equal(added.stdout.trim(), 'added project proc-test')
  // While this test holds the directory open, a second process must refuse it.
  const holder = await openPglite(dataDir)
  try {
    assert.equal(
      (await getProject(holder, 'proc-test'))?.allowedOrigins[0],
      'https://p.example.com',
    )
    await assert.rejects(
      run(process.execPath, [...args, 'project', 'list'], { env, cwd }),
      (error: Error & { stderr: string; code: number }) => {
        assert.equal(error.code, 1)
        assert.match(error.stderr, /is in use by process \d+/)
        return true
      },
    )
  } finally {
    await holder.close()
  }
  const usage = await run(process.execPath, [...args, 'project', 'frobnicate'], { env, cwd }).catch(
    (e) => e,
  )
  assert.equal(usage.code, 2)
  assert.match(usage.stderr, /Usage: pnpm server/)
})
