// The Safe smart account (`smartAccountMode: 'safe'`) signs in with SIWX: counterfactual
// (ERC-6492) and deployed (ERC-1271), verified by the server's SIWX verification
// (@openmodal/siwx's verifySiwxMessage, viem's universal validator) on anvil, after its first
// userOperation through the Alto bundler deployed it.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  createSiwxMessageData,
  formatSiwxMessage,
  SiwxError,
  verifySiwxMessage,
} from '@openmodal/siwx'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import {
  type AnvilInstance,
  type Bundler,
  deployErc4337,
  deploySafe4337,
  fundAccount,
  startAnvil,
  startBundler,
} from '@openmodal/testing/node'
import { type Address, createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { SmartAccountChain } from './smart-account.js'

/** ERC-6492's magic suffix: the signature carries the account's deployment. */
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'

describe('the Safe smart account signs in with SIWX', { timeout: 180_000 }, () => {
  let anvil: AnvilInstance
  let bundler: Bundler
  let chain: SmartAccountChain

  before(async () => {
    anvil = await startAnvil()
    await deployErc4337(anvil.rpcUrl)
    await deploySafe4337(anvil.rpcUrl)
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl })
    chain = { chainId: anvil.chainId, rpcUrl: anvil.rpcUrl, bundlerUrl: bundler.url, mode: 'safe' }
  })
  after(async () => {
    await bundler?.stop()
    await anvil?.stop()
  })

  const message = (address: Address) =>
    formatSiwxMessage(
      createSiwxMessageData({
        accountAddress: address,
        chainId: `eip155:${anvil.chainId}`,
        domain: 'app.example.com',
        uri: 'https://app.example.com',
        statement: 'Sign in to Example',
        nonce: 'a1b2c3d4e5f6g7h8i',
        issuedAt: new Date(),
        expiresInMs: 60 * 60_000,
      }),
    )
  /** What the server's /v1/auth/authenticate runs on the message and signature. */
  const verify = (text: string, signature: Hex) =>
    verifySiwxMessage({
      message: text,
      signature,
      domain: 'app.example.com',
      scheme: 'https',
      nonce: 'a1b2c3d4e5f6g7h8i',
      chains: [`eip155:${anvil.chainId}`],
      getClient: () => createPublicClient({ transport: http(anvil.rpcUrl) }),
    })

  it('counterfactual: an ERC-6492 signature verifies; deployed by its first userOperation: ERC-1271', async () => {
    const { smartAccountOf, sendUserOperation, userOperationStatus, signAsSmartAccount } =
      await import('./smart-account.js')
    const key = generatePrivateKey()
    const owner = privateKeyToAccount(key).address
    const account = await smartAccountOf(owner, chain)
    assert.equal(account.deployed, false)
    assert.notEqual(account.address.toLowerCase(), owner.toLowerCase())

    const first = message(account.address)
    const wrapped = await signAsSmartAccount(key, chain, { message: first })
    assert.ok(wrapped.endsWith(ERC6492_SUFFIX), 'a counterfactual signature is ERC-6492-wrapped')
    const data = await verify(first, wrapped)
    assert.equal(data.accountAddress, account.address)
    // Verifying deployed nothing: still counterfactual.
    assert.equal((await smartAccountOf(owner, chain)).deployed, false)

    // Another key's signature for this account is refused, wrapped or not.
    const stranger = await signAsSmartAccount(generatePrivateKey(), chain, { message: first })
    await assert.rejects(
      verify(first, stranger),
      (error) => error instanceof SiwxError && error.reason === 'invalid-signature',
    )

    // The first userOperation deploys it (it pays its own gas here) and lands a batch.
    await fundAccount(anvil.rpcUrl, account.address, { value: parseEther('1') })
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    const [alice, bob] = [ANVIL_ADDRESSES[6] as Address, ANVIL_ADDRESSES[7] as Address]
    const before = [
      await reader.getBalance({ address: alice }),
      await reader.getBalance({ address: bob }),
    ]
    const hash = await sendUserOperation(key, chain, [
      { to: alice, value: 1n },
      { to: bob, value: 2n },
    ])
    let status = await userOperationStatus(chain, hash)
    for (let i = 0; i < 200 && status.status === 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await userOperationStatus(chain, hash)
    }
    assert.equal(status.status, 200)
    assert.equal((await smartAccountOf(owner, chain)).deployed, true)
    assert.deepEqual(
      [await reader.getBalance({ address: alice }), await reader.getBalance({ address: bob })],
      [(before[0] ?? 0n) + 1n, (before[1] ?? 0n) + 2n],
    )

    const second = message(account.address)
    const signature = await signAsSmartAccount(key, chain, { message: second })
    assert.ok(!signature.endsWith(ERC6492_SUFFIX), 'a deployed account signs plain ERC-1271')
    assert.equal((await verify(second, signature)).accountAddress, account.address)
    // The owner's own EOA signature is not the account's.
    const eoa = await privateKeyToAccount(key).signMessage({ message: second })
    await assert.rejects(
      verify(second, eoa),
      (error) => error instanceof SiwxError && error.reason === 'invalid-signature',
    )
  })

  it('the frame signs for it after the approval; a chain without Safe 4337 gives none', async () => {
    const { smartAccountOf } = await import('./smart-account.js')
    const { handleRpc } = await import('./rpc.js')
    const key = generatePrivateKey()
    const owner = privateKeyToAccount(key).address
    const { address } = await smartAccountOf(owner, chain)
    const page = {
      session: {
        commitment: { eip155: owner, solana: '1' },
        prepareSigning: async () => undefined,
      },
      dappOrigin: 'https://app.example.com',
      chainId: () => anvil.chainId,
      setChainId: () => undefined,
      setVisible: () => undefined,
      rpcUrl: () => anvil.rpcUrl,
      solanaRpcUrl: () => undefined,
      smartAccount: () => ({ ...chain, address }),
    } as unknown as Parameters<typeof handleRpc>[0]
    assert.deepEqual(await handleRpc(page, { method: 'eth_accounts' }), [address])
    // Not refused up front as a Simple account's would be: it goes on to the approval dialog
    // (which needs a browser: here its load fails instead).
    for (const [method, params] of [
      ['personal_sign', ['0x5369676e20696e', address]],
      ['eth_signTypedData_v4', [address, '{}']],
    ] as const) {
      const error = (await handleRpc(page, { method, params }).catch((e: unknown) => e)) as Error
      assert.doesNotMatch(String(error?.message), /cannot sign messages/, method)
    }
    const simple = {
      ...page,
      smartAccount: () => ({ ...chain, mode: 'erc4337' as const, address }),
    }
    const refused = (await handleRpc(simple, {
      method: 'personal_sign',
      params: ['0x5369676e20696e', address],
    }).catch((e: unknown) => e)) as { code: number; message: string }
    assert.match(refused.message, /cannot sign messages/)

    // No Safe4337Module on the chain: no Safe to give (the switch falls back to the EOA).
    const module = '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226'
    const reader = createPublicClient({ transport: http(anvil.rpcUrl) })
    const code = await reader.getCode({ address: module })
    const setCode = (value: string) =>
      reader.request({ method: 'anvil_setCode', params: [module, value] } as never)
    await setCode('0x')
    try {
      await assert.rejects(smartAccountOf(owner, chain), /No Safe4337Module/)
    } finally {
      await setCode(code ?? '0x')
    }
  })
})
