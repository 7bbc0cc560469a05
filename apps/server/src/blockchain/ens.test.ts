// ENS on the name endpoints, against anvil: a stand-in Universal Resolver put on the chain with
// anvil_setCode answers the lookups. The chains' RPC goes through a loopback proxy that counts
// requests, to see the 5-minute cache work and expire on the server's clock.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import { type AnvilInstance, startAnvil } from '@openmodal/testing/node'
import * as v from 'valibot'
import {
  type Address,
  createTestClient,
  encodeAbiParameters,
  type Hex,
  http,
  toFunctionSelector,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import type { Db } from '../db/db.js'
import { createLogger } from '../http/logger.js'
import { syncConfig } from '../projects/config-file.js'
import { ChainSchema } from '../projects/schema.js'
import type { RunningServer } from '../server.js'
import { type FaultyUpstream, startFaultyUpstream } from '../testing/faulty-upstream.js'
import { call, countRows, type Json, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { createEnsResolver, MAINNET_UNIVERSAL_RESOLVER, normalizeEnsName } from './ens.js'
import { registerNameMessage } from './names.js'

const [, bob, carol, dave, erin, frank, grace, heidi, ivan, judy] = ANVIL_ADDRESSES
const ORIGIN = 'https://app.example.com'
/** The chain with the stand-in resolver, reached through the counting proxy. */
const ENS_CHAIN = 'eip155:31337'
/** Ethereum mainnet's id on the same anvil: viem's resolver address, no configuration. */
const MAINNET = 'eip155:1'
const NO_ENS = 'eip155:31338'
const REVERTING = 'eip155:31339'
const GARBAGE = 'eip155:31340'
const UNREACHABLE = 'eip155:31341'
const SLOW = 'eip155:31342'
const ENS_TIMEOUT_MS = 3000

const RESOLVER = '0x000000000000000000000000000000000000e115' as Address
const REVERTING_RESOLVER = '0x000000000000000000000000000000000000bad1' as Address
const GARBAGE_RESOLVER = '0x000000000000000000000000000000000000bad2' as Address
const UNNORMALIZED_RESOLVER = '0x000000000000000000000000000000000000bad3' as Address
/** The address every ENS name resolves to on the stand-in. */
const ENS_ADDRESS: Address = judy

/**
 * Runtime code of a stand-in Universal Resolver: `reverseWithGateways` answers
 * (string name, address resolver, address reverseResolver) = `reverse`, every other call
 * `resolveWithGateways`'s (bytes result, address resolver) = `resolve`. Dispatch on the
 * selector, then CODECOPY the answer that follows the code and RETURN it.
 */
function standInResolver(reverse: Hex, resolve: Hex): Hex {
  const word = (n: number) => n.toString(16).padStart(4, '0')
  const length = (data: Hex) => (data.length - 2) / 2
  const selector = toFunctionSelector('reverseWithGateways(bytes,uint256,string[])').slice(2)
  const code = 47 // bytes of code before the data
  const reverseAt = code
  const resolveAt = code + length(reverse)
  const program = [
    `600035 60e0 1c`, // selector = calldata[0:4]
    `63${selector} 14 61${word(31)} 57`, // == reverseWithGateways → jump to 31
    `61${word(length(resolve))} 61${word(resolveAt)} 6000 39`, // copy `resolve`
    `61${word(length(resolve))} 6000 f3`, // return it
    `5b`, // 31: JUMPDEST
    `61${word(length(reverse))} 61${word(reverseAt)} 6000 39`,
    `61${word(length(reverse))} 6000 f3`,
  ]
    .join('')
    .replaceAll(' ', '')
  assert.equal(program.length / 2, code)
  return `0x${program}${reverse.slice(2)}${resolve.slice(2)}`
}

const reverseAnswer = (name: string) =>
  encodeAbiParameters(
    [{ type: 'string' }, { type: 'address' }, { type: 'address' }],
    [name, heidi, heidi],
  )
const resolveAnswer = (address: Address) =>
  encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'address' }],
    [encodeAbiParameters([{ type: 'address' }], [address]), heidi as Address],
  )

interface CountingProxy {
  url: string
  /** JSON-RPC requests forwarded so far (each entry of a batch counts). */
  readonly requests: number
  close(): Promise<void>
}

/** A loopback JSON-RPC proxy to `target` that counts what passes. */
async function startCountingProxy(target: string): Promise<CountingProxy> {
  let requests = 0
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', async () => {
      const parsed = JSON.parse(body) as unknown
      requests += Array.isArray(parsed) ? parsed.length : 1
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(await answer.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

let db: Db
let server: RunningServer
let anvil: AnvilInstance
let proxy: CountingProxy
let slow: FaultyUpstream
/** The server's clock: name timestamps and the ENS cache. */
let now = Date.now()
const logs: Json[] = []

const get = (path: string, query: Record<string, string> = {}) =>
  call(`${server.url}${path}?${new URLSearchParams({ projectId: 'test-project', ...query })}`, {
    headers: { origin: ORIGIN },
  })
const reverse = (address: string, chainId?: string) =>
  get(`/v1/names/reverse/${address}`, chainId ? { chainId } : {})
const forward = (name: string, chainId?: string) =>
  get(`/v1/names/${encodeURIComponent(name)}`, chainId ? { chainId } : {})

/** How many JSON-RPC requests `run` sent through the proxy. */
const requestsDuring = async (run: () => Promise<unknown>) => {
  const before = proxy.requests
  await run()
  return proxy.requests - before
}

before(async () => {
  ;[db, anvil, slow] = await Promise.all([
    openTestPglite(),
    startAnvil({ chainId: 31337 }),
    startFaultyUpstream([], { delayMs: 60_000, next: 'echo' }),
  ])
  proxy = await startCountingProxy(anvil.rpcUrl)
  const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
  const standIn = standInResolver(reverseAnswer('alice.eth'), resolveAnswer(ENS_ADDRESS))
  await testClient.setCode({ address: RESOLVER, bytecode: standIn })
  await testClient.setCode({ address: MAINNET_UNIVERSAL_RESOLVER, bytecode: standIn })
  // PUSH1 0 PUSH1 0 REVERT: every call reverts without data.
  await testClient.setCode({ address: REVERTING_RESOLVER, bytecode: '0x60006000fd' })
  // Returns the 2 bytes 0x1234 (PUSH2 1234 PUSH1 0 MSTORE, RETURN memory[30:32]).
  await testClient.setCode({ address: GARBAGE_RESOLVER, bytecode: '0x6112346000526002601ef3' })
  // Answers a primary name that is not normalized (upper case).
  await testClient.setCode({
    address: UNNORMALIZED_RESOLVER,
    bytecode: standInResolver(reverseAnswer('Alice.eth'), resolveAnswer(ENS_ADDRESS)),
  })
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({
        chains: [
          {
            caipNetworkId: ENS_CHAIN,
            rpcUrls: [proxy.url],
            ensUniversalResolver: RESOLVER,
            index: false,
          },
          { caipNetworkId: MAINNET, rpcUrls: [proxy.url], index: false },
          { caipNetworkId: NO_ENS, rpcUrls: [proxy.url], index: false },
          {
            caipNetworkId: REVERTING,
            rpcUrls: [proxy.url],
            ensUniversalResolver: REVERTING_RESOLVER,
            index: false,
          },
          {
            caipNetworkId: GARBAGE,
            rpcUrls: [proxy.url],
            ensUniversalResolver: GARBAGE_RESOLVER,
            index: false,
          },
          {
            caipNetworkId: UNREACHABLE,
            // Port 1 on loopback: nothing listens, the connection is refused.
            rpcUrls: ['http://127.0.0.1:1'],
            ensUniversalResolver: RESOLVER,
            index: false,
          },
          {
            caipNetworkId: SLOW,
            rpcUrls: [slow.url],
            ensUniversalResolver: RESOLVER,
            index: false,
          },
        ],
      }),
      testProject({
        projectId: 'odd-names',
        chains: [
          {
            caipNetworkId: ENS_CHAIN,
            rpcUrls: [proxy.url],
            ensUniversalResolver: UNNORMALIZED_RESOLVER,
            index: false,
          },
        ],
      }),
    ],
  })
  server = await startTestServer(db, {
    now: () => now,
    ens: { timeoutMs: ENS_TIMEOUT_MS },
    logger: createLogger('warn', (line) => logs.push(JSON.parse(line))),
  })
})

after(async () => {
  await server.close()
  await Promise.all([proxy.close(), slow.close(), anvil.stop()])
  await db.close()
})

describe('ENS on the name endpoints', () => {
  test('reverse-resolves an address through the chain Universal Resolver, source ens', async () => {
    const { status, body } = await reverse(carol, ENS_CHAIN)
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body, { name: 'alice.eth', address: carol, source: 'ens' })
    // A lower-case address answers with the checksum.
    assert.equal((await reverse(carol.toLowerCase(), ENS_CHAIN)).body.address, carol)
  })

  test('resolves an ENS name to its address, normalized', async () => {
    const { status, body } = await forward('Alice.ETH', ENS_CHAIN)
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body, { name: 'alice.eth', address: ENS_ADDRESS, source: 'ens' })
    // Registry-shaped names go to ENS too when the registry does not know them.
    assert.deepEqual((await forward('not-registered', ENS_CHAIN)).body, {
      name: 'not-registered',
      address: ENS_ADDRESS,
      source: 'ens',
    })
  })

  test('Ethereum mainnet uses viem mainnet Universal Resolver without configuration', async () => {
    assert.deepEqual((await reverse(dave, MAINNET)).body, {
      name: 'alice.eth',
      address: dave,
      source: 'ens',
    })
    assert.equal((await forward('vitalik.eth', MAINNET)).body.address, ENS_ADDRESS)
  })

  test('a name registered on our server wins over ENS, both ways', async () => {
    const message = registerNameMessage('bob-builder', bob, now)
    const signature = await privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).signMessage({ message })
    const registered = await call(`${server.url}/v1/names?projectId=test-project`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ name: 'bob-builder', address: bob, message, signature }),
    })
    assert.equal(registered.status, 201)
    assert.deepEqual(registered.body, { name: 'bob-builder', address: bob, source: 'registry' })
    const expected = { name: 'bob-builder', address: bob, source: 'registry' }
    assert.equal(
      await requestsDuring(async () => {
        assert.deepEqual((await reverse(bob, ENS_CHAIN)).body, expected)
        assert.deepEqual((await forward('BOB-builder', ENS_CHAIN)).body, expected)
      }),
      0,
      'ENS is not asked',
    )
    // Without chainId: our registry only, as before.
    assert.deepEqual((await reverse(bob)).body, expected)
    const noChain = await reverse(erin)
    assert.equal(noChain.status, 404)
    assert.equal(noChain.body.code, 'NAME_NOT_FOUND')
    assert.equal((await forward('alice.eth')).status, 400)
  })

  test('a chain without ENS answers 404 NAME_NOT_FOUND without asking its RPC', async () => {
    assert.equal(
      await requestsDuring(async () => {
        const none = await reverse(erin, NO_ENS)
        assert.equal(none.status, 404)
        assert.deepEqual(none.body, {
          code: 'NAME_NOT_FOUND',
          message: `No name is registered for ${erin}`,
        })
        const name = await forward('alice.eth', NO_ENS)
        assert.equal(name.status, 404)
        assert.deepEqual(name.body, {
          code: 'NAME_NOT_FOUND',
          message: 'No address has the name alice.eth',
        })
      }),
      0,
    )
  })

  test('a chain the project does not have is 404 CHAIN_NOT_CONFIGURED; a bad chainId 400', async () => {
    const unknown = await reverse(erin, 'eip155:10')
    assert.equal(unknown.status, 404)
    assert.deepEqual(unknown.body, {
      code: 'CHAIN_NOT_CONFIGURED',
      message: 'Project test-project has no chain eip155:10',
    })
    assert.equal((await forward('alice.eth', 'eip155:10')).body.code, 'CHAIN_NOT_CONFIGURED')
    const bad = await forward('alice.eth', '1')
    assert.equal(bad.status, 400)
    assert.match(bad.body.message, /^Invalid query: chainId: Expected a CAIP-2/)
  })

  test('a reverting resolver and one answering garbage are 404, logged', async () => {
    logs.length = 0
    for (const chainId of [REVERTING, GARBAGE]) {
      const none = await reverse(frank, chainId)
      assert.equal(none.status, 404, chainId)
      assert.equal(none.body.code, 'NAME_NOT_FOUND')
      const name = await forward('alice.eth', chainId)
      assert.equal(name.status, 404, chainId)
      assert.equal(name.body.code, 'NAME_NOT_FOUND')
    }
    const failures = logs.filter((line) => line.msg === 'ens lookup failed')
    assert.deepEqual(
      failures.map((line) => [line.chainId, line.kind, line.failure]),
      [
        [REVERTING, 'name', 'revert'],
        [REVERTING, 'address', 'revert'],
        [GARBAGE, 'name', 'garbage'],
        [GARBAGE, 'address', 'garbage'],
      ],
    )
    assert.ok(logs.every((line) => line.level === 'warn'))
  })

  test('a primary name that is not normalized is no name', async () => {
    logs.length = 0
    const answer = await call(
      `${server.url}/v1/names/reverse/${grace}?projectId=odd-names&chainId=${ENS_CHAIN}`,
      { headers: { origin: ORIGIN } },
    )
    assert.equal(answer.status, 404, JSON.stringify(answer.body))
    assert.equal(answer.body.code, 'NAME_NOT_FOUND')
    assert.deepEqual(
      logs.filter((l) => l.msg === 'ens lookup failed').map((l) => l.failure),
      ['garbage'],
    )
  })

  test('an unreachable RPC is 502 UPSTREAM_ERROR, like the other blockchain endpoints', async () => {
    const name = await reverse(erin, UNREACHABLE)
    assert.equal(name.status, 502)
    assert.deepEqual(name.body, {
      code: 'UPSTREAM_ERROR',
      message: "Could not read the ENS name from the chain's RPC",
    })
    const address = await forward('alice.eth', UNREACHABLE)
    assert.equal(address.status, 502)
    assert.equal(address.body.code, 'UPSTREAM_ERROR')
    const balance = await get(`/v1/account/${erin}/balance`, { chainId: UNREACHABLE })
    assert.equal(balance.status, 502)
    assert.equal(balance.body.code, 'UPSTREAM_ERROR')
  })

  test('a lookup slower than the RPC timeout is no name, logged, and not cached', async () => {
    logs.length = 0
    const first = slow.hits
    const answer = await reverse(erin, SLOW)
    assert.equal(answer.status, 404)
    assert.equal(answer.body.code, 'NAME_NOT_FOUND')
    assert.ok(slow.hits > first)
    assert.deepEqual(
      logs.filter((l) => l.msg === 'ens lookup failed').map((l) => l.failure),
      ['timeout'],
    )
    const again = slow.hits
    assert.equal((await reverse(erin, SLOW)).status, 404)
    assert.ok(slow.hits > again, 'asked again')
  })

  test('refuses hostile and invalid names with 400 before asking anything', async () => {
    const before = await countRows(db)
    const requests = await requestsDuring(async () => {
      for (const name of [
        '<b>bob</b>.eth',
        'alice..eth',
        '.eth',
        `${'a'.repeat(300)}.eth`,
        'ali\u0000ce.eth',
        'ali\u202ece.eth',
        'ali\u200dce.eth',
        // Cyrillic а in a Latin label: a confusable mixture.
        '\u0430pple.eth',
        'alice eth',
      ]) {
        const answer = await forward(name, ENS_CHAIN)
        assert.equal(answer.status, 400, `${JSON.stringify(name)}: ${JSON.stringify(answer.body)}`)
        assert.equal(answer.body.code, 'BAD_REQUEST')
        assert.match(
          answer.body.message,
          /^Invalid name: expected a registered name .* or a valid ENS name/,
        )
      }
    })
    assert.equal(requests, 0)
    assert.deepEqual(await countRows(db), before)
    assert.equal(normalizeEnsName('Alice.ETH'), 'alice.eth')
    assert.equal(normalizeEnsName('<b>.eth'), undefined)
  })

  test('keeps answers 5 minutes: no RPC request within, a new one after (server clock)', async () => {
    const ask = () => reverse(ivan, ENS_CHAIN)
    assert.ok((await requestsDuring(ask)) > 0, 'the first lookup asks the chain')
    assert.equal(await requestsDuring(ask), 0, 'the second is cached')
    assert.equal(await requestsDuring(() => forward('alice.eth', ENS_CHAIN)), 0, 'cached earlier')
    // The cache is per chain: mainnet's lookup of the same address is its own.
    assert.ok((await requestsDuring(() => reverse(ivan, MAINNET))) > 0)
    // "No name" answers of a resolver are kept too.
    assert.equal(await requestsDuring(() => reverse(frank, REVERTING)), 0)
    now += 5 * 60_000 - 1
    assert.equal(await requestsDuring(ask), 0, 'still cached 1 ms before 5 minutes')
    now += 1
    let answer: Json
    assert.ok(
      (await requestsDuring(async () => {
        answer = await ask()
      })) > 0,
      'expired after 5 minutes',
    )
    assert.deepEqual(answer.body, { name: 'alice.eth', address: ivan, source: 'ens' })
  })
})

describe('the ENS cache', () => {
  test('keeps at most cacheMaxEntries answers, dropping the least recently used', async () => {
    let clock = 0
    const ens = createEnsResolver({
      logger: createLogger('silent'),
      now: () => clock,
      cacheMaxEntries: 2,
    })
    const chain = { caipNetworkId: ENS_CHAIN, rpcUrls: [proxy.url] }
    const name = (address: Address) => requestsDuring(() => ens.nameOf(chain, RESOLVER, address))
    assert.ok((await name(carol)) > 0)
    assert.ok((await name(dave)) > 0)
    assert.equal(await name(carol), 0) // carol is now the most recent
    assert.ok((await name(erin)) > 0) // drops dave
    assert.equal(await name(carol), 0)
    assert.equal(await name(erin), 0)
    assert.ok((await name(dave)) > 0)
    clock += 5 * 60_000
    assert.ok((await name(dave)) > 0)
    assert.equal(await ens.nameOf(chain, RESOLVER, dave), 'alice.eth')
  })
})

describe('ensUniversalResolver in the project config', () => {
  test('takes an address or false on eip155 chains only', () => {
    const parse = (chain: unknown) => v.safeParse(ChainSchema, chain)
    assert.ok(
      parse({ caipNetworkId: 'eip155:1', rpcUrls: ['http://x.test'], ensUniversalResolver: false })
        .success,
    )
    assert.equal(
      v.parse(ChainSchema, {
        caipNetworkId: 'eip155:10',
        rpcUrls: ['http://x.test'],
        ensUniversalResolver: RESOLVER,
      }).ensUniversalResolver,
      RESOLVER,
    )
    assert.equal(
      parse({
        caipNetworkId: 'eip155:10',
        rpcUrls: ['http://x.test'],
        ensUniversalResolver: '0x12',
      }).success,
      false,
    )
    const solana = parse({
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      rpcUrls: ['http://x.test'],
      ensUniversalResolver: RESOLVER,
    })
    assert.equal(solana.success, false)
    assert.equal(solana.issues?.[0]?.message, 'ensUniversalResolver is only for eip155 chains')
  })
})
