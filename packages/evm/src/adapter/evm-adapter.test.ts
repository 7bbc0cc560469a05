import { expect } from '@open-wc/testing'
import { adapterContract } from '@openmodal/core/adapter-contract'
import {
  $balances,
  $chain,
  type AdapterEvent,
  type BaseError,
  type CaipNetwork,
  type ChainAdapter,
  connect as connectKit,
  createModalClient,
  fetchBalances,
  resetStores,
  unregisterAdapter,
} from '@openmodal/core/internal'
import { ANVIL_ADDRESSES, type DevWallet, TEST_TOKEN_ABI } from '@openmodal/testing'
import {
  createPublicClient,
  createTestClient,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  parseEther,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type AnvilFixture, announcedWallet, anvilChains, toNetwork } from '../testing/fixtures.js'
import { ENS_UNIVERSAL_RESOLVER } from './ens-address.js'
import { evmAdapter } from './evm-adapter.js'
import { decodeRevertReason } from './revert-reason.js'

let chainA: AnvilFixture
let chainB: AnvilFixture
let networkA: CaipNetwork
let networkB: CaipNetwork

before(async () => {
  const chains = await anvilChains()
  if (!chains[0] || !chains[1]) throw new Error('the WTR config did not start two chains')
  ;[chainA, chainB] = chains as [AnvilFixture, AnvilFixture]
  networkA = toNetwork(chainA)
  networkB = toNetwork(chainB)
})

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A fresh adapter and an announced dev wallet knowing chain A only. */
async function setup(options: Parameters<typeof announcedWallet>[0] = {}) {
  const announced = await announcedWallet(options)
  const adapter = evmAdapter()
  cleanups.push(announced.stop, () => adapter.disconnect())
  return { ...announced, adapter }
}

async function connect(adapter: ChainAdapter, rdns: string, network = networkA) {
  return adapter.connect({ connectorId: rdns, network })
}

function recordEvents(adapter: ChainAdapter) {
  const events: AdapterEvent[] = []
  cleanups.push(adapter.on((event) => events.push(event)))
  return events
}

async function rejectionOf(promise: Promise<unknown>): Promise<BaseError & { code: unknown }> {
  try {
    await promise
  } catch (error) {
    return error as BaseError & { code: unknown }
  }
  throw new Error('expected a rejection')
}

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))

describe('evmAdapter: the shared adapter contract with the dev wallet', () => {
  let wallet: DevWallet | undefined
  let nextAccount = 1
  const cases = adapterContract(async () => {
    const announced = await announcedWallet()
    wallet = announced.wallet
    const adapter = evmAdapter()
    return {
      adapter,
      connectorId: announced.rdns,
      network: networkA,
      // Chain B is unknown to the wallet: switching goes through 4902 → add → switch.
      otherNetwork: networkB,
      verifySignature: ({ address, message, signature }) =>
        verifyMessage({ address: address as Hex, message, signature: signature as Hex }),
      triggerAccountsChanged: () => wallet?.setAccounts([nextAccount++ % 10]),
      teardown: async () => {
        announced.stop()
        await adapter.disconnect()
      },
    }
  })
  for (const c of cases) it(c.name, c.run)
})

describe('evmAdapter connect', () => {
  it('returns checksummed accounts and the wallet chain without asking it to switch', async () => {
    const { adapter, rdns, wallet } = await setup({
      chains: [
        { id: 31337, rpcUrl: '' },
        { id: 31338, rpcUrl: '' },
      ],
      chainId: 31338,
      accounts: [4, 5],
    })
    const result = await connect(adapter, rdns, networkA)
    expect(result.accounts.map((a) => a.address)).to.deep.equal([
      ANVIL_ADDRESSES[4],
      ANVIL_ADDRESSES[5],
    ])
    expect(result.accounts[0]).to.include({ namespace: 'eip155', type: 'eoa' })
    expect(result.chainId).to.equal(31338)
    expect(wallet.requests.map((r) => r.method)).to.deep.equal([
      'eth_requestAccounts',
      'eth_chainId',
    ])
  })

  it('surfaces a user rejection (4001) with its code', async () => {
    const { adapter, rdns, wallet } = await setup()
    wallet.rejectNext(4001, { method: 'eth_requestAccounts' })
    const error = await rejectionOf(connect(adapter, rdns))
    expect(error.code).to.equal(4001)
    expect(await adapter.getAccounts()).to.deep.equal([])
  })

  it('turns a thrown non-Error into the kit’s Unknown error', async () => {
    const { adapter, rdns, wallet } = await setup()
    wallet.throwNonErrorNext('nope')
    const error = await rejectionOf(connect(adapter, rdns))
    expect(error.code).to.equal('UNKNOWN')
    expect(error.shortMessage).to.equal('Unknown error')
  })

  it('rejects invalid accounts and keeps the valid ones', async () => {
    const provider = {
      async request({ method }: { method: string }) {
        if (method === 'eth_requestAccounts')
          return ['<img src=x>', ANVIL_ADDRESSES[1].toLowerCase()]
        if (method === 'eth_chainId') return '0x7a69'
        return null
      },
    }
    const adapter = evmAdapter()
    const stop = adapter.watchConnectors(() => {})
    cleanups.push(stop)
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: crypto.randomUUID(), name: 'Odd', icon: '', rdns: 'dev.odd.accounts' },
          provider,
        },
      }),
    )
    await tick()
    const result = await connect(adapter, 'dev.odd.accounts')
    expect(result.accounts.map((a) => a.address)).to.deep.equal([ANVIL_ADDRESSES[1]])
  })

  it('fails with Provider not found for a connector nobody announced', async () => {
    const adapter = evmAdapter({ discoveryTimeoutMs: 50 })
    const error = await rejectionOf(connect(adapter, 'dev.nobody.here'))
    expect(error.code).to.equal('PROVIDER_NOT_FOUND')
  })
})

describe('evmAdapter reconnect', () => {
  it('answers null without prompting while the page is not authorized', async () => {
    const { adapter, rdns, wallet } = await setup()
    expect(await adapter.reconnect({ connectorId: rdns, network: networkA })).to.equal(null)
    expect(wallet.requests.map((r) => r.method)).to.deep.equal(['eth_accounts'])
  })

  it('restores an authorized wallet with eth_accounts only', async () => {
    const { adapter, rdns, wallet } = await setup()
    wallet.setAuthorized(true)
    const result = await adapter.reconnect({ connectorId: rdns, network: networkA })
    expect(result?.accounts[0]?.address).to.equal(ANVIL_ADDRESSES[0])
    expect(result?.chainId).to.equal(31337)
    expect(wallet.requests.some((r) => r.method === 'eth_requestAccounts')).to.equal(false)
  })

  it('does not reconnect a connector the user disconnected on this page', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    await adapter.disconnect()
    expect(await adapter.getAccounts()).to.deep.equal([])
    // Even if the wallet still grants the site (no EIP-2255 revoke support).
    wallet.setAuthorized(true)
    expect(await adapter.reconnect({ connectorId: rdns, network: networkA })).to.equal(null)
    // An explicit connect lifts it.
    await connect(adapter, rdns)
    expect(await adapter.reconnect({ connectorId: rdns, network: networkA })).to.not.equal(null)
  })

  it('answers null for a connector that is not present', async () => {
    const adapter = evmAdapter({ discoveryTimeoutMs: 50 })
    expect(await adapter.reconnect({ connectorId: 'dev.gone', network: networkA })).to.equal(null)
  })

  it('gives up on a wallet that never answers eth_accounts', async () => {
    const announced = await announcedWallet()
    cleanups.push(announced.stop)
    announced.wallet.neverSettleNext({ method: 'eth_accounts' })
    const adapter = evmAdapter({ reconnectTimeoutMs: 100 })
    const error = await rejectionOf(
      adapter.reconnect({ connectorId: announced.rdns, network: networkA }),
    )
    expect(error.code).to.equal('FAILED_TO_CONNECT')
  })
})

describe('evmAdapter events', () => {
  it('maps accountsChanged, chainChanged and disconnect, ignoring malformed payloads', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    const events = recordEvents(adapter)
    wallet.setAccounts([2, 3])
    wallet.emitMalformed('accountsChanged', ['0xnot-an-address'])
    wallet.emitMalformed('accountsChanged', 'oops')
    wallet.emitMalformed('chainChanged', '0x7a6a')
    wallet.emitMalformed('chainChanged', { chainId: 1 })
    wallet.emitMalformed('chainChanged', 'ten')
    wallet.emitMalformed('chainChanged', 10)
    wallet.emitDisconnect()
    expect(events).to.deep.equal([
      {
        type: 'accountsChanged',
        accounts: [
          { address: ANVIL_ADDRESSES[2], namespace: 'eip155', type: 'eoa' },
          { address: ANVIL_ADDRESSES[3], namespace: 'eip155', type: 'eoa' },
        ],
      },
      { type: 'chainChanged', chainId: 31338 },
      { type: 'chainChanged', chainId: 10 },
      { type: 'disconnect' },
    ])
    expect(await adapter.getAccounts()).to.deep.equal([])
    // Unsubscribed from the wallet after its disconnect.
    wallet.emitMalformed('chainChanged', '0x1')
    expect(events).to.have.length(4)
  })

  it('treats accountsChanged [] as the end of the connection', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    const events = recordEvents(adapter)
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(events).to.deep.equal([{ type: 'accountsChanged', accounts: [] }])
    expect(await adapter.getAccounts()).to.deep.equal([])
    expect(adapter.getProvider()).to.equal(undefined)
  })

  it('stops listening to the wallet after disconnect()', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    const events = recordEvents(adapter)
    await adapter.disconnect()
    wallet.setAuthorized(true)
    wallet.setAccounts([6])
    wallet.emitMalformed('chainChanged', '0x5')
    expect(events).to.deep.equal([])
  })
})

describe('evmAdapter switchNetwork', () => {
  it('adds an unknown chain with its parameters and switches (4902 path)', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    await adapter.switchNetwork(networkB)
    expect(await wallet.request({ method: 'eth_chainId' })).to.equal('0x7a6a')
    const add = wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')
    expect(add?.params).to.deep.equal([
      {
        chainId: '0x7a6a',
        chainName: networkB.name,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [chainB.rpcUrl],
      },
    ])
  })

  it('also adds on the wrapped form (-32603 with originalError 4902)', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    wallet.rejectNext(-32603, {
      method: 'wallet_switchEthereumChain',
      message: 'Unrecognized chain ID',
      data: { originalError: { code: 4902 } },
    })
    await adapter.switchNetwork(networkB)
    expect(wallet.chainId).to.equal(31338)
  })

  it('is “Chain is not supported” when adding the chain fails', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    wallet.rejectNext(-32602, { method: 'wallet_addEthereumChain' })
    const error = await rejectionOf(adapter.switchNetwork(networkB))
    expect(error.shortMessage).to.equal('Chain is not supported')
    expect((error.cause as { code?: number }).code).to.equal(-32602)
  })

  it('is “no programmatic switching” for a wallet without the method', async () => {
    const { adapter, rdns } = await setup({ unsupportedMethods: ['wallet_switchEthereumChain'] })
    await connect(adapter, rdns)
    const error = await rejectionOf(adapter.switchNetwork(networkB))
    expect(error.shortMessage).to.equal('connector does not support programmatic chain switching')
  })

  it('passes a rejected switch through with code 4001', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    wallet.rejectNext(4001, { method: 'wallet_switchEthereumChain' })
    const error = await rejectionOf(adapter.switchNetwork(networkB))
    expect(error.code).to.equal(4001)
    expect(wallet.chainId).to.equal(31337)
  })
})

describe('decodeRevertReason', () => {
  const abi = parseAbi(['error Error(string)', 'error Panic(uint256)', 'error Custom(uint256)'])
  it('reads Error(string) and Panic(uint256); a custom error or broken data has no reason', () => {
    for (const reason of ['UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT', 'é 漢字']) {
      const data = encodeErrorResult({ abi, errorName: 'Error', args: [reason] })
      expect(decodeRevertReason(data)).to.equal(reason)
    }
    expect(
      decodeRevertReason(encodeErrorResult({ abi, errorName: 'Panic', args: [17n] })),
    ).to.equal('Panic(0x11)')
    expect(
      decodeRevertReason(encodeErrorResult({ abi, errorName: 'Custom', args: [1n] })),
    ).to.equal(undefined)
    // An offset or length past the end of the data is not read.
    expect(decodeRevertReason(`0x08c379a0${'ff'.repeat(32)}`)).to.equal(undefined)
    expect(decodeRevertReason('0x08c379a0')).to.equal(undefined)
  })
})

describe('evmAdapter reads and writes on anvil', () => {
  const client = () => createPublicClient({ transport: http(chainA.rpcUrl) })

  it('reads the native balance anvil reports', async () => {
    const adapter = evmAdapter()
    const address = ANVIL_ADDRESSES[8]
    const balance = await adapter.getBalance({ address, network: networkA })
    expect(balance.value).to.equal(await client().getBalance({ address }))
    expect(balance).to.include({ decimals: 18, symbol: 'ETH' })
  })

  it('sends native value that anvil mines', async () => {
    const { adapter, rdns } = await setup({ accounts: [1] })
    await connect(adapter, rdns)
    const to = ANVIL_ADDRESSES[9]
    const before = await client().getBalance({ address: to })
    const hash = await adapter.sendTransfer({ to, value: parseEther('0.25') })
    await client().waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
    expect(await client().getBalance({ address: to })).to.equal(before + parseEther('0.25'))
  })

  it('sends an ERC-20 transfer that anvil mines', async () => {
    const token = chainA.token
    if (!token) throw new Error('the WTR config deployed no token')
    const { adapter, rdns } = await setup({ accounts: [0] })
    await connect(adapter, rdns)
    const to = ANVIL_ADDRESSES[6]
    const balanceOf = () =>
      client().readContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [to],
      })
    const before = await balanceOf()
    const hash = await adapter.sendTransfer({ to, value: 1_500_000n, tokenAddress: token })
    await client().waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
    expect(await balanceOf()).to.equal(before + 1_500_000n)
  })

  it('estimates a transfer fee at the wallet fee ceiling, and reads the sent transaction', async () => {
    const { adapter, rdns } = await setup({ accounts: [2] })
    await connect(adapter, rdns)
    const to = ANVIL_ADDRESSES[7]
    const fee = await adapter.estimateTransferFee?.({ to, value: parseEther('0.1') })
    const block = await client().getBlock()
    const priority = await client().estimateMaxPriorityFeePerGas()
    // Spec §9: the ceiling is the base fee × 1.2 plus the tip; a value transfer is 21,000 gas.
    const maxFeePerGas = ((block.baseFeePerGas ?? 0n) * 12n) / 10n + priority
    expect(fee).to.deep.equal({
      value: 21_000n * maxFeePerGas,
      cap: { maxFeePerGas, maxPriorityFeePerGas: priority },
    })
    // The ceiling travels with the send: the wallet signs exactly it.
    const hash = await adapter.sendTransfer({
      to,
      value: parseEther('0.1'),
      ...(fee ? { fee: fee.cap } : {}),
    })
    await client().waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
    const sent = await client().getTransaction({ hash: hash as Hex })
    expect([sent.maxFeePerGas, sent.maxPriorityFeePerGas]).to.deep.equal([maxFeePerGas, priority])
    expect(await adapter.getTransactionStatus?.(hash)).to.equal('success')
    expect(await adapter.getTransactionStatus?.(`0x${'ab'.repeat(32)}`)).to.equal('pending')
  })

  it('Max at the estimated ceiling is sendable; the node refuses one wei more', async () => {
    // A fresh key with 1 ETH, so draining it touches no account another test uses.
    const key = generatePrivateKey()
    const from = privateKeyToAccount(key).address
    await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setBalance({
      address: from,
      value: parseEther('1'),
    })
    const { adapter, rdns } = await setup({ privateKeys: [key] })
    await connect(adapter, rdns)
    const to = ANVIL_ADDRESSES[4]
    const fee = await adapter.estimateTransferFee?.({ to, value: 0n })
    if (!fee?.cap) throw new Error('no fee ceiling')
    const max = parseEther('1') - fee.value
    const over = await rejectionOf(adapter.sendTransfer({ to, value: max + 1n, fee: fee.cap }))
    expect(over.message).to.match(/insufficient funds/i)
    const hash = await adapter.sendTransfer({ to, value: max, fee: fee.cap })
    await client().waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
    expect(await adapter.getTransactionStatus?.(hash)).to.equal('success')
  })

  it('refuses a base-fee multiplier below 1 with a clear error; 1.5 prices the ceiling', async () => {
    for (const bad of [0.9, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      let error: (Error & { code?: unknown }) | undefined
      try {
        evmAdapter({ baseFeeMultiplier: bad })
      } catch (caught) {
        error = caught as Error & { code?: unknown }
      }
      expect(error?.message, String(bad)).to.equal(
        'Invalid option `baseFeeMultiplier`: a number of at least 1',
      )
      expect(error?.code).to.equal('INVALID_OPTIONS')
    }
    const announced = await announcedWallet({ accounts: [2] })
    const adapter = evmAdapter({ baseFeeMultiplier: 1.5 })
    cleanups.push(announced.stop, () => adapter.disconnect())
    await connect(adapter, announced.rdns)
    const fee = await adapter.estimateTransferFee?.({ to: ANVIL_ADDRESSES[7], value: 1n })
    const block = await client().getBlock()
    const priority = await client().estimateMaxPriorityFeePerGas()
    expect(fee?.cap).to.deep.equal({
      maxFeePerGas: ((block.baseFeePerGas ?? 0n) * 15n) / 10n + priority,
      maxPriorityFeePerGas: priority,
    })
  })

  it('sends an arbitrary transaction (calldata and value) that anvil mines; bad input is refused', async () => {
    const token = chainA.token
    if (!token) throw new Error('the WTR config deployed no token')
    const { adapter, rdns } = await setup({ accounts: [0] })
    await connect(adapter, rdns)
    const to = ANVIL_ADDRESSES[5]
    const data = encodeFunctionData({
      abi: TEST_TOKEN_ABI,
      functionName: 'transfer',
      args: [to, 7n],
    })
    const balanceOf = () =>
      client().readContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [to],
      })
    const before = await balanceOf()
    const hash = await adapter.sendTransaction?.({ to: token, data })
    await client().waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 })
    expect(await balanceOf()).to.equal(before + 7n)
    for (const bad of [{ to: 'nope' }, { to, data: 'not hex' }, { to, value: -1n }]) {
      expect((await rejectionOf(adapter.sendTransaction?.(bad) as Promise<unknown>)).code).to.equal(
        'INVALID_TRANSFER',
      )
    }
  })

  it('sends an EIP-5792 batch in one request; without EIP-5792, one transaction per call', async () => {
    const token = chainA.token
    if (!token) throw new Error('the WTR config deployed no token')
    const to = ANVIL_ADDRESSES[4]
    const balanceOf = () =>
      client().readContract({
        address: token,
        abi: TEST_TOKEN_ABI,
        functionName: 'balanceOf',
        args: [to],
      })
    const transfer = (amount: bigint) => ({
      to: token,
      data: encodeFunctionData({
        abi: TEST_TOKEN_ABI,
        functionName: 'transfer',
        args: [to, amount],
      }),
    })
    for (const eip5792 of [true, false]) {
      const { adapter, rdns, wallet } = await setup({ accounts: [0], eip5792 })
      await connect(adapter, rdns)
      expect(adapter.capabilities).to.include('sendCalls')
      const before = await balanceOf()
      const sent = await adapter.sendCalls?.({ calls: [transfer(2n), transfer(3n)] })
      expect(sent?.fallback).to.equal(!eip5792)
      const sends = wallet.requests
        .map((r) => r.method)
        .filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction')
      expect(sends).to.deep.equal(
        eip5792
          ? ['wallet_sendCalls']
          : ['wallet_sendCalls', 'eth_sendTransaction', 'eth_sendTransaction'],
      )
      let status = 'pending'
      for (let i = 0; i < 50 && status === 'pending'; i++) {
        status = (await adapter.getCallsStatus?.(sent?.id ?? '')) ?? 'failed'
        if (status === 'pending') await new Promise((r) => setTimeout(r, 50))
      }
      expect(status).to.equal('success')
      expect(await balanceOf()).to.equal(before + 5n)
      const bad = await rejectionOf(
        adapter.sendCalls?.({ calls: [{ to: 'nope' }] }) as Promise<unknown>,
      )
      expect(bad.code).to.equal('INVALID_TRANSFER')
    }
  })

  it('signs with personal_sign and passes raw requests to the wallet', async () => {
    const { adapter, rdns, wallet } = await setup()
    await connect(adapter, rdns)
    const signature = await adapter.signMessage({ message: 'héllo', address: ANVIL_ADDRESSES[0] })
    expect(
      await verifyMessage({
        address: ANVIL_ADDRESSES[0],
        message: 'héllo',
        signature: signature as Hex,
      }),
    ).to.equal(true)
    expect(await adapter.request({ method: 'eth_chainId' })).to.equal('0x7a69')
    expect(adapter.getProvider()).to.equal(wallet.provider)
  })

  it('refuses requests and transfers while disconnected', async () => {
    const adapter = evmAdapter()
    expect((await rejectionOf(adapter.request({ method: 'eth_chainId' }))).code).to.equal(
      'CONNECTOR_NOT_CONNECTED',
    )
    expect(
      (await rejectionOf(adapter.sendTransfer({ to: ANVIL_ADDRESSES[1], value: 1n }))).code,
    ).to.equal('CONNECTOR_NOT_CONNECTED')
  })
})

describe('evmAdapter.getProfile: ENS, loaded lazily', () => {
  before(() => {
    // The page loaded hundreds of modules already: make room so the ENS module's load is seen.
    performance.clearResourceTimings()
    performance.setResourceTimingBufferSize(10_000)
  })

  const ensModuleLoaded = () =>
    performance.getEntriesByType('resource').some((r) => r.name.includes('/adapter/ens.'))
  const onMainnet = (network: CaipNetwork): CaipNetwork => ({
    ...network,
    id: 1,
    caipNetworkId: 'eip155:1',
  })

  /**
   * Runtime code that answers every call with `data` (CODECOPY the tail, RETURN): a stand-in
   * for the ENS Universal Resolver whose `reverseWithGateways` returns (name, resolver, resolver).
   */
  function constantContract(data: Hex): Hex {
    const length = (data.length - 2) / 2
    const word = (n: number) => n.toString(16).padStart(4, '0')
    const prelude = `61${word(length)}61${word(15)}60003961${word(length)}6000f3`
    return `0x${prelude}${data.slice(2)}`
  }

  it('answers {} off Ethereum mainnet without loading the ENS code', async () => {
    const adapter = evmAdapter()
    const profile = await adapter.getProfile?.({ address: ANVIL_ADDRESSES[0], network: networkA })
    expect(profile).to.deep.equal({})
    expect(ensModuleLoaded()).to.equal(false)
  })

  /** Chain A answers every primary-name lookup with alice.eth. */
  async function installStandInResolver() {
    const answer = encodeAbiParameters(
      [{ type: 'string' }, { type: 'address' }, { type: 'address' }],
      ['alice.eth', ANVIL_ADDRESSES[9], ANVIL_ADDRESSES[9]],
    )
    await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setCode({
      address: ENS_UNIVERSAL_RESOLVER,
      bytecode: constantContract(answer),
    })
  }

  it('reads the primary name through the Universal Resolver on mainnet (a stand-in on anvil)', async () => {
    await installStandInResolver()
    const adapter = evmAdapter()
    const profile = await adapter.getProfile?.({
      address: ANVIL_ADDRESSES[0],
      network: onMainnet(networkA),
    })
    // The stand-in cannot answer the avatar text record: no avatar, the name alone.
    expect(profile).to.deep.equal({ name: 'alice.eth' })
    expect(ensModuleLoaded()).to.equal(true)
  })

  /**
   * A stand-in Universal Resolver that tells the calls apart by selector: the reverse lookup
   * (`0xb7d6ca64`) answers (alice.eth, resolver, resolver), any other call (the `avatar` text
   * record through `resolveWithGateways`) answers (abi-encoded `avatar`, resolver).
   */
  async function installAvatarResolver(avatar: string) {
    const reverse = encodeAbiParameters(
      [{ type: 'string' }, { type: 'address' }, { type: 'address' }],
      ['alice.eth', ANVIL_ADDRESSES[9], ANVIL_ADDRESSES[9]],
    )
    const text = encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'address' }],
      [encodeAbiParameters([{ type: 'string' }], [avatar]), ANVIL_ADDRESSES[9]],
    )
    const word = (n: number) => n.toString(16).padStart(4, '0')
    const lengthA = (reverse.length - 2) / 2
    const lengthB = (text.length - 2) / 2
    // selector == reverse ? return A : return B; the two answers follow the 47 code bytes.
    const code =
      `600035` +
      `60e01c` +
      `63b7d6ca64` +
      `14` +
      `61${word(31)}` +
      `57` +
      `61${word(lengthB)}61${word(47 + lengthA)}600039` +
      `61${word(lengthB)}6000f3` +
      `5b` +
      `61${word(lengthA)}61${word(47)}600039` +
      `61${word(lengthA)}6000f3`
    await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setCode({
      address: ENS_UNIVERSAL_RESOLVER,
      bytecode: `0x${code}${reverse.slice(2)}${text.slice(2)}`,
    })
  }

  it('reads the avatar text record: an https URL is kept, a javascript: one dropped', async () => {
    const adapter = evmAdapter()
    const profile = () =>
      adapter.getProfile?.({ address: ANVIL_ADDRESSES[0], network: onMainnet(networkA) })
    await installAvatarResolver('https://example.com/alice.png')
    expect(await profile()).to.deep.equal({
      name: 'alice.eth',
      avatar: 'https://example.com/alice.png',
    })
    await installAvatarResolver('javascript:alert(1)')
    expect(await profile()).to.deep.equal({ name: 'alice.eth' })
    await installAvatarResolver('http://example.com/alice.png')
    expect(await profile()).to.deep.equal({ name: 'alice.eth' })
    await installStandInResolver()
  })

  it('on another non-test network, reads the name through the configured mainnet', async () => {
    const adapter = evmAdapter()
    const optimism: CaipNetwork = { ...networkB, id: 10, caipNetworkId: 'eip155:10' }
    const profile = async () =>
      adapter.getProfile?.({ address: ANVIL_ADDRESSES[0], network: optimism })
    // No mainnet configured: nowhere to ask.
    $chain.setKey('networks', [optimism])
    expect(await profile()).to.deep.equal({})
    // Chain A, configured as mainnet, has the stand-in resolver.
    await installStandInResolver()
    $chain.setKey('networks', [onMainnet(networkA), optimism])
    expect(await profile()).to.deep.equal({ name: 'alice.eth' })
    // A test network never shows a name.
    const testnet = await adapter.getProfile?.({
      address: ANVIL_ADDRESSES[0],
      network: { ...optimism, testnet: true },
    })
    expect(testnet).to.deep.equal({})
    $chain.setKey('networks', [])
  })

  it('answers {} when the lookup fails or the address is invalid', async () => {
    const adapter = evmAdapter()
    // Chain B has no resolver code: the call reverts.
    const failed = await adapter.getProfile?.({
      address: ANVIL_ADDRESSES[0],
      network: onMainnet(networkB),
    })
    expect(failed).to.deep.equal({})
    const invalid = await adapter.getProfile?.({ address: 'alice', network: onMainnet(networkA) })
    expect(invalid).to.deep.equal({})
  })
})

describe('asset discovery through the kit (spec §7: embedded EVM wallets only)', () => {
  after(() => {
    unregisterAdapter('eip155')
    resetStores()
  })

  it('an external wallet that reports assetDiscovery is not asked: balances go to the server', async () => {
    const { adapter, rdns, wallet } = await setup({ accounts: [0] })
    createModalClient({
      projectId: 'p-assets',
      networks: [networkA],
      adapters: [adapter],
      // The WTR server answers 404 to the balance API: the server path runs and fails.
      apiUrl: location.origin,
    })
    await connectKit({ connectorId: rdns })
    const asked = () =>
      wallet.requests
        .map((r) => r.method)
        .filter((m) => m === 'wallet_getCapabilities' || m === 'wallet_getAssets')
    await fetchBalances({ force: true })
    expect($balances.get().key).to.equal(
      `${networkA.caipNetworkId}:${ANVIL_ADDRESSES[0]}`.toLowerCase(),
    )
    expect($balances.get().error).to.equal(true)
    expect(asked()).to.deep.equal([])
    // The wallet would have answered: it discovers assets on the chain.
    const capabilities = (await wallet.request({
      method: 'wallet_getCapabilities',
      params: [ANVIL_ADDRESSES[0], ['0x7a69']],
    })) as Record<string, { assetDiscovery?: { supported: boolean } }>
    expect(capabilities['0x7a69']?.assetDiscovery).to.deep.equal({ supported: true })
  })
})
