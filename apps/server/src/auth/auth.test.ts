// Sign-In With X on the server: nonces, authentication (EOA, ERC-1271, ERC-6492 on anvil,
// Solana), sessions, sign-out, and every refusal (replay, expiry, domain, chain, bad input),
// plus serverSiwx() of @openmodal/siwx against the real routes.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  createSiwxMessageData,
  formatSiwxMessage,
  fromSolanaSignInOutput,
  parseSiwxMessage,
  type SiwxChainId,
  SiwxError,
  serverSiwx,
  toSolanaSignInInput,
} from '@openmodal/siwx'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import {
  type AnvilInstance,
  createCounterfactualWallet,
  deployEip7702,
  deployErc4337,
  deploySafe4337,
  deployTestSmartWallet,
  startAnvil,
} from '@openmodal/testing/node'
import { createSolanaDevWallet, SOLANA_DEV_ADDRESSES } from '@openmodal/testing/solana'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { createWalletClient, hashMessage, http, publicActions } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import { type Db, openPostgres } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { call, countRows, type Json, startTestServer, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from '../testing/postgres.js'

const ORIGIN = 'https://app.example.com'
const DOMAIN = 'app.example.com'
const SOLANA_LOCAL: SiwxChainId = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const [alice, bob] = [
  privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
  privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]),
]

let db: Db
let server: RunningServer
let anvil: AnvilInstance
let clock = Date.now()

before(async () => {
  anvil = await startAnvil()
})
after(() => anvil?.stop())

const project = () =>
  testProject({
    chains: [
      { caipNetworkId: 'eip155:31337', rpcUrls: [anvil.rpcUrl], index: false },
      { caipNetworkId: SOLANA_LOCAL, rpcUrls: ['http://127.0.0.1:1'] },
    ],
  })

/** A migrated database with the test project, and the server over it. */
function useServer(open: () => Promise<Db>) {
  before(async () => {
    db = await open()
    await prepareDatabase(db)
    await syncConfig(db, { projects: [project()] })
    server = await startTestServer(db, { now: () => clock, auth: { nonceTtlMs: 60_000 } })
  })
  after(async () => {
    await server?.close()
    await db?.close()
  })
}

const url = (path: string) => `${server.url}${path}?projectId=test-project`
const headers = (extra: Record<string, string> = {}) => ({ origin: ORIGIN, ...extra })

async function nonce(): Promise<{ nonce: string; token: string; expiresAt: string }> {
  const answer = await call(url('/v1/auth/nonce'), { headers: headers() })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body
}

function messageFor(
  accountAddress: string,
  nonceValue: string,
  overrides: {
    chainId?: SiwxChainId
    domain?: string
    issuedAt?: Date
    expirationTime?: Date
  } = {},
) {
  return formatSiwxMessage(
    createSiwxMessageData({
      accountAddress,
      chainId: overrides.chainId ?? 'eip155:31337',
      domain: overrides.domain ?? DOMAIN,
      uri: ORIGIN,
      statement: 'Sign in to Example',
      nonce: nonceValue,
      issuedAt: overrides.issuedAt ?? new Date(clock),
      expiresInMs: 60 * 60_000,
      ...(overrides.expirationTime ? { expirationTime: overrides.expirationTime } : {}),
    }),
  )
}

const authenticate = (body: Json, extraHeaders: Record<string, string> = {}) =>
  call(url('/v1/auth/authenticate'), {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json', ...extraHeaders }),
    body: JSON.stringify(body),
  })
const me = (token: string) =>
  call(url('/v1/auth/me'), { headers: headers({ authorization: `Bearer ${token}` }) })
const signOut = (token: string) =>
  call(url('/v1/auth/sign-out'), {
    method: 'POST',
    headers: headers({ authorization: `Bearer ${token}` }),
  })

async function signIn(account: typeof alice) {
  const issued = await nonce()
  const message = messageFor(account.address, issued.nonce)
  const answer = await authenticate({
    message,
    signature: await account.signMessage({ message }),
    token: issued.token,
  })
  assert.equal(answer.status, 201, JSON.stringify(answer.body))
  return answer
}

/** Alice's key signing in as `address` (not hers) is refused and stores nothing. */
async function refusesStranger(address: string) {
  const issued = await nonce()
  const forged = messageFor(address, issued.nonce)
  await storesNothing(async () => {
    const refused = await authenticate({
      message: forged,
      signature: await alice.signMessage({ message: forged }),
      token: issued.token,
    })
    assert.equal(refused.status, 401, JSON.stringify(refused.body))
    assert.equal(refused.body.reason, 'invalid-signature')
  })
}

/** Runs `fn` and checks that no nonce was used and no session stored. */
async function storesNothing(fn: () => Promise<void>) {
  const before = await countRows(db)
  const used = async () =>
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from auth_nonces where used_at is not null',
      )
    )[0]?.n
  const usedBefore = await used()
  await fn()
  const afterRows = await countRows(db)
  assert.equal(afterRows.auth_sessions, before.auth_sessions, 'no session stored')
  assert.equal(await used(), usedBefore, 'no nonce used')
}

function authSuite() {
  describe('GET /v1/auth/nonce', () => {
    test('issues a 17-character nonce with a signed token; needs an allowed Origin', async () => {
      const issued = await nonce()
      assert.match(issued.nonce, /^[A-Za-z0-9]{17}$/)
      assert.equal(Date.parse(issued.expiresAt), clock + 60_000)
      assert.notEqual((await nonce()).nonce, issued.nonce)
      assert.equal((await call(url('/v1/auth/nonce'))).status, 403)
      const foreign = await call(url('/v1/auth/nonce'), {
        headers: { origin: 'https://evil.example' },
      })
      assert.equal(foreign.status, 403)
      assert.equal(foreign.body.code, 'INVALID_APP_CONFIGURATION')
    })

    test('the preflight allows the Authorization header and credentials', async () => {
      const answer = await call(url('/v1/auth/me'), {
        method: 'OPTIONS',
        headers: headers({
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        }),
      })
      assert.equal(answer.status, 204)
      assert.equal(
        answer.headers.get('access-control-allow-headers'),
        'content-type, authorization',
      )
      assert.equal(answer.headers.get('access-control-allow-credentials'), 'true')
    })
  })

  describe('POST /v1/auth/authenticate', () => {
    test('an EOA signs in: bearer token, httpOnly cookie, /me, sign-out, and it stays out', async () => {
      const answer = await signIn(alice)
      const { token, session } = answer.body
      assert.equal(session.address, alice.address)
      assert.equal(session.chainId, 'eip155:31337')
      const cookie = answer.headers.get('set-cookie') ?? ''
      assert.match(cookie, /^openmodal_siwx=[A-Za-z0-9_-]+;/)
      assert.match(cookie, /HttpOnly/)
      assert.equal((await me(token)).body.session.id, session.id)
      const byCookie = await call(url('/v1/auth/me'), {
        headers: headers({ cookie: cookie.split(';')[0] as string }),
      })
      assert.equal(byCookie.status, 200)
      assert.deepEqual((await signOut(token)).body, { signedOut: true })
      const gone = await me(token)
      assert.equal(gone.status, 401)
      assert.equal(gone.body.code, 'UNAUTHORIZED')
      assert.deepEqual((await signOut(token)).body, { signedOut: false })
    })

    test('a replayed nonce is refused', async () => {
      const issued = await nonce()
      const message = messageFor(alice.address, issued.nonce)
      const body = { message, signature: await alice.signMessage({ message }) }
      assert.equal((await authenticate(body)).status, 201)
      await storesNothing(async () => {
        const replay = await authenticate(body)
        assert.equal(replay.status, 401)
        assert.equal(replay.body.code, 'INVALID_NONCE')
      })
    })

    test('a nonce past its lifetime, or a token of another nonce, is refused', async () => {
      const issued = await nonce()
      const other = await nonce()
      const message = messageFor(alice.address, issued.nonce)
      const signature = await alice.signMessage({ message })
      await storesNothing(async () => {
        const wrongToken = await authenticate({ message, signature, token: other.token })
        assert.equal(wrongToken.body.code, 'INVALID_NONCE')
        const forged = await authenticate({
          message,
          signature,
          token: `${other.token.split('.')[0]}.AAAA`,
        })
        assert.equal(forged.body.code, 'INVALID_NONCE')
        clock += 61_000
        try {
          const late = await authenticate({ message, signature, token: issued.token })
          assert.equal(late.status, 401)
          assert.equal(late.body.code, 'INVALID_NONCE')
          const lateNoToken = await authenticate({ message, signature })
          assert.equal(lateNoToken.body.code, 'INVALID_NONCE')
        } finally {
          clock -= 61_000
        }
      })
    })

    test('an expired message, a wrong domain, another chain and a wrong signer are refused', async () => {
      const cases: Array<[string, (n: string) => Promise<{ message: string; signature: string }>]> =
        [
          [
            'expired',
            async (n) => {
              const message = messageFor(alice.address, n, {
                issuedAt: new Date(clock - 120_000),
                expirationTime: new Date(clock - 60_000),
              })
              return { message, signature: await alice.signMessage({ message }) }
            },
          ],
          [
            'domain-mismatch',
            async (n) => {
              const message = messageFor(alice.address, n, { domain: 'evil.example' })
              return { message, signature: await alice.signMessage({ message }) }
            },
          ],
          [
            'chain-mismatch',
            async (n) => {
              const message = messageFor(alice.address, n, { chainId: 'eip155:1' })
              return { message, signature: await alice.signMessage({ message }) }
            },
          ],
          [
            'invalid-signature',
            async (n) => {
              const message = messageFor(alice.address, n)
              return { message, signature: await bob.signMessage({ message }) }
            },
          ],
        ]
      for (const [reason, build] of cases) {
        const issued = await nonce()
        const body = await build(issued.nonce)
        await storesNothing(async () => {
          const answer = await authenticate({ ...body, token: issued.token })
          assert.equal(answer.status, 401, reason)
          assert.equal(answer.body.code, 'SIWX_REFUSED', reason)
          assert.equal(answer.body.reason, reason)
        })
      }
    })

    test('issue 24: an Issued At a day ahead, the identity precompile with 0x, a nonce of another project', async () => {
      const ahead = await nonce()
      const early = messageFor(alice.address, ahead.nonce, {
        issuedAt: new Date(clock + 86_400_000),
        expirationTime: new Date(clock + 2 * 86_400_000),
      })
      const precompile = await nonce()
      const identity = messageFor('0x0000000000000000000000000000000000000004', precompile.nonce)
      await storesNothing(async () => {
        const future = await authenticate({
          message: early,
          signature: await alice.signMessage({ message: early }),
          token: ahead.token,
        })
        assert.equal(future.status, 401)
        assert.equal(future.body.reason, 'not-yet-valid')
        const echoed = await authenticate({ message: identity, signature: '0x' })
        assert.equal(echoed.status, 401)
        assert.equal(echoed.body.reason, 'invalid-signature')
      })
      // A nonce issued for another project on this server does not sign in here.
      await syncConfig(db, { projects: [project(), testProject({ projectId: 'other-project' })] })
      const foreign = await call(`${server.url}/v1/auth/nonce?projectId=other-project`, {
        headers: headers(),
      })
      assert.equal(foreign.status, 200)
      const message = messageFor(alice.address, foreign.body.nonce)
      const signature = await alice.signMessage({ message })
      await storesNothing(async () => {
        const withToken = await authenticate({ message, signature, token: foreign.body.token })
        assert.equal(withToken.body.code, 'INVALID_NONCE')
        const without = await authenticate({ message, signature })
        assert.equal(without.body.code, 'INVALID_NONCE')
      })
    })

    test('bad input is a 400 naming the field, and nothing is stored', async () => {
      const issued = await nonce()
      const message = messageFor(alice.address, issued.nonce)
      await storesNothing(async () => {
        const noSignature = await authenticate({ message })
        assert.equal(noSignature.status, 400)
        assert.deepEqual(
          noSignature.body.issues.map((i: Json) => i.path),
          ['signature'],
        )
        const badNonce = await authenticate({
          message: message.replace(`Nonce: ${issued.nonce}`, 'Nonce: short'),
          signature: '0x00',
        })
        assert.equal(badNonce.status, 400)
        assert.deepEqual(
          badNonce.body.issues.map((i: Json) => i.path),
          ['message.nonce'],
        )
        assert.match(badNonce.body.message, /Nonce: expected at least 8 letters or digits/)
        const badCacao = await authenticate({
          message,
          signature: '0x00',
          cacao: { h: { t: 1 }, p: {}, s: { t: 'eip191', s: '0x' } },
        })
        assert.equal(badCacao.status, 400)
        assert.deepEqual(
          badCacao.body.issues.map((i: Json) => i.path),
          ['cacao.h.t'],
        )
        const extra = await authenticate({ message, signature: '0x00', admin: true })
        assert.equal(extra.status, 400)
        const notJson = await call(url('/v1/auth/authenticate'), {
          method: 'POST',
          headers: headers(),
          body: '{',
        })
        assert.equal(notJson.status, 400)
        const noOrigin = await call(url('/v1/auth/authenticate'), {
          method: 'POST',
          body: JSON.stringify({ message, signature: '0x00' }),
        })
        assert.equal(noOrigin.status, 403)
      })
    })

    test('two accounts on one chain: signing one out leaves the other', async () => {
      const a = (await signIn(alice)).body.token
      const b = (await signIn(bob)).body.token
      assert.equal((await signOut(a)).body.signedOut, true)
      assert.equal((await me(a)).status, 401)
      const still = await me(b)
      assert.equal(still.status, 200)
      assert.equal(still.body.session.address, bob.address)
    })

    test('an ERC-1271 contract wallet and an undeployed ERC-6492 wallet sign in', async () => {
      const deployed = await deployTestSmartWallet(anvil.rpcUrl)
      const counterfactual = await createCounterfactualWallet(anvil.rpcUrl, {
        salt: `0x${'cd'.repeat(32)}`,
      })
      for (const wallet of [deployed, counterfactual]) {
        const issued = await nonce()
        const message = messageFor(wallet.address, issued.nonce)
        const answer = await authenticate({
          message,
          signature: await wallet.signHash(hashMessage(message)),
          token: issued.token,
        })
        assert.equal(answer.status, 201, JSON.stringify(answer.body))
        assert.equal(answer.body.session.address, wallet.address)
      }
    })

    test('an EIP-7702 account signs in through ERC-1271; a stranger signing for it does not', async () => {
      // An EOA delegated to Simple7702Account: it has code now, so the verifier asks its
      // ERC-1271 isValidSignature, which accepts only its own key's signature.
      const { simple7702Account } = await deployEip7702(anvil.rpcUrl)
      const owner = privateKeyToAccount(generatePrivateKey())
      const sponsor = createWalletClient({
        account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
        transport: http(anvil.rpcUrl),
      }).extend(publicActions)
      const authorization = await owner.signAuthorization({
        chainId: 31337,
        contractAddress: simple7702Account,
        nonce: 0,
      })
      const hash = await sponsor.sendTransaction({
        to: owner.address,
        authorizationList: [authorization],
        chain: null,
      })
      await sponsor.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      assert.equal(
        (await sponsor.getCode({ address: owner.address }))?.toLowerCase(),
        `0xef0100${simple7702Account.slice(2).toLowerCase()}`,
      )
      const issued = await nonce()
      const message = messageFor(owner.address, issued.nonce)
      const answer = await authenticate({
        message,
        signature: await owner.signMessage({ message }),
        token: issued.token,
      })
      assert.equal(answer.status, 201, JSON.stringify(answer.body))
      assert.equal(answer.body.session.address, owner.address)

      await refusesStranger(owner.address)
    })

    test("the embedded wallet's Safe smart account signs in: counterfactual (ERC-6492), then deployed (ERC-1271)", async () => {
      // The account of smartAccountMode 'safe', signed as the frame signs for it.
      await deployErc4337(anvil.rpcUrl)
      await deploySafe4337(anvil.rpcUrl)
      const sponsor = createWalletClient({
        account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
        transport: http(anvil.rpcUrl),
      }).extend(publicActions)
      const safe = await toSafeSmartAccount({
        client: sponsor,
        owners: [privateKeyToAccount(generatePrivateKey())],
        version: '1.4.1',
        entryPoint: { address: entryPoint07Address, version: '0.7' },
      })
      const signInAsSafe = async () => {
        const issued = await nonce()
        const message = messageFor(safe.address, issued.nonce)
        const signature = await safe.signMessage({ message })
        const answer = await authenticate({ message, signature, token: issued.token })
        assert.equal(answer.status, 201, JSON.stringify(answer.body))
        assert.equal(answer.body.session.address, safe.address)
        return signature
      }
      assert.equal(await safe.isDeployed(), false)
      assert.match(await signInAsSafe(), /(6492){16}$/)
      assert.equal(await safe.isDeployed(), false)
      // Deployed (as its first userOperation would): the verifier asks its ERC-1271.
      const { factory, factoryData } = await safe.getFactoryArgs()
      assert.ok(factory && factoryData)
      const deployed = await sponsor.sendTransaction({
        to: factory,
        data: factoryData,
        chain: null,
      })
      await sponsor.waitForTransactionReceipt({ hash: deployed, pollingInterval: 50 })
      assert.equal(await safe.isDeployed(), true)
      assert.doesNotMatch(await signInAsSafe(), /(6492){16}$/)
      // Someone else's key signing for the Safe is refused.
      await refusesStranger(safe.address)
    })

    test('forged contract-wallet sign-ins are refused: non-owner, foreign ERC-6492 deploy', async () => {
      const deployed = await deployTestSmartWallet(anvil.rpcUrl)
      const victim = await createCounterfactualWallet(anvil.rpcUrl, {
        salt: `0x${'ef'.repeat(32)}`,
      })
      // The attacker's own counterfactual wallet: its ERC-6492 wrapper deploys the attacker's
      // wallet, not the victim's, so the victim's address still has no code to ask.
      const attackers = await createCounterfactualWallet(anvil.rpcUrl, {
        ownerKey: ANVIL_PRIVATE_KEYS[0],
        salt: `0x${'ef'.repeat(32)}`,
      })
      const cases: Array<[string, string, (message: string) => Promise<string>]> = [
        [
          'deployed, signed by a non-owner',
          deployed.address,
          (m) => alice.signMessage({ message: m }),
        ],
        [
          'counterfactual, a non-owner signature in the owner factory call',
          victim.address,
          async (m) => {
            const wrapped = await victim.signHash(hashMessage(m))
            // The owner's ECDSA signature inside the wrapper, swapped for the attacker's.
            const honest = await privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).sign({
              hash: hashMessage(m),
            })
            const forged = await alice.sign({ hash: hashMessage(m) })
            const swapped = wrapped.replace(honest.slice(2), forged.slice(2))
            assert.notEqual(swapped, wrapped)
            return swapped
          },
        ],
        [
          "counterfactual, the attacker's wallet deployed by the wrapper",
          victim.address,
          (m) => attackers.signHash(hashMessage(m)),
        ],
      ]
      for (const [name, address, sign] of cases) {
        const issued = await nonce()
        const message = messageFor(address, issued.nonce)
        const signature = await sign(message)
        await storesNothing(async () => {
          const answer = await authenticate({ message, signature, token: issued.token })
          assert.equal(answer.status, 401, `${name}: ${JSON.stringify(answer.body)}`)
          assert.equal(answer.body.reason, 'invalid-signature', name)
        })
      }
      const code = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getCode',
          params: [victim.address, 'latest'],
        }),
      }).then((response) => response.json() as Promise<{ result: string }>)
      assert.equal(code.result, '0x', 'verification deployed nothing')
    })

    test('a Solana signMessage signature (base64) signs in', async () => {
      const dev = createSolanaDevWallet()
      await (dev.wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
      const [account] = dev.wallet.accounts
      const issued = await nonce()
      const message = messageFor(SOLANA_DEV_ADDRESSES[0] as string, issued.nonce, {
        chainId: SOLANA_LOCAL,
      })
      const [signed] = await (
        dev.wallet.features['solana:signMessage'] as {
          signMessage(input: {
            account: unknown
            message: Uint8Array
          }): Promise<{ signature: Uint8Array }[]>
        }
      ).signMessage({ account, message: new TextEncoder().encode(message) })
      const answer = await authenticate({
        message,
        signature: Buffer.from(signed?.signature as Uint8Array).toString('base64'),
        token: issued.token,
      })
      assert.equal(answer.status, 201, JSON.stringify(answer.body))
      assert.equal(answer.body.session.chainId, SOLANA_LOCAL)
    })
  })

  describe('Sign-In With Solana through solana:signIn', () => {
    test('the wallet writes and signs the message; the server verifies it', async () => {
      const dev = createSolanaDevWallet({ accounts: [1] })
      const issued = await nonce()
      const data = parseSiwxMessage(
        messageFor(SOLANA_DEV_ADDRESSES[1] as string, issued.nonce, { chainId: SOLANA_LOCAL }),
      )
      const [output] = await (
        dev.wallet.features['solana:signIn'] as {
          signIn(input: unknown): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]>
        }
      ).signIn(toSolanaSignInInput(data))
      const { message, signature } = fromSolanaSignInOutput(
        output as { signedMessage: Uint8Array; signature: Uint8Array },
      )
      const answer = await authenticate({ message, signature, token: issued.token })
      assert.equal(answer.status, 201, JSON.stringify(answer.body))
      assert.equal(answer.body.session.address, SOLANA_DEV_ADDRESSES[1])
    })
  })

  describe('serverSiwx against the server', () => {
    const memory = () => {
      const items = new Map<string, string>()
      return {
        items,
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
        removeItem: (k: string) => void items.delete(k),
      }
    }
    // A page on ORIGIN: the browser would send the Origin header itself.
    const pageFetch: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin: ORIGIN },
      })
    const config = (storage: ReturnType<typeof memory>) =>
      serverSiwx({
        apiUrl: server.url,
        projectId: 'test-project',
        domain: DOMAIN,
        uri: ORIGIN,
        storage,
        fetch: pageFetch,
        statement: 'Sign in to Example',
      })

    async function flow(siwx: ReturnType<typeof config>, account: typeof alice) {
      const started = performance.now()
      const message = await siwx.createMessage({
        accountAddress: account.address,
        chainId: 'eip155:31337',
      })
      const text = message.toString()
      const signature = await account.signMessage({ message: text })
      const signed = performance.now()
      await siwx.addSession({ data: parseSiwxMessage(text), message: text, signature })
      return { total: performance.now() - started, store: performance.now() - signed }
    }

    test('createMessage → sign → addSession → getSessions → revokeSession, per account', async () => {
      const storage = memory()
      const siwx = config(storage)
      const timing = await flow(siwx, alice)
      await flow(siwx, bob)
      console.log(
        `serverSiwx: sign-in round trip ${timing.total.toFixed(0)} ms, signature to stored session ${timing.store.toFixed(0)} ms`,
      )
      assert.equal((await siwx.getSessions('eip155:31337', alice.address.toLowerCase())).length, 1)
      // A reload: a new config over the same storage finds the sessions on the server.
      const reloaded = config(storage)
      assert.equal((await reloaded.getSessions('eip155:31337', bob.address)).length, 1)
      await reloaded.revokeSession('eip155:31337', alice.address)
      assert.deepEqual(await config(storage).getSessions('eip155:31337', alice.address), [])
      assert.equal((await config(storage).getSessions('eip155:31337', bob.address)).length, 1)
    })

    test('a Cacao (WalletConnect one-click auth) is kept with the session', async () => {
      const storage = memory()
      const siwx = config(storage)
      const message = await siwx.createMessage({
        accountAddress: alice.address,
        chainId: 'eip155:31337',
      })
      const text = message.toString()
      const signature = await alice.signMessage({ message: text })
      const cacao = {
        h: { t: 'caip122' },
        p: { domain: DOMAIN, iss: `did:pkh:eip155:31337:${alice.address}` },
        s: { t: 'eip191', s: signature },
      }
      await siwx.addSession({ data: parseSiwxMessage(text), message: text, signature, cacao })
      const [session] = await config(storage).getSessions('eip155:31337', alice.address)
      assert.deepEqual(session?.cacao, cacao)
    })

    test('a refusal comes back as a SiwxError with the server reason', async () => {
      const siwx = config(memory())
      const message = (
        await siwx.createMessage({ accountAddress: alice.address, chainId: 'eip155:31337' })
      ).toString()
      await assert.rejects(
        siwx.addSession({
          data: parseSiwxMessage(message),
          message,
          signature: await bob.signMessage({ message }),
        }),
        (error) =>
          error instanceof SiwxError &&
          error.reason === 'invalid-signature' &&
          error.status === 401,
      )
    })
  })
}

describe('auth on PGlite', () => {
  useServer(() => openTestPglite())
  authSuite()
})

const postgresBin = findPostgresBin()
describe('auth on PostgreSQL', {
  skip: postgresBin ? false : 'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin',
}, () => {
  let cluster: PostgresCluster | undefined
  useServer(async () => {
    cluster = await startPostgresCluster(postgresBin as string)
    return openPostgres(await cluster.createDatabase('auth'))
  })
  after(() => cluster?.stop())
  authSuite()
})
