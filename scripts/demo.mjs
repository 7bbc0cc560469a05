#!/usr/bin/env node
// `pnpm demo`: builds what the demo needs, then starts the local stack and prints where it is.
// The stack is a list of services started in order and stopped in reverse order (on Ctrl-C,
// on SIGTERM, or when any of them dies): two anvil chains (31337 on 8545 and 31338 on 8546 when
// free, else the next free ports) with a test ERC-20 on the first, the local Solana cluster
// (8899 when free) with a test SPL token, the Bitcoin regtest ledger behind the Esplora API (3002
// when free), then the demo, which serves
// their RPC URLs to the page (`/__openmodal/local.json`) and injects the dev wallet; apps/server
// (embedded PGlite in apps/server/.data, the `demo` project of its openmodal.config.json, indexing
// the anvil chains on the ports they got, and answering balances on the Solana cluster) serves
// the wallet registry and project config, its URL handed to the page as `apiUrl`, and sends the
// embedded wallet's login codes to the mailbox (a local SMTP server and a page listing the mail,
// apps/server/src/mailbox.ts) and serves the embedded wallet's secure site on a second port
// (5174 when free), reached as http://localhost:PORT so that it is another site than the demo's
// 127.0.0.1 page (its origin goes to the page as `secureOrigin`); the local
// WalletConnect relay (ws://127.0.0.1:8788 when free) is the wallets' other end. Each service is
// `{ name, start(context) }`, where `start` resolves once it is ready with `{ url?, stop() }`, and `context` holds what earlier
// services returned. The output of the server and of the demo's web server goes to
// `<name>.log` in one temporary folder, printed with the addresses; when one of them dies, the
// end of its log is printed too.
//
//   node scripts/demo.mjs [--port 5173] [--no-build] [--scale N]
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer as createHttpServer, request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs, stripVTControlCharacters } from 'node:util'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
/** The test SPL token minted to the Solana dev wallet (its mint address is new each run). */
const SPL_TOKEN = { name: 'Test SPL Token', symbol: 'TSPL' }
const HOST = '127.0.0.1'
const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.DEMO_PORT ?? '5173' },
    'no-build': { type: 'boolean', default: false },
    // `--scale 2`: two server instances over one PostgreSQL behind a balancer, and two relay
    // instances over a Redis of their own (Debian's PostgreSQL and redis-server).
    scale: { type: 'string', default: '1' },
    // `--smart-account eip7702`: the embedded wallet's smart account is the EOA, delegated to
    // Simple7702Account (EIP-7702); default `erc4337`, a Simple v0.7 account.
    'smart-account': { type: 'string', default: 'erc4337' },
  },
})
if (!['erc4337', 'eip7702'].includes(args['smart-account'])) {
  console.error(`--smart-account ${args['smart-account']}: give erc4337 or eip7702`)
  process.exit(2)
}
const scale = Number(args.scale)
if (!Number.isInteger(scale) || scale < 1 || scale > 8) {
  console.error(`--scale ${args.scale}: give a whole number from 1 to 8`)
  process.exit(2)
}

/** Runs a command to completion, inheriting stdio; rejects on a non-zero exit. */
function run(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, stdio: 'inherit', ...options })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`${command} ${commandArgs.join(' ')} failed (${signal ?? code})`))
    })
  })
}

/** `preferred` when it is free on HOST, else the next free one of the following 20. */
async function freePort(preferred) {
  for (let port = preferred; port < preferred + 20; port++) {
    const free = await new Promise((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, HOST, () => server.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`No free port in ${preferred}-${preferred + 19} on ${HOST}`)
}

/** The folder of the services' logs, made on first use. */
let logDir
const logDirectory = async () => {
  logDir ??= await mkdtemp(join(tmpdir(), 'openmodal-demo-logs-'))
  return logDir
}

/**
 * Starts a long-running child process and resolves once `ready` matches its output. Its
 * whole output goes to `<logDir>/<name>.log` (`log` in the result). `stop()` ends that child
 * (by its pid) and waits for it to exit.
 */
async function startProcess(
  name,
  command,
  commandArgs,
  { cwd, ready, env = {}, timeoutMs = 30_000 },
) {
  const log = join(await logDirectory(), `${name}.log`)
  const logStream = createWriteStream(log)
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, NO_COLOR: '1' },
    })
    let output = ''
    let settled = false
    const exited = new Promise((done) => child.once('exit', done)).then(async (code) => {
      await new Promise((done) => logStream.end(done))
      return code
    })
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid, 'SIGTERM')
        const kill = setTimeout(() => process.kill(child.pid, 'SIGKILL'), 5000)
        await exited
        clearTimeout(kill)
      }
    }
    const fail = (error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop().then(() => reject(error))
    }
    const timer = setTimeout(
      () => fail(new Error(`${name} was not ready after ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    )
    const onData = (chunk) => {
      const text = stripVTControlCharacters(String(chunk))
      logStream.write(text)
      // Kept only until ready, for the error message of a failed start.
      if (settled) return
      output += text
      if (ready.test(output)) {
        settled = true
        output = ''
        clearTimeout(timer)
        resolve({ child, exited, stop, log })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', fail)
    child.once('exit', (code) =>
      fail(new Error(`${name} exited (${code}) before it was ready:\n${output}`)),
    )
  })
}

/**
 * `--scale N`'s load balancer: each request goes to the next instance in turn; one that refuses
 * the connection (stopped, or killed to watch the others carry on) is skipped. Bodies are read
 * first so a skipped request can be sent to the next instance whole.
 */
function startBalancer(port, upstreamPorts) {
  let turn = 0
  const server = createHttpServer(async (request, response) => {
    const chunks = []
    for await (const chunk of request) chunks.push(chunk)
    const body = Buffer.concat(chunks)
    const first = turn++
    const forward = (attempt) => {
      const upstream = httpRequest(
        {
          host: HOST,
          port: upstreamPorts[(first + attempt) % upstreamPorts.length],
          method: request.method,
          path: request.url,
          headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      upstream.once('error', (error) => {
        if (error.code === 'ECONNREFUSED' && attempt + 1 < upstreamPorts.length)
          forward(attempt + 1)
        else if (!response.headersSent) response.writeHead(502).end()
        else response.destroy()
      })
      upstream.end(body)
    }
    forward(0)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, HOST, () => resolve(server))
  })
}

/** The demo's Farcaster wallet app: the relay key it sends, and its custody key (one fid). */
const DEMO_FARCASTER_RELAY_KEY = 'demo-farcaster-wallet'
const DEMO_FARCASTER_CUSTODY = `0x${'0f'.repeat(32)}`

/** The services of the local stack, in start order. */
const services = [
  {
    name: 'anvil',
    async start() {
      // Built by the step above (the demo depends on @openmodal/testing).
      const testing = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/node.js')).href
      )
      const chains = []
      let bundler
      const stop = async () => {
        await bundler?.stop()
        await Promise.all(chains.map((chain) => chain.stop()))
      }
      try {
        for (const [chainId, preferred] of [
          [31337, 8545],
          [31338, 8546],
        ]) {
          const port = await freePort(preferred).catch(() => undefined)
          chains.push(await testing.startAnvil({ chainId, ...(port ? { port } : {}) }))
        }
        const token = await testing.deployTestToken(chains[0].rpcUrl)
        // Uniswap V2 (factory, WETH9, Router02) pooling ETH, TUSD and a second test token.
        const tdai = await testing.deployTestToken(chains[0].rpcUrl, {
          name: 'Test DAI',
          symbol: 'TDAI',
          decimals: 18,
          supply: 10_000_000n * 10n ** 18n,
        })
        const uniswap = await testing.deployUniswapV2(chains[0].rpcUrl, { tokens: [token, tdai] })
        // Sign In With Farcaster: the IdRegistry stand-in the server checks custody against.
        const idRegistry = await testing.deployTestIdRegistry(chains[0].rpcUrl)
        // Smart accounts on the first chain: EntryPoint v0.7 and the SimpleAccountFactory,
        // EntryPoint v0.8 and Simple7702Account (EIP-7702) at their canonical addresses, and
        // the Alto bundler serving both (GPL, its own process). Without it the demo still
        // runs, with the embedded wallet's EOA only.
        const smart = await testing
          .deployErc4337(chains[0].rpcUrl)
          .then(() => testing.deployEip7702(chains[0].rpcUrl))
          .then(async () =>
            testing.startBundler({
              rpcUrl: chains[0].rpcUrl,
              entryPoints: [testing.ENTRY_POINT_V07, testing.ENTRY_POINT_V08],
              port: await freePort(4337),
              readyTimeoutMs: 120_000,
            }),
          )
          .then(
            (started) => {
              bundler = started
              return `  ERC-4337 bundler (smart accounts, ${args['smart-account']}) on ${chains[0].chainId}: ${started.url}`
            },
            (error) => `  no smart accounts: the bundler did not start (${error.message})`,
          )
        const lines = chains.map((c) => `  anvil ${c.chainId}: ${c.rpcUrl}`)
        lines.push(smart)
        lines.push(`  test ERC-20 "${token.symbol}" on ${chains[0].chainId}: ${token.address}`)
        lines.push(`  test ERC-20 "${tdai.symbol}" on ${chains[0].chainId}: ${tdai.address}`)
        lines.push(`  Uniswap V2 Router02 on ${chains[0].chainId}: ${uniswap.router}`)
        lines.push(`  Farcaster IdRegistry stand-in on ${chains[0].chainId}: ${idRegistry.address}`)
        return {
          chains,
          token,
          uniswap,
          idRegistry,
          bundlerUrl: bundler?.url,
          stop,
          banner: `Local chains:\n${lines.join('\n')}`,
        }
      } catch (error) {
        await stop()
        throw error
      }
    },
  },
  {
    // The local Solana cluster (litesvm JSON-RPC on 8899 and its WebSocket on 8900 when free),
    // with 100 SOL and 1,000,000 of a test SPL token for the Solana dev wallet's first account
    // (also the token's mint authority, so the Token program can mint more).
    name: 'solana',
    async start() {
      const testing = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/node.js')).href
      )
      const { SOLANA_DEV_ADDRESSES } = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/solana.js')).href
      )
      const rpc = await testing.startSolanaRpc({ port: 8899 }).catch(() => testing.startSolanaRpc())
      const owner = SOLANA_DEV_ADDRESSES[0]
      await rpc.airdrop(owner, 100n * 10n ** 9n)
      const token = { ...SPL_TOKEN, mint: rpc.createMint({ decimals: 6, mintAuthority: owner }) }
      rpc.mintTo(token.mint, owner, 1_000_000n * 10n ** 6n)
      return {
        ...rpc,
        token,
        url: rpc.rpcUrl,
        banner: [
          `Local Solana cluster: ${rpc.rpcUrl} (WebSocket ${rpc.wsUrl}), 100 SOL for ${owner}`,
          `  test SPL token "${token.symbol}" (6 decimals, 1,000,000 for ${owner}): ${token.mint}`,
        ].join('\n'),
      }
    },
  },
  {
    // The Bitcoin regtest ledger behind the Esplora API (3002 when free), with 1 BTC for the
    // Bitcoin dev wallet's payment and ordinals addresses.
    name: 'bitcoin',
    async start() {
      const testing = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/node.js')).href
      )
      const { bitcoinDevKeys, bitcoinCaipId } = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/bitcoin.js')).href
      )
      const port = await freePort(3002).catch(() => undefined)
      const regtest = await testing.startBitcoinRegtest(port ? { port } : {})
      const keys = bitcoinDevKeys(0, 'regtest')
      for (const key of [keys.payment, keys.ordinals]) regtest.faucet(key.address, 100_000_000n)
      return {
        url: regtest.url,
        stop: () => regtest.stop(),
        banner: [
          `Bitcoin regtest (${bitcoinCaipId('regtest')}), Esplora API: ${regtest.url}`,
          `  1 BTC for ${keys.payment.address} (payment) and ${keys.ordinals.address} (ordinals)`,
          `  Mine a block: curl -X POST ${regtest.url}/regtest/mine -d '{"blocks":1}'`,
        ].join('\n'),
      }
    },
  },
  {
    // The mailbox (apps/server/src/mailbox.ts): a local SMTP server the API sends its login codes
    // to (2525 when free) and a page listing what it received (8025 when free).
    name: 'mailbox',
    async start() {
      const [smtpPort, httpPort] = [await freePort(2525), await freePort(8025)]
      const proc = await startProcess(
        'mailbox',
        process.execPath,
        [
          '--conditions=@openmodal/source',
          '--import',
          'tsx',
          'src/mailbox.ts',
          '--smtp-port',
          String(smtpPort),
          '--http-port',
          String(httpPort),
        ],
        { cwd: join(ROOT, 'apps/server'), ready: /"msg":"mailbox ready"/ },
      )
      const url = `http://${HOST}:${httpPort}/`
      return {
        ...proc,
        url,
        smtpUrl: `smtp://${HOST}:${smtpPort}`,
        banner: `Mailbox (login codes of "Continue with e-mail"): ${url}  (SMTP ${HOST}:${smtpPort})`,
      }
    },
  },
  {
    name: 'server',
    async start({ anvil, solana, mailbox }) {
      const port = await freePort(8787)
      const serverDir = join(ROOT, 'apps/server')
      // The `demo` project indexes the anvil chains started above, wherever their ports ended up.
      const config = JSON.parse(await readFile(join(serverDir, 'openmodal.config.json'), 'utf8'))
      for (const project of config.projects) {
        if (project.projectId !== 'demo') continue
        project.chains = project.chains.map((chain) => {
          const local = anvil.chains.find((c) => chain.caipNetworkId === `eip155:${c.chainId}`)
          if (!local) return chain
          // Swaps on the first chain through the Uniswap V2 router deployed above.
          const swap =
            local === anvil.chains[0]
              ? {
                  swap: {
                    provider: 'uniswap-v2',
                    router: anvil.uniswap.router,
                    tokens: anvil.uniswap.tokens.map((token) => token.address),
                  },
                }
              : {}
          // The embedded wallet's smart account where the bundler runs.
          const bundler =
            local === anvil.chains[0] && anvil.bundlerUrl
              ? { bundlerUrl: anvil.bundlerUrl, smartAccountMode: args['smart-account'] }
              : {}
          return { ...chain, rpcUrls: [local.rpcUrl], ...swap, ...bundler }
        })
        // Buy: the test ERC-20 TUSD (1 USD, minted by the sandbox checkout) besides ETH.
        const [tusd] = anvil.uniswap.tokens
        if (project.onramp && tusd) {
          project.onramp.assets = [
            {
              chainId: `eip155:${anvil.chains[0].chainId}`,
              address: tusd.address,
              symbol: tusd.symbol,
              name: tusd.name,
              decimals: tusd.decimals,
              usdPrice: 1,
            },
          ]
        }
        // Balances on the local Solana cluster (SOL and the test SPL token, named here).
        project.chains.push({
          caipNetworkId: `solana:${solana.genesisHash.slice(0, 32)}`,
          rpcUrls: [solana.rpcUrl],
          splTokens: [
            { mint: solana.token.mint, name: solana.token.name, symbol: solana.token.symbol },
          ],
        })
      }
      const configDir = await mkdtemp(join(tmpdir(), 'openmodal-demo-'))
      const removeConfig = () => rm(configDir, { recursive: true, force: true })
      const configPath = join(configDir, 'openmodal.config.json')
      // Social login against loopback stand-ins of Google (a real OpenID Provider), GitHub,
      // Discord, X and Facebook (their OAuth 2 and profile shapes), which sign in a test visitor
      // at once (apps/server/src/social-standins.ts); the project lists them.
      const standinsPath = join(configDir, 'social-standins.json')
      const standins = await startProcess(
        'social-stand-ins',
        process.execPath,
        [
          '--conditions=@openmodal/source',
          '--import',
          'tsx',
          'src/social-standins.ts',
          '--redirect-uri',
          `http://${HOST}:${port}/v1/auth/social/callback`,
          '--out',
          standinsPath,
        ],
        { cwd: serverDir, ready: /"msg":"social stand-ins ready"/ },
      )
      const { social } = JSON.parse(await readFile(standinsPath, 'utf8'))
      for (const project of config.projects) {
        if (project.projectId !== 'demo') continue
        // Sign In With Farcaster on the anvil chain's IdRegistry stand-in (the phone: a script).
        project.social = { ...social, farcaster: {} }
        project.features = { ...project.features, socials: [...Object.keys(social), 'farcaster'] }
      }
      await writeFile(configPath, JSON.stringify(config))
      // The embedded wallet's keys for the demo, kept beside its PGlite data so that wallets
      // made in one run open in the next. Never use these outside the demo.
      const keysPath = join(serverDir, '.data', 'demo-embedded-keys.json')
      const keys = await readFile(keysPath, 'utf8')
        .then(JSON.parse)
        .catch(async () => {
          const fresh = {
            authSecret: randomBytes(32).toString('hex'),
            vaultKey: randomBytes(32).toString('hex'),
          }
          await mkdir(dirname(keysPath), { recursive: true })
          await writeFile(keysPath, JSON.stringify(fresh), { mode: 0o600 })
          return fresh
        })
      // The secure site (the embedded wallet's frame) on a second port of the server, reached
      // as `localhost` while the demo is on 127.0.0.1: another origin and another site, as a
      // real deployment's secure origin is for a dapp.
      const securePort = await freePort(5174)
      const secureOrigin = `http://localhost:${securePort}`
      const serverEnv = (instancePort, extra = {}) => ({
        OPENMODAL_HOST: HOST,
        OPENMODAL_PORT: String(instancePort),
        OPENMODAL_CONFIG: configPath,
        LOG_LEVEL: 'info',
        OPENMODAL_SECURE_ORIGIN: secureOrigin,
        OPENMODAL_AUTH_SECRET: keys.authSecret,
        OPENMODAL_VAULT_KEY: keys.vaultKey,
        OPENMODAL_SMTP_URL: mailbox.smtpUrl,
        OPENMODAL_MAIL_FROM: 'OpenModal demo <no-reply@localhost>',
        OPENMODAL_FARCASTER_RPC_URL: anvil.chains[0].rpcUrl,
        OPENMODAL_FARCASTER_ID_REGISTRY: anvil.idRegistry.address,
        OPENMODAL_FARCASTER_RELAY_KEY: DEMO_FARCASTER_RELAY_KEY,
        ...extra,
      })
      const startServer = (name, env) =>
        startProcess(
          name,
          process.execPath,
          ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
          // Compiled from source on start: a loaded machine took over 30 s.
          { cwd: serverDir, ready: /"msg":"listening"/, timeoutMs: 90_000, env },
        )
      const scaled = scale > 1 ? await startScaledServers() : undefined
      const proc = scaled
        ? scaled.proc
        : await startServer(
            'server',
            serverEnv(port, { OPENMODAL_SECURE_PORT: String(securePort) }),
          ).catch(async (error) => {
            await standins.stop()
            await removeConfig()
            throw error
          })
      // `--scale N`: N instances over one PostgreSQL (PGlite is one process's), behind a
      // round-robin balancer on the server's port; the first also serves the secure site.
      async function startScaledServers() {
        const postgresPath = join(configDir, 'postgres.json')
        const started = []
        const stopAll = async () => {
          for (const one of started.reverse()) await one.stop()
        }
        try {
          started.push(
            await startProcess(
              'postgres',
              process.execPath,
              ['--import', 'tsx', 'src/dev-postgres.ts', '--out', postgresPath],
              { cwd: serverDir, ready: /"msg":"postgres ready"/, timeoutMs: 90_000 },
            ),
          )
          const { url: databaseUrl } = JSON.parse(await readFile(postgresPath, 'utf8'))
          const ports = []
          for (let i = 0; i < scale; i++) {
            // From 8790 on, clear of the relay (8788, its default) and the image's secure site
            // (8789); a taken port falls back to a free one.
            const instancePort = await freePort(port + 3 + i)
            const extra = {
              DATABASE_URL: databaseUrl,
              OPENMODAL_PUBLIC_URL: `http://${HOST}:${port}`,
              OPENMODAL_TRUST_PROXY: '1',
              ...(i === 0 ? { OPENMODAL_SECURE_PORT: String(securePort) } : {}),
            }
            started.push(await startServer(`server-${i + 1}`, serverEnv(instancePort, extra)))
            ports.push(instancePort)
          }
          const balancer = await startBalancer(port, ports)
          started.push({ stop: () => new Promise((done) => balancer.close(done)) })
          return { proc: { stop: stopAll }, ports }
        } catch (error) {
          await stopAll()
          await standins.stop()
          await removeConfig()
          throw error
        }
      }
      const url = `http://${HOST}:${port}`
      const stop = () => Promise.all([proc.stop(), standins.stop()]).then(removeConfig)
      return {
        ...proc,
        stop,
        url,
        secureOrigin,
        banner: [
          scaled
            ? `OpenModal server, ${scale} instances (ports ${scaled.ports.join(', ')}) over one PostgreSQL, behind a round-robin balancer (project "demo"): ${url}`
            : `OpenModal server (PGlite, project "demo"): ${url}`,
          `Secure site (the embedded wallet's frame, served by the server): ${secureOrigin}/frame?projectId=demo`,
          '  E-mail login codes go to the mailbox.',
          `  Social login (${Object.keys(social).join(', ')}): loopback stand-ins that sign in a test visitor at once.`,
          '  "Continue with Farcaster" shows a QR code and a link; play the phone with (the link in quotes):',
          `    pnpm --filter @openmodal/server farcaster-phone --relay ${url}/farcaster --rpc ${anvil.chains[0].rpcUrl} --registry ${anvil.idRegistry.address} --key ${DEMO_FARCASTER_RELAY_KEY} --custody ${DEMO_FARCASTER_CUSTODY} '<link>'`,
        ].join('\n'),
      }
    },
  },
  {
    name: 'relay',
    async start() {
      // The local WalletConnect relay (`pnpm relay`), in this process: the demo and the wallet
      // harness both point at it.
      const testing = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/node.js')).href
      )
      const port = await freePort(8788).catch(() => undefined)
      if (scale === 1) {
        const relay = await testing.startRelay(port ? { port } : {})
        return {
          url: relay.url,
          stop: () => relay.stop(),
          banner: `WalletConnect relay: ${relay.url}`,
        }
      }
      // N relay processes (apps/relay) over one Redis: the demo pairs through the first, the
      // wallet command below through the second, so every message crosses instances.
      const redisPort = await freePort(6390)
      const redis = await startProcess(
        'redis',
        'redis-server',
        ['--port', String(redisPort), '--bind', HOST, '--save', '', '--appendonly', 'no'],
        { cwd: ROOT, ready: /Ready to accept connections/ },
      )
      const instances = []
      for (let i = 0; i < scale; i++) {
        const instancePort = await freePort((port ?? 8788) + i)
        instances.push(
          await startProcess(
            `relay-${i + 1}`,
            process.execPath,
            ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
            {
              cwd: join(ROOT, 'apps/relay'),
              ready: /"relay listening"/,
              env: {
                OPENMODAL_REDIS_URL: `redis://${HOST}:${redisPort}`,
                OPENMODAL_RELAY_PORT: String(instancePort),
              },
            },
          ),
        )
        instances[i].url = `ws://${HOST}:${instancePort}`
      }
      return {
        url: instances[0].url,
        walletUrl: instances[1].url,
        stop: async () => {
          for (const instance of instances) await instance.stop()
          await redis.stop()
        },
        banner: `WalletConnect relays over Redis ${HOST}:${redisPort}: ${instances.map((r) => r.url).join(', ')}`,
      }
    },
  },
  {
    // A real Safe on the first anvil chain (anvil account 0 owns it, 100 ETH in it) behind the
    // Safe stand-in page, and the Coinbase keys-page stand-in (anvil account 2 answers).
    name: 'stand-ins',
    async start({ anvil }) {
      const testing = await import(
        pathToFileURL(join(ROOT, 'packages/testing/dist/exports/node.js')).href
      )
      const [chain] = anvil.chains
      const safe = await testing.deploySafe(chain.rpcUrl)
      await testing.fundAccount(chain.rpcUrl, safe.address, { value: 100n * 10n ** 18n })
      const safeStandIn = await testing.startSafeStandIn({ rpcUrl: chain.rpcUrl, safe })
      const coinbase = await testing
        .startCoinbaseStandIn({ rpcUrl: chain.rpcUrl, chainId: chain.chainId })
        .catch(async (error) => {
          await safeStandIn.stop()
          throw error
        })
      return {
        safe,
        safeStandIn,
        coinbase,
        stop: () => Promise.all([safeStandIn.stop(), coinbase.stop()]),
        banner: `Safe stand-in: ${safeStandIn.origin} (Safe ${safe.address}); Coinbase keys stand-in: ${coinbase.keysUrl}`,
      }
    },
  },
  {
    name: 'demo',
    async start({ anvil, solana, bitcoin, server, relay, mailbox, 'stand-ins': standIns }) {
      const port = await freePort(Number(args.port))
      const demoDir = join(ROOT, 'apps/demo')
      const vite = join(demoDir, 'node_modules/vite/bin/vite.js')
      const proc = await startProcess(
        'demo',
        process.execPath,
        [vite, 'preview', '--host', HOST, '--port', String(port), '--strictPort'],
        {
          cwd: demoDir,
          ready: new RegExp(`http://${HOST.replaceAll('.', '\\.')}:${port}`),
          // Served to the page at /__openmodal/local.json (apps/demo/vite.config.ts).
          env: {
            OPENMODAL_DEMO_CHAINS: JSON.stringify({
              chains: anvil.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
              token: anvil.token.address,
              apiUrl: server.url,
              secureOrigin: server.secureOrigin,
              mailboxUrl: mailbox.url,
              relayUrl: relay.url,
              solana: {
                rpcUrl: solana.rpcUrl,
                genesisHash: solana.genesisHash,
                token: solana.token.mint,
              },
              bitcoin: { esploraUrl: bitcoin.url },
              safeOrigin: standIns.safeStandIn.origin,
              coinbaseKeysUrl: standIns.coinbase.keysUrl,
            }),
          },
        },
      )
      const url = `http://${HOST}:${port}/`
      return {
        ...proc,
        url,
        banner: [
          `OpenModal demo: ${url}  (plain HTML: ${url}plain.html)`,
          '  The dev wallet (anvil account 0, 10,000 ETH) is injected: click "Connect Wallet",',
          '  then "OpenModal Dev Wallet". Add ?devwallet=0 to use your own extension instead.',
          '  WalletConnect: pick "WalletConnect", click "Copy link", then pair the test wallet:',
          `    pnpm --filter @openmodal/testing wc-wallet --relay ${relay.walletUrl ?? relay.url} ${anvil.chains
            .map((c) => `--rpc ${c.rpcUrl}`)
            .join(' ')} '<link>'`,
          `  The Solana dev wallet (100 SOL and 1,000,000 ${solana.token.symbol} on the local cluster) is registered too:`,
          '  "OpenModal Solana Dev Wallet" connects Solana; connect both and switch in Networks.',
          '  The Bitcoin dev wallet (sats-connect, 1 BTC on regtest) is listed as "OpenModal',
          "  Bitcoin Dev Wallet\"; send regtest sats from the page's useModalAccount('bip122') form.",
          '  "Coinbase Wallet" opens the Coinbase keys stand-in as its popup (anvil account 2).',
          `  Inside the Safe stand-in (connects the Safe ${standIns.safe.address} at once):`,
          `    ${standIns.safeStandIn.url(url)}`,
        ].join('\n'),
      }
    },
  },
]

const started = []
let stopping

async function stopAll(exitCode) {
  stopping ??= (async () => {
    for (const service of started.reverse()) {
      try {
        await service.stop()
      } catch (error) {
        console.error(`Stopping ${service.name} failed:`, error)
      }
    }
    process.exit(exitCode)
  })()
  return stopping
}

/**
 * Ctrl-C (or q) read as a key once everything runs: under `pnpm demo` the terminal's SIGINT
 * also reaches pnpm, which reports an interrupted script as "ELIFECYCLE Command failed" however
 * cleanly the demo stops. In raw mode the terminal signals no one and hands us the byte.
 */
function stopOnKeypress() {
  if (!process.stdin.isTTY) return
  process.stdin.setRawMode(true)
  process.stdin.on('data', (bytes) => {
    // Ctrl-C, Ctrl-D, q
    if (bytes.includes(3) || bytes.includes(4) || bytes.includes(0x71)) void stopAll(0)
  })
}

process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))

try {
  if (!args['no-build']) {
    // The secure site too: the server serves its build.
    const filters = ['--filter=@openmodal/demo...', '--filter=@openmodal/secure-site']
    // Only a failing build's output: the URLs below are what a newcomer needs to see.
    console.log('Building the packages and the demo (a minute the first time)…')
    await run('pnpm', ['turbo', 'run', 'build', '--output-logs=errors-only', ...filters], {
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    })
  }
  const context = {}
  for (const service of services) {
    if (stopping) break
    const handle = await service.start(context)
    started.push({ name: service.name, ...handle })
    context[service.name] = handle
    // A service that dies on its own takes the stack down with it.
    handle.exited?.then(async (code) => {
      if (stopping) return
      console.error(`${service.name} exited (${code}); stopping the demo`)
      if (handle.log) {
        const lines = (await readFile(handle.log, 'utf8').catch(() => '')).trimEnd().split('\n')
        console.error(`The end of ${handle.log}:\n${lines.slice(-30).join('\n')}`)
      }
      void stopAll(1)
    })
  }
  console.log('')
  for (const service of started) console.log(service.banner ?? `${service.name}: ${service.url}`)
  if (logDir) console.log(`\nLogs of the server and the web server: ${logDir}`)
  console.log('\nCtrl-C stops everything.')
  stopOnKeypress()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await stopAll(1)
}
