// EVM sign-in verification on a real anvil chain: an EOA, a deployed ERC-1271 contract wallet
// and an undeployed ERC-6492 counterfactual wallet, all through verifySiwxMessage.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import {
  type AnvilInstance,
  createCounterfactualWallet,
  deploySafe,
  deployTestSmartWallet,
  startAnvil,
  startSafeStandIn,
} from '@openmodal/testing/node'
import { createPublicClient, type Hex, hashMessage, http, type PublicClient, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { SiwxError } from '../errors.js'
import { createSiwxMessageData, formatSiwxMessage } from '../message/siwx.js'
import { verifySiwxMessage } from './verify.js'

let anvil: AnvilInstance
let client: PublicClient

before(async () => {
  anvil = await startAnvil()
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
})
after(() => anvil?.stop())

const messageFor = (accountAddress: string) =>
  formatSiwxMessage(
    createSiwxMessageData({
      accountAddress,
      chainId: 'eip155:31337',
      domain: 'app.example.com',
      uri: 'https://app.example.com/',
      statement: 'Sign in to Example',
      expiresInMs: 60_000,
    }),
  )

const verify = (message: string, signature: string) =>
  verifySiwxMessage({ message, signature, domain: 'app.example.com', getClient: () => client })

const refusedSignature = (error: unknown) =>
  error instanceof SiwxError && error.reason === 'invalid-signature' && error.field === 'signature'

describe('verifySiwxMessage on anvil', () => {
  test('an EOA signature verifies; another key refuses', async () => {
    const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[2])
    const message = messageFor(account.address)
    const data = await verify(message, await account.signMessage({ message }))
    assert.equal(data.accountAddress, account.address)
    const other = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
    await assert.rejects(verify(message, await other.signMessage({ message })), refusedSignature)
  })

  test('a deployed ERC-1271 contract wallet verifies by eth_call; a non-owner refuses', async () => {
    const wallet = await deployTestSmartWallet(anvil.rpcUrl)
    const message = messageFor(wallet.address)
    const data = await verify(message, await wallet.signHash(hashMessage(message)))
    assert.equal(data.accountAddress, wallet.address)
    const intruder = privateKeyToAccount(ANVIL_PRIVATE_KEYS[4])
    await assert.rejects(
      verify(message, await intruder.sign({ hash: hashMessage(message) })),
      refusedSignature,
    )
    // Without a client only EOA recovery is possible: the contract's signature does not verify.
    await assert.rejects(
      verifySiwxMessage({ message, signature: await wallet.signHash(hashMessage(message)) }),
      refusedSignature,
    )
  })

  test('an undeployed ERC-6492 wallet verifies and stays undeployed', async () => {
    const wallet = await createCounterfactualWallet(anvil.rpcUrl, { salt: `0x${'ab'.repeat(32)}` })
    assert.equal(await client.getCode({ address: wallet.address }), undefined)
    const message = messageFor(wallet.address)
    const signature = await wallet.signHash(hashMessage(message))
    assert.ok(signature.endsWith('6492'.repeat(16)), 'the signature carries the ERC-6492 suffix')
    const data = await verify(message, signature)
    assert.equal(data.accountAddress, wallet.address)
    assert.equal(await client.getCode({ address: wallet.address }), undefined)
    // A wrapped signature of another owner refuses.
    const stranger = await createCounterfactualWallet(anvil.rpcUrl, {
      salt: `0x${'ab'.repeat(32)}`,
      ownerKey: ANVIL_PRIVATE_KEYS[5],
    })
    await assert.rejects(
      verify(message, await stranger.signHash(hashMessage(message))),
      refusedSignature,
    )
    // Once deployed, the plain ERC-1271 signature verifies too.
    await wallet.deployWallet()
    assert.ok(await client.getCode({ address: wallet.address }))
    await verify(message, await wallet.signHash(hashMessage(message)))
  })

  test('a Safe 1.4.1 signs off chain or on chain (SignMessageLib, signature 0x): both verify', async () => {
    const safe = await deploySafe(anvil.rpcUrl)
    const message = messageFor(safe.address)
    /** The Safe apps SDK's signMessage, answered by the Safe stand-in in `mode`. */
    const signThroughSafe = async (mode: 'off-chain' | 'on-chain', text: string) => {
      const standIn = await startSafeStandIn({ rpcUrl: anvil.rpcUrl, safe, messageSigning: mode })
      try {
        const response = await fetch(`${standIn.origin}/__safe/call`, {
          method: 'POST',
          body: JSON.stringify({ method: 'signMessage', params: { message: toHex(text) } }),
        })
        return ((await response.json()) as { data: { signature?: Hex; safeTxHash?: Hex } }).data
      } finally {
        await standIn.stop()
      }
    }
    const offChain = await signThroughSafe('off-chain', message)
    assert.ok(offChain.signature && offChain.signature.length > 2)
    assert.equal((await verify(message, offChain.signature)).accountAddress, safe.address)

    // Not yet approved on chain: the empty signature refuses.
    await assert.rejects(verify(message, '0x'), refusedSignature)
    const onChain = await signThroughSafe('on-chain', message)
    assert.match(String(onChain.safeTxHash), /^0x[0-9a-f]{64}$/)
    assert.equal((await verify(message, '0x')).accountAddress, safe.address)
    // Another message the Safe never approved, and an EOA, refuse the empty signature.
    const other = messageFor(safe.address).replace('Sign in to Example', 'Sign in elsewhere')
    await assert.rejects(verify(other, '0x'), refusedSignature)
    const eoa = privateKeyToAccount(ANVIL_PRIVATE_KEYS[6]).address
    await assert.rejects(verify(messageFor(eoa), '0x'), refusedSignature)
    // Without a client there is no way to ask the Safe: refused.
    await assert.rejects(verifySiwxMessage({ message, signature: '0x' }), refusedSignature)
  })

  test('a precompile answering with the calldata (identity, 0x…04) does not sign with 0x', async () => {
    // The identity precompile echoes isValidSignature's calldata, whose first 4 bytes are the
    // magic value: an answer checked on its first 4 bytes alone would accept it.
    for (const address of [
      '0x0000000000000000000000000000000000000004',
      '0x0000000000000000000000000000000000000100',
    ]) {
      await assert.rejects(verify(messageFor(address), '0x'), refusedSignature, address)
    }
  })

  test('a contract answering more than the 32-byte magic word does not sign with 0x', async () => {
    // Runtime code that returns the magic value followed by 31 non-zero bytes and a second word.
    const answer = `1626ba7e${'11'.repeat(28)}${'00'.repeat(32)}`
    const address = '0x00000000000000000000000000000000000c0de1'
    const store = answer
      .match(/.{64}/g)
      ?.map((word, index) => `7f${word}60${(index * 32).toString(16).padStart(2, '0')}52`)
      .join('')
    await client.request({
      method: 'anvil_setCode' as never,
      params: [address, `0x${store}60${(answer.length / 2).toString(16)}6000f3`] as never,
    })
    assert.ok(await client.getCode({ address }))
    await assert.rejects(verify(messageFor(address), '0x'), refusedSignature)
  })
})
