import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { foundry } from 'viem/chains'
import { type AnvilChains, startChains } from '../node/anvil.js'
import { ANVIL_ADDRESSES } from './accounts.js'
import { createDevWallet, type DevWallet } from './dev-wallet.js'
import { announceProvider } from './eip6963.js'
import { deployTestToken, fundAccount, type TestToken } from './token.js'

let anvil: AnvilChains
let rpcA: string
let rpcB: string

before(async () => {
  anvil = await startChains()
  rpcA = anvil.chains[0]?.rpcUrl ?? ''
  rpcB = anvil.chains[1]?.rpcUrl ?? ''
})
after(() => anvil.stop())

const walletOnA = (extra: Partial<Parameters<typeof createDevWallet>[0]> = {}) =>
  createDevWallet({ chains: [{ id: 31337, rpcUrl: rpcA }], ...extra })
const connected = async (wallet: DevWallet) => {
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as Hex[]
  return accounts[0] as Hex
}
const codeOf = (error: unknown) => (error as { code?: unknown }).code

const typedData = {
  domain: { name: 'OpenModal', version: '1', chainId: 31337 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { from: ANVIL_ADDRESSES[0], contents: 'Hello' },
} as const

describe('dev wallet authorization', () => {
  test('eth_accounts is empty until eth_requestAccounts, then lists account 0', async () => {
    const wallet = walletOnA()
    assert.deepEqual(await wallet.request({ method: 'eth_accounts' }), [])
    assert.deepEqual(await wallet.request({ method: 'eth_requestAccounts' }), [ANVIL_ADDRESSES[0]])
    assert.deepEqual(await wallet.request({ method: 'eth_accounts' }), [ANVIL_ADDRESSES[0]])
  })

  test('wallet_revokePermissions forgets the page and emits accountsChanged []', async () => {
    const wallet = walletOnA()
    await connected(wallet)
    const seen: unknown[] = []
    wallet.provider.on('accountsChanged', (accounts) => seen.push(accounts))
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    assert.deepEqual(await wallet.request({ method: 'eth_accounts' }), [])
    assert.deepEqual(seen, [[]])
  })

  test('refuses to sign for a page it did not authorize', async () => {
    const wallet = walletOnA()
    await assert.rejects(
      wallet.request({ method: 'personal_sign', params: ['0x68690a', ANVIL_ADDRESSES[0]] }),
      (e) => codeOf(e) === 4100,
    )
  })
})

describe('dev wallet persistence', () => {
  test('persistKey keeps the granted origin and the chain across wallet instances', async () => {
    const entries = new Map<string, string>()
    const storage = {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
    }
    Object.assign(globalThis, { localStorage: storage })
    try {
      const chains = [
        { id: 31337, rpcUrl: rpcA },
        { id: 31338, rpcUrl: rpcB },
      ]
      const first = createDevWallet({ chains, persistKey: 'dev-wallet' })
      await connected(first)
      await first.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      // A reload: a new wallet reading the same storage.
      const again = createDevWallet({ chains, persistKey: 'dev-wallet' })
      assert.deepEqual(await again.request({ method: 'eth_accounts' }), [ANVIL_ADDRESSES[0]])
      assert.equal(again.chainId, 31338)
      const unrelated = createDevWallet({ chains, persistKey: 'other' })
      assert.deepEqual(await unrelated.request({ method: 'eth_accounts' }), [])
    } finally {
      Reflect.deleteProperty(globalThis, 'localStorage')
    }
  })
})

describe('dev wallet signing', () => {
  test('personal_sign gives a signature viem verifies, for text and for hex', async () => {
    const wallet = walletOnA()
    const address = await connected(wallet)
    const text = await wallet.request({ method: 'personal_sign', params: ['hello', address] })
    assert.ok(await verifyMessage({ address, message: 'hello', signature: text as Hex }))
    const hex = await wallet.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
    assert.equal(hex, text, 'hex-encoded utf-8 must sign the same bytes')
    assert.equal(
      await verifyMessage({
        address: ANVIL_ADDRESSES[1],
        message: 'hello',
        signature: text as Hex,
      }),
      false,
    )
  })

  test('eth_signTypedData_v4 gives a signature viem verifies', async () => {
    const wallet = walletOnA()
    const address = await connected(wallet)
    const signature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    assert.ok(await verifyTypedData({ ...typedData, types, address, signature }))
  })

  test('eth_signTypedData_v4 refuses a domain of another chain', async () => {
    const wallet = walletOnA()
    const address = await connected(wallet)
    const other = { ...typedData, domain: { ...typedData.domain, chainId: 1 } }
    await assert.rejects(
      wallet.request({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(other)] }),
      (e) => codeOf(e) === -32602,
    )
  })
})

describe('dev wallet transactions', () => {
  test('eth_sendTransaction signs locally and anvil mines it', async () => {
    const wallet = walletOnA({ accounts: [2] })
    const from = await connected(wallet)
    const client = createPublicClient({ transport: http(rpcA) })
    const to = ANVIL_ADDRESSES[7]
    const before = await client.getBalance({ address: to })
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from, to, value: `0x${parseEther('1.5').toString(16)}` }],
    })) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    assert.equal(receipt.from.toLowerCase(), from.toLowerCase())
    assert.equal(await client.getBalance({ address: to }), before + parseEther('1.5'))
  })

  test('reads are forwarded to the chain’s RPC', async () => {
    const wallet = walletOnA()
    const block = await wallet.request({ method: 'eth_blockNumber' })
    assert.match(String(block), /^0x[0-9a-f]+$/)
  })
})

describe('dev wallet EIP-5792', () => {
  let token: TestToken
  const alice = ANVIL_ADDRESSES[1] as Hex
  const bob = ANVIL_ADDRESSES[2] as Hex
  const transfer = (to: Hex, amount: bigint) => ({
    to: token.address,
    data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [to, amount] }),
  })
  const balanceOf = (address: Hex) =>
    createPublicClient({ transport: http(rpcA) }).readContract({
      address: token.address,
      abi: token.abi,
      functionName: 'balanceOf',
      args: [address],
    })
  const clientOf = async (wallet: DevWallet) =>
    createWalletClient({
      account: await connected(wallet),
      chain: foundry,
      transport: custom(wallet.provider),
    })

  before(async () => {
    token = await deployTestToken(rpcA)
    for (const index of [3, 4]) {
      await fundAccount(rpcA, ANVIL_ADDRESSES[index] as Hex, {
        token: token.address,
        amount: 10_000_000n,
      })
    }
  })

  test('an EOA reports no atomic batch; wallet_sendCalls sends the calls one by one', async () => {
    const wallet = walletOnA({ accounts: [3] })
    const client = await clientOf(wallet)
    assert.deepEqual(await client.getCapabilities({ chainId: 31337 }), {
      atomic: { status: 'unsupported' },
      assetDiscovery: { supported: true },
    })
    const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)]
    const { id } = await client.sendCalls({
      calls: [transfer(alice, 1_000_000n), transfer(bob, 2_000_000n)],
      experimental_fallback: true,
    })
    const status = await client.waitForCallsStatus({ id, pollingInterval: 50 })
    assert.equal(status.status, 'success')
    assert.equal(status.atomic, false)
    assert.equal(status.receipts?.length, 2)
    assert.equal(await balanceOf(alice), aliceBefore + 1_000_000n)
    assert.equal(await balanceOf(bob), bobBefore + 2_000_000n)
    // One wallet_sendCalls, no eth_sendTransaction from the page.
    assert.deepEqual(
      wallet.requests.map((r) => r.method).filter((m) => /sendCalls|sendTransaction/.test(m)),
      ['wallet_sendCalls'],
    )
  })

  test('not atomic: a call that fails leaves the earlier ones landed (600)', async () => {
    const wallet = walletOnA({ accounts: [3] })
    const client = await clientOf(wallet)
    const aliceBefore = await balanceOf(alice)
    const { id } = await client.sendCalls({
      calls: [transfer(alice, 1n), transfer(bob, 10n ** 30n)],
    })
    const status = await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })
    assert.equal((status as { status: number }).status, 600)
    assert.equal(await balanceOf(alice), aliceBefore + 1n)
  })

  test('spec §5 checks, atomicRequired and unknown ids answer EIP-5792 codes', async () => {
    const wallet = walletOnA({ accounts: [3] })
    const from = await connected(wallet)
    const send = (calls: unknown[], extra: object = {}) =>
      wallet
        .request({
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', from, calls, ...extra }],
        })
        .catch(codeOf)
    assert.equal(await send([{ to: alice.slice(2) }]), -32602)
    assert.equal(await send([{ to: alice, data: 'a9059cbb' }]), -32602)
    assert.equal(await send([]), -32602)
    assert.equal(await send([{ to: alice }], { atomicRequired: true }), 5760)
    assert.equal(await send([{ to: alice }], { chainId: '0x1' }), 5710)
    const unknown = await wallet
      .request({ method: 'wallet_getCallsStatus', params: ['0xdead'] })
      .catch(codeOf)
    assert.equal(unknown, 5730)
    assert.equal(wallet.requests.filter((r) => r.method === 'eth_sendRawTransaction').length, 0)
  })

  test('wallet_getAssets (ERC-7811): the native balance and the held tokens, as the chain has them', async () => {
    const wallet = walletOnA({ accounts: [3] })
    const chain = { id: 31337, rpcUrl: rpcA, tokens: [token.address] }
    const withTokens = createDevWallet({ chains: [chain], accounts: [3, 5] })
    const holder = await connected(withTokens)
    const empty = ANVIL_ADDRESSES[5] as Hex
    const ask = (request: object) =>
      withTokens.request({ method: 'wallet_getAssets', params: [request] })
    const public_ = createPublicClient({ transport: http(rpcA) })
    const [wei, units] = [await public_.getBalance({ address: holder }), await balanceOf(holder)]
    assert.ok(units > 0n)
    assert.deepEqual(await ask({ account: holder }), {
      '0x7a69': [
        {
          address: 'native',
          balance: `0x${wei.toString(16)}`,
          type: 'native',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
        {
          address: token.address.toLowerCase(),
          balance: `0x${units.toString(16)}`,
          type: 'erc20',
          metadata: { name: 'Test USD', symbol: 'TUSD', decimals: 6 },
        },
      ],
    })
    // A token the account does not hold is left out, unless the page asks for it.
    const emptyAssets = (await ask({ account: empty })) as Record<string, { type: string }[]>
    assert.deepEqual(
      emptyAssets['0x7a69']?.map((a) => a.type),
      ['native'],
    )
    const asked = (await ask({
      account: empty,
      assetFilter: { '0x7a69': [{ address: token.address, type: 'erc20' }] },
    })) as Record<string, { balance: string; type: string }[]>
    assert.deepEqual(asked['0x7a69'], [
      {
        address: token.address.toLowerCase(),
        balance: '0x0',
        type: 'erc20',
        metadata: { name: 'Test USD', symbol: 'TUSD', decimals: 6 },
      },
    ])
    assert.deepEqual(await ask({ account: holder, chainFilter: ['0x1'] }), {})
    assert.deepEqual(await ask({ account: holder, assetTypeFilter: ['erc20'] }), {
      '0x7a69': [((await ask({ account: holder })) as Record<string, unknown[]>)['0x7a69']?.[1]],
    })
    // Only the wallet's own, granted accounts; a malformed request is -32602.
    assert.equal(await ask({ account: ANVIL_ADDRESSES[6] }).catch(codeOf), 4100)
    assert.equal(
      await wallet.request({ method: 'wallet_getAssets', params: [{}] }).catch(codeOf),
      4100,
    )
    assert.equal(await ask({ account: holder, chainFilter: '0x7a69' }).catch(codeOf), -32602)
    assert.equal(
      await withTokens.request({ method: 'wallet_getAssets', params: ['x'] }).catch(codeOf),
      -32602,
    )
  })

  test('without EIP-5792, viem falls back to one eth_sendTransaction per call', async () => {
    const wallet = walletOnA({ accounts: [4], eip5792: false })
    const client = await clientOf(wallet)
    const [aliceBefore, bobBefore] = [await balanceOf(alice), await balanceOf(bob)]
    const { id } = await client.sendCalls({
      calls: [transfer(alice, 3n), transfer(bob, 4n)],
      experimental_fallback: true,
    })
    const status = await client.waitForCallsStatus({ id, pollingInterval: 50 })
    assert.equal(status.status, 'success')
    assert.equal(await balanceOf(alice), aliceBefore + 3n)
    assert.equal(await balanceOf(bob), bobBefore + 4n)
    assert.deepEqual(
      wallet.requests.map((r) => r.method).filter((m) => /sendCalls|sendTransaction/.test(m)),
      ['wallet_sendCalls', 'eth_sendTransaction', 'eth_sendTransaction'],
    )
  })
})

describe('dev wallet chains', () => {
  test('switching to an unknown chain is 4902; after wallet_addEthereumChain it switches', async () => {
    const wallet = walletOnA()
    const changes: unknown[] = []
    wallet.provider.on('chainChanged', (id) => changes.push(id))
    await assert.rejects(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
      (e) => codeOf(e) === 4902,
    )
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x7a6a',
          chainName: 'Anvil B',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: [rpcB],
        },
      ],
    })
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    assert.equal(await wallet.request({ method: 'eth_chainId' }), '0x7a6a')
    assert.deepEqual(changes, ['0x7a6a'])
    // Reads now go to chain B's node.
    const client = createPublicClient({ transport: http(rpcB) })
    assert.equal(
      await wallet.request({ method: 'eth_blockNumber' }),
      `0x${(await client.getBlockNumber()).toString(16)}`,
    )
  })

  test('a method listed as unsupported answers 4200', async () => {
    const wallet = walletOnA({ unsupportedMethods: ['wallet_switchEthereumChain'] })
    await assert.rejects(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
      (e) => codeOf(e) === 4200,
    )
  })
})

describe('dev wallet fault controls', () => {
  test('rejectNext rejects only the next matching request with its code', async () => {
    const wallet = walletOnA()
    wallet.rejectNext(4001, { method: 'eth_requestAccounts' })
    assert.equal(await wallet.request({ method: 'eth_chainId' }), '0x7a69')
    await assert.rejects(
      wallet.request({ method: 'eth_requestAccounts' }),
      (e) => e instanceof Error && codeOf(e) === 4001,
    )
    assert.equal(await connected(wallet), ANVIL_ADDRESSES[0])
  })

  test('throwNonErrorNext rejects with the bare value', async () => {
    const wallet = walletOnA()
    wallet.throwNonErrorNext('nope')
    await assert.rejects(wallet.request({ method: 'eth_chainId' }), (e) => e === 'nope')
  })

  test('neverSettleNext leaves the request pending; delay slows every request', async () => {
    const wallet = walletOnA()
    wallet.neverSettleNext()
    const result = await Promise.race([
      wallet.request({ method: 'eth_chainId' }).then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 100)),
    ])
    assert.equal(result, 'pending')
    wallet.delay(120)
    const start = Date.now()
    await wallet.request({ method: 'eth_chainId' })
    assert.ok(Date.now() - start >= 110, 'delay(120) did not delay')
  })

  test('setAccounts and emitMalformed reach listeners; removeListener stops them', async () => {
    const wallet = walletOnA()
    await connected(wallet)
    const seen: unknown[] = []
    const listener = (payload: unknown) => seen.push(payload)
    wallet.provider.on('accountsChanged', listener)
    wallet.setAccounts([3, 4])
    wallet.emitMalformed('accountsChanged', { not: 'an array' })
    wallet.provider.removeListener('accountsChanged', listener)
    wallet.setAccounts([5])
    assert.deepEqual(seen, [[ANVIL_ADDRESSES[3], ANVIL_ADDRESSES[4]], { not: 'an array' }])
    assert.deepEqual(await wallet.request({ method: 'eth_accounts' }), [ANVIL_ADDRESSES[5]])
  })

  test('emitDisconnect emits code 4900 and forgets the page', async () => {
    const wallet = walletOnA()
    await connected(wallet)
    const errors: unknown[] = []
    wallet.provider.on('disconnect', (error) => errors.push(error))
    wallet.emitDisconnect()
    assert.equal(codeOf(errors[0]), 4900)
    assert.deepEqual(await wallet.request({ method: 'eth_accounts' }), [])
  })
})

describe('dev wallet EIP-6963', () => {
  test('announces a frozen detail now and on every requestProvider until stopped', () => {
    const target = new EventTarget()
    const wallet = walletOnA({ info: { name: 'Dev A', rdns: 'dev.openmodal.a' } })
    const details: Array<{ info: { name: string; uuid: string }; provider: unknown }> = []
    target.addEventListener('eip6963:announceProvider', (event) =>
      details.push((event as CustomEvent).detail),
    )
    const stop = wallet.announce(target)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    assert.equal(details.length, 2)
    const [detail] = details
    assert.ok(detail && Object.isFrozen(detail) && Object.isFrozen(detail.info))
    assert.equal(detail.info.name, 'Dev A')
    assert.match(detail.info.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/)
    assert.equal(detail.provider, wallet.provider)
  })

  test('announceProvider announces any provider with the given info', () => {
    const target = new EventTarget()
    let name = ''
    target.addEventListener('eip6963:announceProvider', (event) => {
      name = (event as CustomEvent).detail.info.name
    })
    announceProvider({ uuid: 'u', name: 'X', icon: 'data:,', rdns: 'x.y' }, {}, target)()
    assert.equal(name, 'X')
  })
})
