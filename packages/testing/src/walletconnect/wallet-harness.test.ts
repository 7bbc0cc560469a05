import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { SessionTypes } from '@walletconnect/types'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem'
import { ANVIL_ADDRESSES } from '../evm/accounts.js'
import { type AnvilChains, startChains } from '../node/anvil.js'
import { type RelayInstance, startRelay } from './relay.js'
import { createTestDapp, type TestDapp } from './test-dapp.js'
import { createWalletHarness, type WalletHarness } from './wallet-harness.js'

// Both ends are unmodified sign-clients on the local relay; a fetch guard proves nothing
// leaves the machine (Verify, telemetry and the public relay stay untouched).
const offLoopback: string[] = []
const realFetch = globalThis.fetch
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (!/^https?:\/\/127\.0\.0\.1[:/]/.test(url)) offLoopback.push(url)
  return realFetch(input, init)
}

type Dapp = TestDapp

const EIP155 = {
  chains: ['eip155:31337', 'eip155:31338'],
  methods: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
  ],
  events: ['accountsChanged', 'chainChanged'],
}

describe('wallet harness', () => {
  let relay: RelayInstance
  let anvil: AnvilChains
  const open: { close(): Promise<void> }[] = []

  before(async () => {
    ;[relay, anvil] = await Promise.all([startRelay(), startChains()])
  })
  after(async () => {
    await Promise.all(open.map((o) => o.close()))
    await relay.stop()
    await anvil.stop()
    globalThis.fetch = realFetch
  })

  const setup = async (
    options: { proposalMode?: 'approve' | 'reject'; accounts?: number[] } = {},
  ): Promise<{ wallet: WalletHarness; dapp: Dapp }> => {
    const [wallet, dapp] = await Promise.all([
      createWalletHarness({
        relayUrl: relay.url,
        chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
        ...options,
      }),
      createTestDapp(relay.url, 'harness-test-dapp'),
    ])
    open.push(wallet, {
      close: async () => {
        dapp.core.heartbeat.stop()
        await dapp.core.relayer.transportClose()
      },
    })
    return { wallet, dapp }
  }

  const connect = async (): Promise<{
    wallet: WalletHarness
    dapp: Dapp
    session: SessionTypes.Struct
  }> => {
    const { wallet, dapp } = await setup()
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: EIP155 } })
    assert.ok(uri)
    await wallet.pair(uri)
    return { wallet, dapp, session: await approval() }
  }

  const request = (dapp: Dapp, session: SessionTypes.Struct, method: string, params: unknown) =>
    dapp.request<unknown>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method, params },
    })

  test('pairs from a URI and approves the proposed chains with the anvil account', async () => {
    const { session } = await connect()
    const eip155 = session.namespaces.eip155
    assert.deepEqual(eip155?.chains, ['eip155:31337', 'eip155:31338'])
    assert.deepEqual(eip155?.accounts, [
      `eip155:31337:${ANVIL_ADDRESSES[0]}`,
      `eip155:31338:${ANVIL_ADDRESSES[0]}`,
    ])
    assert.deepEqual(eip155?.methods, EIP155.methods)
  })

  test('answers personal_sign, then eth_signTypedData_v4, with signatures viem verifies', async () => {
    const { dapp, session } = await connect()
    const address = ANVIL_ADDRESSES[0]
    const signature = await request(dapp, session, 'personal_sign', ['0x68656c6c6f', address])
    assert.equal(
      await verifyMessage({ address, message: 'hello', signature: signature as `0x${string}` }),
      true,
    )
    const typed = {
      domain: { name: 'OpenModal', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hi' },
    }
    const typedSignature = await request(dapp, session, 'eth_signTypedData_v4', [
      address,
      JSON.stringify(typed),
    ])
    assert.equal(
      await verifyTypedData({ address, ...typed, signature: typedSignature as `0x${string}` }),
      true,
    )
  })

  test('sends a transaction that anvil mines', async () => {
    const { dapp, session } = await connect()
    const chain = anvil.chains[0]
    assert.ok(chain)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const to = ANVIL_ADDRESSES[5]
    const before = await client.getBalance({ address: to })
    const hash = await request(dapp, session, 'eth_sendTransaction', [
      { from: ANVIL_ADDRESSES[0], to, value: `0x${parseEther('0.5').toString(16)}` },
    ])
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    assert.equal(receipt.status, 'success')
    assert.equal(await client.getBalance({ address: to }), before + parseEther('0.5'))
  })

  test('rejects a request with 4001 when told to, and logs it', async () => {
    const { wallet, dapp, session } = await connect()
    wallet.rejectNextRequest(4001, 'personal_sign')
    await assert.rejects(request(dapp, session, 'personal_sign', ['0x00', ANVIL_ADDRESSES[0]]), {
      code: 4001,
    })
    assert.deepEqual(wallet.requests.at(-1)?.outcome, {
      error: { code: 4001, message: 'User rejected the request.' },
    })
  })

  test('rejects a proposal in reject mode', async () => {
    const { wallet, dapp } = await setup({ proposalMode: 'reject' })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: EIP155 } })
    assert.ok(uri)
    await wallet.pair(uri)
    await assert.rejects(approval(), { code: 5000 })
    assert.equal(dapp.session.getAll().length, 0)
  })

  test('switches chain on wallet_switchEthereumChain and emits chainChanged to the dapp', async () => {
    const { wallet, dapp, session } = await connect()
    const events: unknown[] = []
    dapp.on('session_event', ({ params }) => events.push(params))
    const switched = await dapp.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    })
    assert.equal(switched, null)
    for (let i = 0; i < 100 && events.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    assert.deepEqual(events, [
      { event: { name: 'chainChanged', data: 31338 }, chainId: 'eip155:31338' },
    ])
    assert.equal(wallet.evm.chainId, 31338)
  })

  test('setAccounts updates the session and emits accountsChanged', async () => {
    const { wallet, dapp, session } = await connect()
    const seen = new Promise<unknown>((resolve) =>
      dapp.on('session_event', ({ params }) => resolve(params.event)),
    )
    await wallet.setAccounts([1])
    assert.deepEqual(await seen, { name: 'accountsChanged', data: [ANVIL_ADDRESSES[1]] })
    assert.deepEqual(dapp.session.get(session.topic).namespaces.eip155?.accounts, [
      `eip155:31337:${ANVIL_ADDRESSES[1]}`,
      `eip155:31338:${ANVIL_ADDRESSES[1]}`,
    ])
  })

  test('disconnect ends the session on both ends', async () => {
    const { wallet, dapp, session } = await connect()
    const deleted = new Promise<string>((resolve) =>
      dapp.on('session_delete', ({ topic }) => resolve(topic)),
    )
    await wallet.disconnect()
    assert.equal(await deleted, session.topic)
    assert.equal(wallet.sessions.length, 0)
    assert.equal(dapp.session.getAll().length, 0)
  })

  const AUTH_REQUEST = {
    chains: ['eip155:31337', 'eip155:31338'],
    domain: 'app.example.com',
    uri: 'https://app.example.com',
    nonce: 'harnessnonce1234',
    statement: 'Sign in to Example',
    methods: ['personal_sign', 'eth_sendTransaction'],
  }

  test('one-click auth: answers authenticate with a Cacao the dapp can verify, and a session', async () => {
    const { wallet, dapp } = await setup()
    const { uri, response } = await dapp.authenticate(AUTH_REQUEST)
    await wallet.pair(uri)
    const { auths, session } = await response()
    assert.equal(auths?.length, 1)
    const [cacao] = auths ?? []
    assert.equal(cacao?.p.iss, `did:pkh:eip155:31337:${ANVIL_ADDRESSES[0]}`)
    assert.deepEqual(
      [cacao?.p.domain, cacao?.p.aud, cacao?.p.nonce, cacao?.s.t],
      ['app.example.com', 'https://app.example.com', 'harnessnonce1234', 'eip191'],
    )
    const message = dapp.formatAuthMessage({
      request: cacao?.p ?? ({} as never),
      iss: cacao?.p.iss ?? '',
    })
    assert.match(message, /^app\.example\.com wants you to sign in with your Ethereum account:\n/)
    assert.match(message, /\nSign in to Example I further authorize the stated URI/)
    assert.equal(
      await verifyMessage({
        address: ANVIL_ADDRESSES[0],
        message,
        signature: cacao?.s.s as `0x${string}`,
      }),
      true,
    )
    // The recap's chains and methods became the session's.
    assert.deepEqual(session?.namespaces.eip155?.accounts, [
      `eip155:31337:${ANVIL_ADDRESSES[0]}`,
      `eip155:31338:${ANVIL_ADDRESSES[0]}`,
    ])
    assert.ok(session?.namespaces.eip155?.methods.includes('personal_sign'))
    assert.equal(wallet.authRequests.length, 1)
    assert.equal(wallet.proposals.length, 0, 'the fallback proposal was not answered')
  })

  test('one-click auth off: the dapp falls back to the session proposal', async () => {
    const [wallet, dapp] = await Promise.all([
      createWalletHarness({
        relayUrl: relay.url,
        chains: anvil.chains.map((c) => ({ id: c.chainId, rpcUrl: c.rpcUrl })),
        oneClickAuth: false,
      }),
      createTestDapp(relay.url, 'harness-test-dapp'),
    ])
    open.push(wallet, {
      close: async () => {
        dapp.core.heartbeat.stop()
        await dapp.core.relayer.transportClose()
      },
    })
    const { uri, response } = await dapp.authenticate(AUTH_REQUEST)
    await wallet.pair(uri)
    const { auths, session } = await response()
    assert.equal(auths, undefined)
    assert.ok(session?.namespaces.eip155?.accounts.includes(`eip155:31337:${ANVIL_ADDRESSES[0]}`))
    assert.equal(wallet.authRequests.length, 0)
    assert.equal(wallet.proposals.length, 1)
  })

  test('reaches nothing beyond loopback', () => {
    assert.ok(relay.stats.connectionsTotal >= 2, 'the clients did not use the local relay')
    assert.deepEqual(offLoopback, [])
  })
})
