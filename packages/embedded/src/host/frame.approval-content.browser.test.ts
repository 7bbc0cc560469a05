// What the frame's approval shows, through the real secure site on another origin: decoded
// first (network, to, value, ERC-20 calls, typed data), whole, and refused when too large to
// show; keyboard focus moves into it and Escape rejects.
import { expect } from '@open-wc/testing'
import { $balances, $snack, createModalClient } from '@openmodal/core/internal'
import { evmAdapter } from '@openmodal/evm'
import { base58 } from '@scure/base'
import { executeServerCommand, sendKeys } from '@web/test-runner-commands'
import { encodeFunctionData, erc20Abi, getAddress, maxUint256 } from 'viem'
import { embeddedWallet } from '../connector/embedded-wallet-entry.js'
import type { LoadedEmbeddedWallet } from '../connector/load.js'
import { anvilNetwork, bundlerUp } from '../test/bundler.js'
import { typeCode } from '../test/login.js'
import { createSecureFrame, type SecureFrame } from './frame.js'
import { createEmbeddedProvider } from './provider.js'

const { origin: secureOrigin, rpcUrl } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as { origin: string; rpcUrl: string }
const EMAIL = `shown-${crypto.randomUUID().slice(0, 8)}@example.com`
const TO = '0x000000000000000000000000000000000000bEEF'
const TOKEN = '0x00000000000000000000000000000000000c0ffe'
/** SimpleAccountFactory v0.7 at its canonical address, and its counterfactual address read. */
const FACTORY = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
/** Simple7702Account v0.8 at its canonical address: what an EOA delegates to in 7702 mode. */
const SIMPLE_7702_ACCOUNT = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
const FACTORY_ABI = [
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ type: 'address' }],
  },
] as const
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const dialogText = async () => String(await executeServerCommand('frame-text'))

describe('approval content in the secure frame', () => {
  let frame: SecureFrame
  let provider: ReturnType<typeof createEmbeddedProvider>
  let address: `0x${string}`
  const shown: boolean[] = []

  before(async () => {
    frame = createSecureFrame({ secureOrigin, projectId: 'p-ok', chainId: 31337, version: '0.1.0' })
    provider = createEmbeddedProvider(frame)
    frame.onVisibility((visible) => shown.push(visible))
    await frame.request('CONNECT_EMAIL', { email: EMAIL })
    const mail = (await (
      await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(EMAIL)}`)
    ).json()) as { otp: string }
    await typeCode(frame, mail.otp)
    address = (await frame.request('GET_USER', {})).address as `0x${string}`
  })

  after(() => frame.destroy())

  /** Rejects the open approval with the Reject button and checks the 4001. */
  async function reject(pending: Promise<unknown>) {
    await executeServerCommand('frame-click', { name: 'Reject' })
    expect(((await pending.catch((error) => error)) as { code?: number }).code).to.equal(4001)
  }

  it('shows network, to and value before 10 kB of data, takes the focus and rejects on Escape', async () => {
    const data = `0xa9059cbb${'ab'.repeat(10_000)}`
    const sending = provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: TO, value: '0x2386f26fc10000', data }],
    })
    const text = await dialogText()
    const order = ['Anvil (local) (chain 31337)', `To${TO}`, 'Value0.01 ETH', data]
    const at = order.map((part) => text.indexOf(part))
    expect(
      at.every((index) => index >= 0),
      text.slice(0, 400),
    ).to.equal(true)
    expect([...at].sort((a, b) => a - b)).to.deep.equal(at) // in this order, data whole and last
    expect(text).to.contain('10004 bytes, function selector 0xa9059cbb, not decoded')
    await sleep(100)
    expect(document.activeElement).to.equal(frame.iframe) // focus moved into the approval
    await sendKeys({ press: 'Escape' })
    expect(((await sending.catch((error) => error)) as { code?: number }).code).to.equal(4001)
  })

  it('decodes an ERC-20 transfer and flags an unlimited approval', async () => {
    const transfer = provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: TOKEN,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TO, 42n] }),
        },
      ],
    })
    const sent = await dialogText()
    expect(sent).to.contain('Send tokens')
    expect(sent).to.contain(`Token${TOKEN} (symbol unknown)`)
    expect(sent).to.contain(`Recipient${TO}`)
    expect(sent).to.contain("Amount42 (raw units: the token's decimals are unknown)")
    await reject(transfer)

    const approval = provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: TOKEN,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [TO, maxUint256],
          }),
        },
      ],
    })
    const allowed = await dialogText()
    expect(allowed).to.contain('Allow token spending')
    expect(allowed).to.contain(`Unlimited approval: ${TO} may take all of this token`)
    expect(allowed).to.contain('AllowanceUnlimited')
    await reject(approval)
  })

  it("reads a token's symbol and decimals from the chain", async () => {
    // A contract answering decimals() = 6 and symbol() = "USDC", nothing else (hand-assembled).
    const code = `0x${[
      '60003560e01c', // the selector: calldataload(0) >> 224
      '8063313ce5671460' + '1d' + '57', // decimals() -> jump to 0x1d
      '6395d89b411460' + '28' + '57', // symbol() -> jump to 0x28
      '600080fd', // anything else reverts
      '5b' + '6006600052' + '60206000f3', // 0x1d: return uint8 6
      '5b' + '6020600052' + '6004602052', // 0x28: offset 0x20, length 4,
      `7f${'55534443'.padEnd(64, '0')}604052`, // "USDC"
      '60606000f3', // return 96 bytes
    ].join('')}`
    const token = '0x0000000000000000000000000000000000005dc0'
    await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setCode',
        params: [token, code],
      }),
    })
    const transfer = provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [TO, 12_500_000n],
          }),
        },
      ],
    })
    const text = await dialogText()
    expect(text).to.contain(`TokenUSDC (${token})`)
    expect(text).to.contain('Amount12.5 USDC')
    await reject(transfer)
  })

  it('shows typed data as a domain / primary type / message tree', async () => {
    const typed = {
      domain: { name: 'OpenModal', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'Hello typed' },
    }
    const signing = provider.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typed)],
    })
    const text = await dialogText()
    expect(text).to.contain('name: OpenModal')
    expect(text).to.contain('Primary typeMail')
    expect(text).to.contain('contents: Hello typed')
    expect(text).not.to.contain('\\"') // not an escaped JSON string
    await reject(signing)
  })

  it('refuses, without showing anything, a payload too large to show and a Solana transaction as a message', async () => {
    const before = shown.length
    const large = (await provider
      .request({
        method: 'eth_sendTransaction',
        params: [{ from: address, to: TO, data: `0x${'00'.repeat(200_000)}` }],
      })
      .catch((error) => error)) as { code?: number; message?: string }
    expect(large.code).to.equal(-32602)
    expect(large.message).to.match(
      /^Request too large to show: the transaction data is 200000 bytes/,
    )

    // A legacy transfer message: 1 signer, [payer, receiver, System Program], 12 bytes of data.
    const data = new Uint8Array(12)
    new DataView(data.buffer).setUint32(0, 2, true)
    new DataView(data.buffer).setBigUint64(4, 1_000_000_000n, true)
    const message = Uint8Array.from([
      ...[1, 0, 1, 3],
      ...new Uint8Array(32).fill(1),
      ...new Uint8Array(32).fill(2),
      ...new Uint8Array(32),
      ...new Uint8Array(32).fill(9),
      ...[1, 2, 2, 0, 1, 12],
      ...data,
    ])
    const refused = (await frame
      .request('RPC_REQUEST', {
        method: 'solana_signMessage',
        params: [{ message: base58.encode(message) }],
      })
      .catch((error) => error)) as { code?: number; message?: string }
    expect(refused.message).to.match(/^Refused: the message is a Solana transaction/)
    expect(shown.length).to.equal(before) // no dialog was shown
  })
})

describe('a batch through the smart account (EIP-5792 wallet_sendCalls)', () => {
  const rpc = async (method: string, params: unknown[]) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await response.json()) as { result: unknown }).result
  }
  const balance = async (address: string) =>
    BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string).toString()

  it("the modal's token balances come from the frame's wallet_getAssets (no server)", async () => {
    const entry = embeddedWallet({ secureOrigin })
    // No apiUrl: no server to ask, so every balance shown is the wallet's own answer.
    const modal = createModalClient({
      projectId: 'p-ok',
      networks: [anvilNetwork(rpcUrl)],
      adapters: [evmAdapter()],
      embeddedWallet: entry,
    })
    const wallet = (await entry.load()) as LoadedEmbeddedWallet
    const stop = $balances.listen(() => {})
    try {
      const email = `assets-${crypto.randomUUID().slice(0, 8)}@example.com`
      expect(await wallet.connectEmail(email)).to.equal('VERIFY_OTP')
      const entered = wallet.connectOtp()
      const mail = (await (
        await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
      ).json()) as { otp: string }
      await executeServerCommand('frame-fill', { label: 'Code', value: mail.otp })
      await entered
      const { address } = await wallet.getUser()
      await rpc('anvil_setBalance', [address, '0x14d1120d7b160000']) // 1.5 ETH
      await modal.connect(entry.id)
      for (let tries = 0; $balances.get().balances.length === 0 && tries < 400; tries++) {
        await sleep(25)
      }
      expect($balances.get().error).to.equal(false)
      expect($balances.get().key?.toLowerCase()).to.equal(`eip155:31337:${address.toLowerCase()}`)
      expect($balances.get().balances).to.deep.equal([
        {
          name: 'Ether',
          symbol: 'ETH',
          chainId: 'eip155:31337',
          value: null,
          price: null,
          quantity: { decimals: '18', numeric: '1.5' },
          iconUrl: null,
        },
      ])
    } finally {
      stop()
      await modal.disconnect().catch(() => {})
      wallet.destroy()
    }
  })

  it("ProfileWallets' getAccounts and setPreferredAccount give the frame's accounts", async () => {
    await bundlerUp()
    const entry = embeddedWallet({ secureOrigin })
    createModalClient({
      projectId: 'p-smart',
      networks: [anvilNetwork(rpcUrl)],
      defaultAccountTypes: { eip155: 'eoa' },
      embeddedWallet: entry,
    })
    const wallet = (await entry.load()) as LoadedEmbeddedWallet
    try {
      const email = `accounts-${crypto.randomUUID().slice(0, 8)}@example.com`
      expect(await wallet.connectEmail(email)).to.equal('VERIFY_OTP')
      const entered = wallet.connectOtp()
      const mail = (await (
        await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
      ).json()) as { otp: string }
      await executeServerCommand('frame-fill', { label: 'Code', value: mail.otp })
      await entered
      const eoa = (await wallet.getUser()).address
      // The smart account is the factory's counterfactual address for the EOA (salt 0).
      const smart = getAddress(
        `0x${(
          (await rpc('eth_call', [
            {
              to: FACTORY,
              data: encodeFunctionData({
                abi: FACTORY_ABI,
                functionName: 'getAddress',
                args: [eoa as `0x${string}`, 0n],
              }),
            },
            'latest',
          ])) as string
        ).slice(-40)}`,
      )
      await rpc('anvil_setBalance', [eoa, '0x1bc16d674ec80000']) // 2 ETH
      await rpc('anvil_setBalance', [smart, '0x6f05b59d3b20000']) // 0.5 ETH

      // defaultAccountTypes eip155 'eoa': the login keeps the EOA.
      expect(await wallet.getAccounts()).to.deep.equal({
        preferred: 'eoa',
        eoa: { address: eoa, balance: await balance(eoa) },
        smartAccount: { address: smart, deployed: false, balance: '500000000000000000' },
      })
      const announced: string[][] = []
      const onAccounts = (accounts: string[]) => announced.push(accounts)
      wallet.provider.on('accountsChanged', onAccounts)

      expect(await wallet.setPreferredAccount('smartAccount')).to.deep.equal({
        type: 'smartAccount',
        address: smart,
      })
      expect(announced).to.deep.equal([[smart]])
      expect(await wallet.provider.request({ method: 'eth_accounts' })).to.deep.equal([smart])
      expect((await wallet.getAccounts()).preferred).to.equal('smartAccount')

      expect(await wallet.setPreferredAccount('eoa')).to.deep.equal({ type: 'eoa', address: eoa })
      expect(announced.at(-1)).to.deep.equal([eoa])
      expect(await wallet.provider.request({ method: 'eth_accounts' })).to.deep.equal([eoa])

      // No account factory on the chain: the frame cannot give the smart account, so the
      // switch falls back to the EOA with spec §8's words (the factory's code is put back).
      const factoryCode = (await rpc('eth_getCode', [FACTORY, 'latest'])) as string
      await rpc('anvil_setCode', [FACTORY, '0x'])
      try {
        expect(await wallet.setPreferredAccount('smartAccount')).to.deep.equal({
          type: 'eoa',
          address: eoa,
        })
      } finally {
        await rpc('anvil_setCode', [FACTORY, factoryCode])
      }
      expect($snack.get()).to.include({
        message: 'This application might not support Smart Accounts',
        variant: 'error',
      })
      expect(announced.at(-1)).to.deep.equal([eoa])
      expect(await wallet.provider.request({ method: 'eth_accounts' })).to.deep.equal([eoa])
      expect((await wallet.getAccounts()).preferred).to.equal('eoa')
      wallet.provider.removeListener('accountsChanged', onAccounts)
    } finally {
      wallet.destroy()
    }
  })

  it('shows every call decoded in one approval; approved, it lands as one userOperation', async () => {
    await bundlerUp()
    const frame = createSecureFrame({
      secureOrigin,
      projectId: 'p-smart',
      chainId: 31337,
      version: '0.1.0',
    })
    try {
      const provider = createEmbeddedProvider(frame)
      const email = `batch-${crypto.randomUUID().slice(0, 8)}@example.com`
      await frame.request('CONNECT_EMAIL', { email })
      const mail = (await (
        await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
      ).json()) as { otp: string }
      await typeCode(frame, mail.otp)
      expect(await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).to.deep.equal({
        smartAccountEnabledNetworks: [31337],
      })
      const { address } = await frame.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
      expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([address])
      expect((await frame.request('GET_USER', {})).smartAccountDeployed).to.equal(false)
      // Gas and the value it sends: the counterfactual account's balance.
      await rpc('anvil_setBalance', [address, '0xde0b6b3a7640000'])
      const to = `0x${crypto.randomUUID().replaceAll('-', '').padEnd(40, '0')}` as const
      const before = BigInt((await rpc('eth_getBalance', [to, 'latest'])) as string)

      const sending = provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: address,
            atomicRequired: true,
            calls: [
              { to, value: '0x2386f26fc10000' },
              {
                to: TOKEN,
                data: encodeFunctionData({
                  abi: erc20Abi,
                  functionName: 'transfer',
                  args: [TO, 42n],
                }),
              },
            ],
          },
        ],
      })
      const text = await dialogText()
      const order = [
        '2 calls, sent together: all land or none does.',
        'Call 1 of 2',
        `To${to}`,
        'Value0.01 ETH',
        'Call 2 of 2',
        `Token${TOKEN} (symbol unknown)`,
        `Recipient${TO}`,
        'Amount42',
      ]
      const at = order.map((part) => text.indexOf(part))
      expect(
        at.every((index) => index >= 0),
        text.slice(0, 600),
      ).to.equal(true)
      expect([...at].sort((a, b) => a - b)).to.deep.equal(at)
      await executeServerCommand('frame-click', { name: 'Approve' })
      const { id } = (await sending) as { id: string }

      // Included: wait for the bundler's receipt (a state, not a fixed time).
      let status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
        status: number
        atomic: boolean
        receipts?: { status: string }[]
      }
      for (let tries = 0; status.status === 100 && tries < 600; tries++) {
        await sleep(50)
        status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
          status: number
          atomic: boolean
          receipts?: { status: string }[]
        }
      }
      expect(status.status).to.equal(200)
      expect(status.atomic).to.equal(true)
      expect(status.receipts?.[0]?.status).to.equal('0x1')
      expect(BigInt((await rpc('eth_getBalance', [to, 'latest'])) as string) - before).to.equal(
        10_000_000_000_000_000n,
      )
      // The first userOperation deployed the account (INIT_SMART_ACCOUNT reads it afresh).
      await frame.request('INIT_SMART_ACCOUNT', {})
      expect((await frame.request('GET_USER', {})).smartAccountDeployed).to.equal(true)

      // ERC-7811: the wallet says it discovers assets and reports the account's balance as
      // the chain has it after the batch.
      const capabilities = (await provider.request({
        method: 'wallet_getCapabilities',
        params: [address],
      })) as Record<string, { assetDiscovery?: { supported: boolean } }>
      expect(capabilities['0x7a69']?.assetDiscovery).to.deep.equal({ supported: true })
      const assets = (await provider.request({
        method: 'wallet_getAssets',
        params: [{ account: address, chainFilter: ['0x7a69'] }],
      })) as Record<string, { address: string; balance: string; type: string }[]>
      expect(assets['0x7a69']?.[0]).to.include({ address: 'native', type: 'native' })
      expect(BigInt(assets['0x7a69']?.[0]?.balance ?? '0x0').toString()).to.equal(
        await balance(address),
      )
    } finally {
      frame.destroy()
    }
  })

  it('EIP-7702 mode: the address stays the EOA, a batch delegates it and lands atomically', async () => {
    const { token } = await bundlerUp()
    const frame = createSecureFrame({
      secureOrigin,
      projectId: 'p-7702',
      chainId: 31337,
      version: '0.1.0',
    })
    const tokenBalance = async (owner: string) =>
      BigInt(
        (await rpc('eth_call', [
          {
            to: token,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner as `0x${string}`],
            }),
          },
          'latest',
        ])) as string,
      )
    const transfer = (to: `0x${string}`, amount: bigint) => ({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    })
    type Status = { status: number; atomic: boolean; receipts?: { status: string }[] }
    try {
      const provider = createEmbeddedProvider(frame)
      const email = `delegated-${crypto.randomUUID().slice(0, 8)}@example.com`
      await frame.request('CONNECT_EMAIL', { email })
      const mail = (await (
        await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(email)}`)
      ).json()) as { otp: string }
      await typeCode(frame, mail.otp)
      const eoa = (await frame.request('GET_USER', {})).address
      expect(await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).to.deep.equal({
        smartAccountEnabledNetworks: [31337],
      })
      // The switch keeps the EOA's address: the smart account is the EOA, not yet delegated.
      expect(await frame.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).to.deep.equal({
        type: 'smartAccount',
        address: eoa,
      })
      expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([eoa])
      const user = await frame.request('GET_USER', {})
      expect(user.preferredAccountType).to.equal('smartAccount')
      expect(user.smartAccountDeployed).to.equal(false)
      expect(
        user.accounts?.filter((a) => a.namespace === 'eip155').map((a) => [a.type, a.address]),
      ).to.deep.equal([
        ['eoa', eoa],
        ['smartAccount', eoa],
      ])
      expect(await rpc('eth_getCode', [eoa, 'latest'])).to.equal('0x')
      // The userOperations' gas and 10 of the test token.
      await rpc('anvil_setBalance', [eoa, '0xde0b6b3a7640000'])
      await executeServerCommand('mint-token', { to: eoa, amount: '10' })
      const [first, second] = [TO, `0x${'7702'.repeat(10)}`] as const
      const before = [await tokenBalance(first), await tokenBalance(second)]
      const send = (amounts: [bigint, bigint]) =>
        provider.request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              chainId: '0x7a69',
              from: eoa,
              atomicRequired: true,
              calls: [transfer(first, amounts[0]), transfer(second, amounts[1])],
            },
          ],
        }) as Promise<{ id: string }>

      // One transfer is more than the balance: neither lands, and nothing is delegated.
      const failing = send([1n, 20n])
      expect(await dialogText()).to.include('2 calls, sent together: all land or none does.')
      await executeServerCommand('frame-click', { name: 'Approve' })
      const refused = (await failing.catch((error) => error)) as { message?: string }
      expect(refused.message).to.match(/The smart account's bundler failed/)
      expect([await tokenBalance(first), await tokenBalance(second)]).to.deep.equal(before)
      expect(await rpc('eth_getCode', [eoa, 'latest'])).to.equal('0x')

      // Both within the balance: one userOperation delegates the EOA and lands both.
      const sending = send([3n, 4n])
      const text = await dialogText()
      const order = ['Call 1 of 2', `Recipient${first}`, 'Call 2 of 2', `Recipient${second}`]
      const at = order.map((part) => text.indexOf(part))
      expect(
        at.every((index) => index >= 0),
        text.slice(0, 600),
      ).to.equal(true)
      expect([...at].sort((a, b) => a - b)).to.deep.equal(at)
      await executeServerCommand('frame-click', { name: 'Approve' })
      const { id } = await sending
      let status = (await provider.request({
        method: 'wallet_getCallsStatus',
        params: [id],
      })) as Status
      for (let tries = 0; status.status === 100 && tries < 600; tries++) {
        await sleep(50)
        status = (await provider.request({
          method: 'wallet_getCallsStatus',
          params: [id],
        })) as Status
      }
      expect(status.status).to.equal(200)
      expect(status.atomic).to.equal(true)
      expect(status.receipts?.[0]?.status).to.equal('0x1')
      expect([
        await tokenBalance(eoa),
        (await tokenBalance(first)) - (before[0] ?? 0n),
        (await tokenBalance(second)) - (before[1] ?? 0n),
      ]).to.deep.equal([3n, 3n, 4n])
      // The EOA's code is the EIP-7702 delegation designator to Simple7702Account.
      expect(await rpc('eth_getCode', [eoa, 'latest'])).to.equal(
        `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
      )
      await frame.request('INIT_SMART_ACCOUNT', {})
      expect((await frame.request('GET_USER', {})).smartAccountDeployed).to.equal(true)
      expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([eoa])
    } finally {
      frame.destroy()
    }
  })
})
