// One-click auth (CAIP-222) between the dapp client and the wallet harness over the local
// relay: pairing and Sign-In With X in one step, the Cacao kept as a SIWX session by a real
// localSiwx() config (which verifies it), and every way back to the normal flow.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { BaseError, type CaipNetwork } from '@openmodal/core/internal'
import {
  localSiwx,
  parseSiweMessage,
  type SIWXConfig,
  type SiwxStorage,
  verifySiwxMessage,
} from '@openmodal/siwx'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import {
  type AnvilChains,
  type RelayInstance,
  startChains,
  startRelay,
} from '@openmodal/testing/node'
import { connectPair, createPair, networkOf, type Pair } from '../testing/setup.js'
import type { OneClickSiwx } from './authenticate.js'

const DOMAIN = 'app.example.com'
const ACCOUNT = ANVIL_ADDRESSES[0]

function memoryStorage(): SiwxStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

const siwxConfig = () =>
  localSiwx({
    domain: DOMAIN,
    uri: `https://${DOMAIN}`,
    statement: 'Sign in to Example',
    storage: memoryStorage(),
  })

/** Core restates the SIWXConfig contract structurally (it cannot import @openmodal/siwx). */
const oneClick = (config: SIWXConfig) => () => config as unknown as OneClickSiwx

describe('WalletConnect one-click auth against the wallet harness', () => {
  let relay: RelayInstance
  let anvil: AnvilChains
  const pairs: Pair[] = []
  const pair = async (options: Parameters<typeof createPair>[2] = {}) => {
    const created = await createPair(relay, anvil, options)
    pairs.push(created)
    return created
  }

  before(async () => {
    ;[relay, anvil] = await Promise.all([startRelay(), startChains()])
  })
  after(async () => {
    await Promise.all(pairs.map((p) => p.close()))
    await Promise.all([relay.stop(), anvil.stop()])
  })

  test('pairs and signs in in one step; the Cacao is kept as a verified SIWX session', async () => {
    const siwx = siwxConfig()
    const p = await pair({ siwx: oneClick(siwx) })
    const started = performance.now()
    const session = await connectPair(p)
    console.log(`# one-click pair → session stored: ${(performance.now() - started).toFixed(0)} ms`)
    assert.equal(p.wallet.authRequests.length, 1)
    assert.equal(p.wallet.proposals.length, 0, 'no separate session proposal was answered')
    assert.deepEqual(p.dapp.getAccounts('eip155'), [
      `eip155:31337:${ACCOUNT}`,
      `eip155:31338:${ACCOUNT}`,
    ])
    assert.ok(session.namespaces.eip155?.methods.includes('personal_sign'))
    const [stored, ...others] = await siwx.getSessions('eip155:31337', ACCOUNT)
    assert.equal(others.length, 0)
    assert.ok(stored)
    // spec §3: data, message, signature, cacao; the message is the Cacao's CAIP-122 text.
    const cacao = stored.cacao
    assert.equal(cacao?.p.iss, `did:pkh:eip155:31337:${ACCOUNT}`)
    assert.equal(stored.signature, cacao?.s.s)
    const fields = parseSiweMessage(stored.message)
    assert.deepEqual(
      [fields.domain, fields.address, fields.chainId, fields.nonce],
      [DOMAIN, ACCOUNT, 31337, cacao?.p.nonce],
    )
    assert.match(fields.statement ?? '', /^Sign in to Example I further authorize/)
    const verified = await verifySiwxMessage({
      message: stored.message,
      signature: stored.signature,
      domain: DOMAIN,
    })
    assert.equal(verified.accountAddress, ACCOUNT)
    assert.equal((await siwx.getSessions('eip155:31337', ANVIL_ADDRESSES[1])).length, 0)
  })

  test('a wallet without one-click auth approves the fallback proposal; no session is stored', async () => {
    const siwx = siwxConfig()
    const p = await pair({ siwx: oneClick(siwx), oneClickAuth: false })
    await connectPair(p)
    assert.equal(p.wallet.authRequests.length, 0)
    assert.equal(p.wallet.proposals.length, 1)
    assert.ok(p.dapp.getAccounts('eip155').includes(`eip155:31337:${ACCOUNT}`))
    assert.deepEqual(await siwx.getSessions('eip155:31337', ACCOUNT), [])
  })

  test('a wallet refusing to sign in fails with "Connection rejected"', async () => {
    const p = await pair({ siwx: oneClick(siwxConfig()), proposalMode: 'reject' })
    await assert.rejects(connectPair(p), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.code, 'CONNECTION_REJECTED')
      return true
    })
    assert.equal(p.dapp.session, undefined)
  })

  test('a Cacao the config refuses leaves the connection up and no session', async () => {
    const siwx = siwxConfig()
    const refusing: SIWXConfig = {
      ...siwx,
      addSession: async () => {
        throw new Error('refused')
      },
    }
    const p = await pair({ siwx: oneClick(refusing) })
    await connectPair(p)
    assert.equal(p.wallet.authRequests.length, 1)
    assert.ok(p.dapp.session)
    assert.deepEqual(await siwx.getSessions('eip155:31337', ACCOUNT), [])
  })

  test('without SIWX, or with a non-eip155 network asked for, pairing is a plain proposal', async () => {
    const plain = await pair()
    await connectPair(plain)
    assert.equal(plain.wallet.authRequests.length, 0)
    const solana: CaipNetwork = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    }
    const siwx = siwxConfig()
    const mixed = await pair({
      siwx: oneClick(siwx),
      networks: [...anvil.chains.map(networkOf), solana],
    })
    await connectPair(mixed)
    assert.equal(mixed.wallet.authRequests.length, 0)
    assert.equal(mixed.wallet.proposals.length, 1)
    assert.deepEqual(await siwx.getSessions('eip155:31337', ACCOUNT), [])
  })
})
